//go:build !linux

package c4search

func vmstat() map[string]int64 { return nil }

// thpNote: huge pages are Linux's (see thp_linux_test.go).
func thpNote(t *table, before map[string]int64) string { return "" }
