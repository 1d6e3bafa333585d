//go:build !(linux && (amd64 || arm64))

package db

import "os"

// adviseRandom does nothing where posix_fadvise is not called.
func adviseRandom(*os.File) {}
