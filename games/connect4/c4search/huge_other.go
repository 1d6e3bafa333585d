//go:build !linux

package c4search

// mapWords maps tables outside the Go heap on Linux only (see
// huge_linux.go); elsewhere every table is a Go slice.
func mapWords(n int) ([]byte, []uint64) { return nil, nil }

func unmapWords(m []byte) {}

func adviseHuge(w []uint64) {}

func collapseHuge(w []uint64) {}
