package db

import (
	"math/rand/v2"
	"testing"
)

// TestFreeBlock: blocks of random records of both widths, with random
// free places of both kinds, coded by encodeFreeBlock decode (as a
// lookup decodes format 7) to records that keep every kept record and
// hold a record wherever one is freed but present, and whose checksum
// is the index's; a block with nothing free is format 5's block, byte
// for byte.
func TestFreeBlock(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for trial := range 300 {
		width := 1 + trial%2
		k := 1 + r.IntN(3000)
		raw := make([]byte, k*width)
		mask := make([]byte, k)
		codes := []uint16{Empty, Draw, codeLostIn0, codeWonIn1, codeLostIn2, 9, 11, 300}
		none := trial%5 == 4 // nothing free: no free code, every rank asked
		if none {
			codes = []uint16{Empty, Draw, 9, 11, 300}
		}
		for i := range k {
			c := codes[r.IntN(len(codes))]
			if width == 1 && c > 255 {
				c = 13
			}
			if r.IntN(4) == 0 { // runs, as tiers have
				c = Records{width, raw}.Get(int64(max(i-1, 0)))
			}
			Records{width, raw}.Set(int64(i), c)
		}
		asked := func(_ uint64, x int64) bool { return x%3 != 0 }
		if none {
			asked = nil
		}
		mask = freeMask(raw, width, 0, 0, asked, trial%3 == 0 && !none, mask)
		comp, sum := encodeFreeBlock(raw, width, mask, nil)
		sp, err := decodeSparse(FreeFormat, comp, width, len(raw), sum, nil)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		got, err := expandBlock(sp, width, len(raw), nil)
		if err != nil {
			t.Fatal(err)
		}
		if i := freeAgrees(raw, got, width, mask); i >= 0 {
			t.Fatalf("trial %d (width %d, played %v): rank %d: %d, want %d (mask %d)", trial, width, trial%3 == 0, i, Records{width, got}.Get(int64(i)), Records{width, raw}.Get(int64(i)), mask[i])
		}
		if f5, _ := encodeBlockV(5, raw, width, nil); none && (countFree(mask) != 0 || string(comp) != string(f5)) {
			t.Fatalf("trial %d: nothing free (%d free), %d bytes against format 5's %d", trial, countFree(mask), len(comp), len(f5))
		}
	}
	// freeAgrees finds a changed kept record and a freed record lost.
	raw, got := []byte{1, 7, 0}, []byte{1, 0, 5}
	if i := freeAgrees(raw, got, 1, []byte{kept, anyRec, anyAll}); i != 1 {
		t.Errorf("a freed record lost: %d", i)
	}
	if i := freeAgrees(raw, []byte{9, 7, 5}, 1, []byte{kept, anyRec, anyAll}); i != 0 {
		t.Errorf("a kept record changed: %d", i)
	}
}

func countFree(mask []byte) int {
	n := 0
	for _, m := range mask {
		if m != kept {
			n++
		}
	}
	return n
}

// TestCommonestKept: the commonest kept record (the least code of the
// commonest on a tie, Empty when none is kept), by the one-byte path and
// the two-byte path, against a plain count, on random blocks.
func TestCommonestKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	for trial := range 500 {
		k := 1 + rng.IntN(300)
		codes := 1 + rng.IntN(6)
		raw1 := make([]byte, k)
		raw2 := make([]byte, 2*k)
		mask := make([]byte, k)
		for i := range k {
			c := uint16(rng.IntN(codes))
			raw1[i] = byte(c)
			Records{2, raw2}.Set(int64(i), c+300*uint16(trial%2)*min(c, 1))
			mask[i] = byte(rng.IntN(3))
		}
		want := func(raw []byte, width int) uint16 {
			n := map[uint16]int{}
			for i := range k {
				if c := (Records{width, raw}).Get(int64(i)); c != Empty && mask[i] == kept {
					n[c]++
				}
			}
			best := uint16(Empty)
			for c, m := range n {
				if m > n[best] || m == n[best] && c < best {
					best = c
				}
			}
			return best
		}
		if got, w := commonestKept(raw1, 1, mask), want(raw1, 1); got != w {
			t.Fatalf("trial %d, one byte: %d, want %d", trial, got, w)
		}
		if got, w := commonestKept(raw2, 2, mask), want(raw2, 2); got != w {
			t.Fatalf("trial %d, two bytes: %d, want %d", trial, got, w)
		}
	}
}
