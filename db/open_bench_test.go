//go:build linux && (amd64 || arm64)

package db_test

import (
	"testing"

	"github.com/grundy-go/grundy/db"
)

// BenchmarkOpen: opening a database whose files are in the page cache
// (reading and checking its manifest), the CPU part of a cold lookup.
func BenchmarkOpen(b *testing.B) {
	dir := benchDB(b)
	for b.Loop() {
		d, err := db.Open(dir, "")
		if err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
}
