//go:build !(linux || darwin || freebsd)

package db

import "errors"

// FreeDisk is not known on this system: errors.ErrUnsupported, and
// builds skip their disk check.
func FreeDisk(dir string) (int64, error) { return 0, errors.ErrUnsupported }
