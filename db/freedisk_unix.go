//go:build linux || darwin || freebsd

package db

import "syscall"

// FreeDisk is the bytes of dir's filesystem that an unprivileged
// process may still write (statfs: available blocks times their size).
func FreeDisk(dir string) (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}
