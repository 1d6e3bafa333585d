//go:build !unix

package cputime

import "time"

// UserSys is zero where the system has no getrusage.
func UserSys() (user, sys time.Duration) { return 0, 0 }
