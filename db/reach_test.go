package db

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestReachFiles saves and loads reachability bitmaps: the same words
// back; a file of another size or game, truncated or with a byte flipped
// anywhere is not taken (and is removed); Finish removes them all.
func TestReachFiles(t *testing.T) {
	dir := t.TempDir()
	b, err := Create(dir, "g")
	if err != nil {
		t.Fatal(err)
	}
	words := []uint64{1, 0xdeadbeef, 0, 1 << 63, 42}
	size := int64(64*4 + 3)
	if err := b.SaveReach(7, size, words); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveReach(7, size+64, words); err == nil {
		t.Fatal("a bitmap of the wrong length was saved")
	}
	got := make([]uint64, len(words))
	if ok, err := b.LoadReach(7, size, got); !ok || err != nil || !slices.Equal(got, words) {
		t.Fatalf("load: %v %v %v", got, ok, err)
	}
	if ok, err := b.LoadReach(8, size, got); ok || err != nil {
		t.Fatalf("a missing file loads: %v %v", ok, err)
	}
	path := filepath.Join(dir, ReachFileName(7))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other, err := Create(t.TempDir(), "h")
	if err != nil {
		t.Fatal(err)
	}
	for i := range len(data) + 2 {
		bad := slices.Clone(data)
		switch {
		case i < len(data):
			bad[i] ^= 0x04
		case i == len(data):
			bad = bad[:len(bad)-1]
		default:
			// a good file, asked for as another game's
		}
		dst := path
		loader := b
		if i > len(data) {
			loader, dst = other, filepath.Join(other.dir, ReachFileName(7))
		}
		if err := os.WriteFile(dst, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if ok, err := loader.LoadReach(7, size, got); ok || err != nil {
			t.Fatalf("change %d: loaded (%v, %v)", i, ok, err)
		}
		if _, err := os.Stat(dst); err == nil {
			t.Fatalf("change %d: the damaged file is left", i)
		}
	}
	if err := b.SaveReach(7, size, words); err != nil {
		t.Fatal(err)
	}
	if err := b.Finish(0, 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("Finish left a reachability file")
	}
}
