package db

import (
	"encoding/binary"
	"math/rand/v2"
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

// TestReachFilesRawAndLarge: a reachability file as builds wrote it
// before bitmaps were compressed (the words as they are) still loads,
// so a build stopped then resumes without its forward pass; and a bitmap
// of many frames, more than one batch of them, round-trips and shrinks.
func TestReachFilesRawAndLarge(t *testing.T) {
	dir := t.TempDir()
	b, err := Create(dir, "g")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	words := make([]uint64, 1000)
	for i := range words {
		words[i] = rng.Uint64() & rng.Uint64()
	}
	size := int64(64 * len(words))
	// The old layout: header (encoding 0), words, crc32c of the words, magic.
	h := make([]byte, headerSize)
	copy(h, reachMagic)
	binary.LittleEndian.PutUint32(h[8:], WriteFormat)
	binary.LittleEndian.PutUint64(h[16:], 3)
	binary.LittleEndian.PutUint64(h[24:], uint64(size))
	binary.LittleEndian.PutUint64(h[32:], uint64(len(words)))
	binary.LittleEndian.PutUint64(h[40:], b.hash)
	binary.LittleEndian.PutUint32(h[60:], crc(h[:60]))
	var body []byte
	for _, x := range words {
		body = binary.LittleEndian.AppendUint64(body, x)
	}
	file := append(append(h, body...), binary.LittleEndian.AppendUint32(nil, crc(body))...)
	file = append(file, reachFooter...)
	if err := os.WriteFile(filepath.Join(dir, ReachFileName(3)), file, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make([]uint64, len(words))
	if ok, err := b.LoadReach(3, size, got); !ok || err != nil || !slices.Equal(got, words) {
		t.Fatalf("a raw file: loaded %v, %v, equal %v", ok, err, slices.Equal(got, words))
	}

	// 9.5 frames of sparse runs: more frames than a batch on 2 cores.
	big := make([]uint64, 19*reachChunkWords/2)
	for i := 0; i < len(big); i += 1 + rng.IntN(40) {
		big[i] = ^uint64(0) >> rng.IntN(64)
	}
	if err := b.SaveReach(4, int64(64*len(big)), big); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, ReachFileName(4)))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() >= int64(8*len(big))/2 {
		t.Errorf("a bitmap of %d words takes %d bytes: not compressed", len(big), st.Size())
	}
	back := make([]uint64, len(big))
	if ok, err := b.LoadReach(4, int64(64*len(big)), back); !ok || err != nil || !slices.Equal(back, big) {
		t.Fatalf("a bitmap of %d words: loaded %v, %v, equal %v", len(big), ok, err, slices.Equal(back, big))
	}
}
