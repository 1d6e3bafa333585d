//go:build !unix

package heap

import "errors"

// Spill files need mmap; elsewhere a run that would spill stops with an
// error before it starts.

func (s *spillFile) mapSize() error {
	return errors.New("values beyond the memory budget go to a memory-mapped file, which needs a Unix system")
}

func (s *spillFile) close() error {
	if s == nil || s.f == nil {
		return nil
	}
	return s.f.Close()
}
