package db

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// sparseRecords are n records of the given width, each non-empty with
// probability p.
func sparseRecords(r *rand.Rand, n int64, width int, p float64) Records {
	recs := NewRecords(n, width)
	for i := range n {
		if r.Float64() < p {
			recs.Set(i, uint16(1+r.IntN(250*width)))
		}
	}
	return recs
}

// TestSparseBlocks: tiers of every density round-trip through a tier
// file; each block's sparse form is its bitmap and its non-empty records,
// whose total is what Manifest.RawBytes computes from the counts alone.
func TestSparseBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, width := range []int{1, 2} {
		per := int64(BlockBytes / width)
		for _, n := range []int64{0, 1, 63, 64, 65, per - 1, per, per + 1, 3*per + 77} {
			for _, p := range []float64{0, 0.01, 0.3, 1} {
				recs := sparseRecords(r, n, width, p)
				var f bytes.Buffer
				info, err := EncodeTier(&f, "g", Ranking{}, 1, "one", recs)
				if err != nil {
					t.Fatal(err)
				}
				back, _, err := DecodeTier(bytes.NewReader(f.Bytes()), int64(f.Len()), "f", "g", Ranking{}, 1, "one", n)
				if err != nil || !bytes.Equal(back.Data, recs.Data) {
					t.Fatalf("width %d, %d records, density %g: %v", width, n, p, err)
				}
				var raw int64
				for b := int64(0); b*per < n; b++ {
					blk := recs.Data[b*per*int64(width) : min((b+1)*per, n)*int64(width)]
					sp := sparseBlock(nil, blk, width)
					nonEmpty := CountRecords(Records{Width: width, Data: blk}).Positions()
					if int64(len(sp)) != int64(bitmapBytes(len(blk)/width))+nonEmpty*int64(width) {
						t.Fatalf("block %d: sparse form of %d bytes", b, len(sp))
					}
					raw += int64(len(sp))
				}
				m := Manifest{Format: FormatVersion}
				if got := m.RawBytes(info); got != raw {
					t.Fatalf("width %d, %d records, density %g: RawBytes %d, the blocks hold %d", width, n, p, got, raw)
				}
			}
		}
	}
}

// TestSparseBlockDamage: a block whose sparse form does not hold
// together is an error, never records.
func TestSparseBlockDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	recs := sparseRecords(r, 1000, 1, 0.3)
	good := sparseBlock(nil, recs.Data, 1)
	for _, c := range []struct {
		name string
		sp   []byte
		want string
	}{
		{"a record too many", append(bytes.Clone(good), 9), "its bitmap marks"},
		{"a record too few", good[:len(good)-1], "its bitmap marks"},
		{"shorter than its bitmap", good[:10], "less than its bitmap"},
		{"a bit past the block", func() []byte { b := bytes.Clone(good); b[bitmapBytes(1000)-1] |= 0x80; return append(b, 7) }(), "past the block"},
		{"an empty record marked", func() []byte {
			b := bytes.Clone(good)
			b[len(b)-1] = 0
			return b
		}(), "empty record"},
	} {
		comp := zenc().EncodeAll(c.sp, nil)
		// In format 3 the checksum is the sparse form's, so these
		// blocks pass it: their structure is what fails.
		for _, v := range []uint32{2, 3} {
			sum := crc(c.sp)
			if v == 2 {
				sum = crc(recs.Data)
			}
			if _, err := decodeBlock(v, comp, 1, 1000, sum, nil); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("format %d, %s: %v; want %q", v, c.name, err, c.want)
			}
		}
	}
	comp, sum := encodeBlock(recs.Data, 1, nil)
	if sum != crc(good) {
		t.Fatal("format 3's checksum is not the sparse form's")
	}
	if out, err := decodeBlock(FormatVersion, comp, 1, 1000, sum, nil); err != nil || !bytes.Equal(out, recs.Data) {
		t.Fatalf("the good block: %v", err)
	}
	if _, err := decodeBlock(FormatVersion, comp, 1, 1000, sum^1, nil); err != errChecksum {
		t.Fatalf("a wrong checksum: %v", err)
	}
	if out, err := decodeBlock(2, zenc().EncodeAll(good, nil), 1, 1000, crc(recs.Data), nil); err != nil || !bytes.Equal(out, recs.Data) {
		t.Fatalf("the good block read as format 2: %v", err)
	}
}

// TestSparseGet: a record read from a block's sparse form by counting
// the bitmap's bits (a lookup's way) is the record of the expanded
// block, at every rank of blocks of every width, length and density.
func TestSparseGet(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, width := range []int{1, 2} {
		for _, k := range []int{1, 63, 64, 65, 1000, BlockBytes / width} {
			for _, p := range []float64{0, 0.05, 0.5, 1} {
				recs := sparseRecords(r, int64(k), width, p)
				comp, sum := encodeBlock(recs.Data, width, nil)
				sp, err := decodeSparse(FormatVersion, comp, width, k*width, sum, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i := range k {
					if c, err := sparseGet(sp, width, k, i); err != nil || c != recs.Get(int64(i)) {
						t.Fatalf("width %d, %d ranks, density %g, rank %d: %d, %v; want %d", width, k, p, i, c, err, recs.Get(int64(i)))
					}
				}
			}
		}
	}
}

// TestCountTier: a ranking whose ranks stand for 1, 2 or 3 positions in
// runs counts each record that many times, as a plain loop over the
// ranks does, from any first rank (mid-run too); without a ranking, one
// a record.
func TestCountTier(t *testing.T) {
	// Runs of 7 ranks standing for 1, 2, 3 positions a rank in turn.
	orbit := func(_ uint64, r int64) (int64, int64) { return r/7%3 + 1, (r/7 + 1) * 7 }
	rk := Ranking{Version: 3, Orbit: orbit}
	r := rand.New(rand.NewPCG(9, 10))
	for _, width := range []int{1, 2} {
		recs := sparseRecords(r, 1000, width, 0.6)
		for _, first := range []int64{0, 3, 49, 700} {
			part := Records{Width: width, Data: recs.Data[first*int64(width):]}
			var want Count
			var records int64
			for i := range part.Len() {
				c := part.Get(i)
				if c == Empty {
					continue
				}
				records++
				k, _ := orbit(0, first+i)
				want.addN(c, k)
			}
			want.Records = records
			got := CountTier(rk, 0, first, part)
			if got.Records != want.Records || !equalCounts(got, want) {
				t.Fatalf("width %d from %d: %+v, want %+v", width, first, got, want)
			}
		}
		if got, want := CountTier(Ranking{}, 0, 0, recs), CountRecords(recs); !equalCounts(got, want) || got.Records != 0 {
			t.Fatalf("no ranking: %+v, want %+v", got, want)
		}
	}
	if RankingVersion(0) != 1 || RankingVersion(2) != 2 {
		t.Fatal("RankingVersion")
	}
}

func equalCounts(a, b Count) bool {
	trim := func(x []int64) []int64 {
		for len(x) > 0 && x[len(x)-1] == 0 {
			x = x[:len(x)-1]
		}
		return x
	}
	return a.Draw == b.Draw && a.EndlessWin == b.EndlessWin && a.EndlessLose == b.EndlessLose &&
		slices.Equal(trim(a.Win), trim(b.Win)) && slices.Equal(trim(a.Lose), trim(b.Lose))
}
