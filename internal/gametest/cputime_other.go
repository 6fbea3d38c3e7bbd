//go:build !unix

package gametest

import "time"

// CPUTime returns 0: the process's CPU time is not read on this platform.
func CPUTime() time.Duration { return 0 }
