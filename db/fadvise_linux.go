//go:build linux && (amd64 || arm64)

package db

import (
	"os"
	"syscall"
)

// adviseRandom tells the kernel that f is read at random places, so that
// it reads no pages ahead of a read (posix_fadvise POSIX_FADV_RANDOM).
func adviseRandom(f *os.File) {
	const random = 1 // POSIX_FADV_RANDOM
	syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, random, 0, 0)
}
