package c4search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// mapWords maps n words of anonymous memory outside the Go heap, starting
// on a 2 MiB boundary and advised MADV_HUGEPAGE before anything touches
// them, so that the kernel backs each 2 MiB of the table with one huge
// page when it is first written (THP "madvise" mode; with defrag
// "madvise" the fault compacts memory to find one). A Go slice gets its
// pages from the runtime, which may have touched them, and starts where
// the heap puts it: its faults took small pages, and huge pages came only
// from MADV_COLLAPSE after the table was cleared, slow and failing once
// memory is fragmented. It returns the whole mapping (for unmapWords) and
// the words, or nil, nil when the kernel refuses the mapping.
//
// The mapping is hugePage bytes longer than the table and the table
// starts at its first boundary: the pages before and after are never
// touched, so they cost address space and no memory. (Trimming them with
// munmap would leave holes that syscall.Munmap's whole-mapping unmap
// could later hit in someone else's mapping.)
func mapWords(n int) ([]byte, []uint64) {
	size := n * 8
	m, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil
	}
	off := (hugePage - int(uintptr(unsafe.Pointer(&m[0]))%hugePage)) % hugePage
	b := m[off : off+size : off+size]
	// Only a hint: without THP, the table takes small pages.
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	mapped.Add(1)
	return m, unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n)
}

// unmapWords returns a mapping of mapWords to the kernel.
func unmapWords(m []byte) {
	mapped.Add(-1)
	// The only failure is a mapping syscall.Mmap does not know, which
	// table.free and the cleanup exclude (see newTable).
	_ = syscall.Munmap(m)
}

// adviseHuge asks the kernel to back a table on the Go heap with
// transparent huge pages (2 MiB) where it allows them (THP "madvise"
// mode): every node looks up a random bucket, and with 4 KiB pages nearly
// every lookup also misses the TLB. The advice is only a hint; a refusal
// changes nothing.
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
// lookup. Where the faults took huge pages it only checks them. Older
// kernels refuse it, which changes nothing.
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
	off := (hugePage - int(uintptr(unsafe.Pointer(&b[0]))%hugePage)) % hugePage
	if off >= len(b) {
		return nil
	}
	return b[off:]
}
