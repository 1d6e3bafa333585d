//go:build !linux

package heap

// shed is a no-op where madvise is not used: the kernel's own page
// reclaim bounds what the mapping keeps resident.
func (s *spillFile) shed() {}
