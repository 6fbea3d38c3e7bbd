//go:build unix

package gametest

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time the process has used (user and system), or 0 where unknown. A
// benchmark on a machine shared with other work reads it before and after its loop: wall time
// overstates the cost, the process's CPU time is what its cores spent.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
