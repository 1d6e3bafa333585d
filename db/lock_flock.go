//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package db

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an exclusive lock on f without waiting (flock(2)), held
// until f is closed or its process dies; busy is true when another open
// file (another build) holds it.
func tryLock(f *os.File) (busy bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}
