//go:build linux

package heap

import "syscall"

// shed drops the mapping's pages from the process (madvise MADV_DONTNEED),
// so that its resident size stays what the sweeps read between two calls,
// not the whole file: for a shared file mapping the pages stay in the page
// cache, written values included, where the kernel writes them back and
// reclaims them as memory is needed, and the next read of one is a minor
// fault (a major one, a read from the disk, if it was reclaimed).
func (s *spillFile) shed() {
	if s != nil && s.data != nil {
		_ = syscall.Madvise(s.data, syscall.MADV_DONTNEED)
	}
}
