package server

import (
	"syscall"
	"time"
	"unsafe"
)

// threadID is the kernel's id of the calling OS thread.
func threadID() int { return syscall.Gettid() }

// threadCPU reads the CPU time thread tid has used, from any thread; ok
// is false when it cannot be read.
//
// Linux names the CPU clock of thread tid (^tid << 3) | 6, a per-thread
// (4) scheduler clock (2), as pthread_getcpuclockid does (clock_gettime(2);
// the kernel's posix-cpu-timers.c).
func threadCPU(tid int) (d time.Duration, ok bool) {
	id := ^int32(tid)<<3 | 6
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, uintptr(id), uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
