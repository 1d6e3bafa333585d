//go:build !linux

package c4search

func adviseHuge(w []uint64) {}

func collapseHuge(w []uint64) {}
