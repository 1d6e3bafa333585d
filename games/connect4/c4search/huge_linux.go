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
	if b := hugeRegion(w); b != nil {
		_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	}
}

// madvCollapse is Linux's MADV_COLLAPSE (6.1 and later; the syscall
// package predates it).
const madvCollapse = 25

// collapseHuge asks the kernel to turn the table's pages, just written,
// into huge pages now (MADV_COLLAPSE): a fault that finds no free huge
// page (fragmented memory) takes small pages and is not retried, and a
// shared machine's table then came out with none, costing a TLB miss per
// lookup. Older kernels refuse it, which changes nothing.
func collapseHuge(w []uint64) {
	if b := hugeRegion(w); b != nil {
		_ = syscall.Madvise(b, madvCollapse)
	}
}

// hugeRegion is the part of w from its first 2 MiB boundary (madvise needs
// a page-aligned start; the few pages before it stay small), or nil.
func hugeRegion(w []uint64) []byte {
	if len(w) == 0 {
		return nil
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*8)
	const huge = 2 << 20
	off := (huge - int(uintptr(unsafe.Pointer(&b[0]))%huge)) % huge
	if off >= len(b) {
		return nil
	}
	return b[off:]
}
