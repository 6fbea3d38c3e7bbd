package main

import (
	"bytes"
	"context"
	"net"
	"testing"
	"time"
)

func TestRunFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"-h"}, 0},
		{[]string{"-bogus"}, 2},
		{[]string{"-think", "0s"}, 2},
		{[]string{"-max-matches", "0"}, 2},
		{[]string{"-memory", "-addr", "256.0.0.1:1"}, 1},
		{[]string{"-data", "/dev/null/x"}, 1},
	} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), tc.args, &out, &errOut); code != tc.code {
			t.Errorf("run(%q) = %d, want %d (%s)", tc.args, code, tc.code, errOut.String())
		}
	}
}

// The listener holds at most n connections: the next waits until one closes.
func TestLimitListener(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := newClientListener(raw, 1, 10)
	defer ln.Close()
	accepted := make(chan net.Conn, 2)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	for range 2 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first := <-accepted
	select {
	case <-accepted:
		t.Fatal("a second connection was accepted while the first is open")
	case <-time.After(100 * time.Millisecond):
	}
	first.Close()
	select {
	case c := <-accepted:
		c.Close()
	case <-time.After(5 * time.Second):
		t.Fatal("the second connection was not accepted after the first closed")
	}
}
