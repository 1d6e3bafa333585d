//go:build !linux

package server

import "time"

// Outside Linux no thread's CPU clock is read: the fast lane counts
// wall-clock time there.

func threadID() int                                { return 0 }
func threadCPU(tid int) (d time.Duration, ok bool) { return 0, false }
