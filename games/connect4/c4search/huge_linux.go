package c4search

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks the kernel to back the table with transparent huge
// pages (2 MiB) where it allows them (THP "madvise" mode): every node
// looks up a random bucket, and with 4 KiB pages nearly every lookup also
// misses the TLB. The advice is only a hint; a refusal changes nothing.
func adviseHuge(w []uint64) {
	if len(w) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*8)
	// The region must start on a page: skip to the first 2 MiB boundary
	// (the few pages before it stay small).
	const huge = 2 << 20
	off := (huge - int(uintptr(unsafe.Pointer(&b[0]))%huge)) % huge
	if off >= len(b) {
		return
	}
	_ = syscall.Madvise(b[off:], syscall.MADV_HUGEPAGE)
}
