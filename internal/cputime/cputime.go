package cputime

import "time"

// Process is the process's CPU time so far, user and system.
func Process() time.Duration {
	u, s := UserSys()
	return u + s
}
