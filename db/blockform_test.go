package db

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// modelRecords are n records of the given width in one of the shapes a
// game's tier takes: uniform codes, a few skewed codes (mostly draws),
// one code only, or runs of empty ranks between runs of records.
func modelRecords(r *rand.Rand, n int64, width int, shape int, p float64) Records {
	recs := NewRecords(n, width)
	run := r.IntN(200) + 1
	for i := range n {
		var c uint16
		switch shape {
		case 0:
			c = uint16(1 + r.IntN(250*width))
		case 1:
			c = Draw
			if r.Float64() < 0.3 {
				c = uint16(4 + min(int(r.ExpFloat64()*4), 40))
			}
			if width == 2 && r.Float64() < 0.1 {
				c = uint16(4 + r.IntN(30000))
			}
		case 2:
			c = 7
		case 3:
			if (int(i)/run)%2 == 0 {
				continue
			}
			c = uint16(4 + r.IntN(8))
		}
		if r.Float64() < p {
			recs.Set(i, c)
		}
	}
	return recs
}

// TestModelBlockRoundTrip: blocks of every width, length, density and
// shape decode byte for byte to their sparse form and records, each
// stream by the coding it was given, and every coding is used by some
// stream; the encoding depends on the records alone.
func TestModelBlockRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var used [4]int
	runs := 0
	for range 4 {
		for _, width := range []int{1, 2} {
			per := BlockBytes / width
			for _, k := range []int{1, 2, 63, 64, 65, 1000, per - 1, per} {
				for shape := range 4 {
					for _, p := range []float64{0, 0.02, 0.5, 0.97, 1} {
						recs := modelRecords(r, int64(k), width, shape, p)
						comp, sum := encodeBlock(recs.Data, width, nil)
						if again, _ := encodeBlock(recs.Data, width, make([]byte, 3)); !bytes.Equal(again, comp) {
							t.Fatalf("width %d, %d ranks, shape %d, density %g: two encodings differ", width, k, shape, p)
						}
						for s := range 1 + width {
							used[comp[0]>>(2*s)&3]++
						}
						if comp[0]&bitmapAsRuns != 0 {
							runs++
						}
						sp, err := decodeSparse(FormatVersion, comp, width, k*width, sum, nil)
						if err != nil || !bytes.Equal(sp, sparseBlock(nil, recs.Data, width)) {
							t.Fatalf("width %d, %d ranks, shape %d, density %g: %v", width, k, shape, p, err)
						}
						out, err := decodeBlock(FormatVersion, comp, width, k*width, sum, nil)
						if err != nil || !bytes.Equal(out, recs.Data) {
							t.Fatalf("width %d, %d ranks, shape %d, density %g: records: %v", width, k, shape, p, err)
						}
					}
				}
			}
		}
	}
	for c, n := range used {
		if n == 0 {
			t.Errorf("coding %d never used", c)
		}
	}
	if runs == 0 {
		t.Error("no bitmap coded as runs")
	}
}

// TestBitmapRuns: bitmaps of every length and shape expand back from
// their runs, by every coding; runs that cover too few or too many
// ranks, or an empty run but the first, are an error.
func TestBitmapRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for _, k := range []int{1, 7, 8, 9, 63, 64, 65, 1000, BlockBytes} {
		for shape := range 4 {
			for _, p := range []float64{0, 0.5, 1} {
				bm := sparseBlock(nil, modelRecords(r, int64(k), 1, shape, p).Data, 1)[:bitmapBytes(k)]
				runs := bitmapRuns(bm, k)
				for c := byte(0); c < 4; c++ {
					coded := runs
					switch c {
					case codingRLE:
						if !allSame(runs) {
							continue
						}
						coded = runs[:1]
					case codingHuff, codingZstd:
						var got byte
						if got, coded = codeStream(runs); got != c {
							continue
						}
					}
					out, err := decodeRuns(c, append(binary.AppendUvarint(nil, uint64(len(runs))), coded...), k, make([]byte, 0, bitmapBytes(k)))
					if err != nil || !bytes.Equal(out, bm) {
						t.Fatalf("%d ranks, shape %d, density %g, coding %d: %v", k, shape, p, c, err)
					}
				}
			}
		}
	}
	for _, c := range []struct {
		name string
		runs []uint64
	}{{"too few", []uint64{3, 4}}, {"too many", []uint64{3, 4, 4}}, {"an empty run", []uint64{3, 0, 7}}} {
		var runs []byte
		for _, x := range c.runs {
			runs = binary.AppendUvarint(runs, x)
		}
		if _, err := decodeRuns(codingRaw, append([]byte{byte(len(runs))}, runs...), 10, make([]byte, 0, 64)); err == nil {
			t.Errorf("runs %s: no error", c.name)
		}
	}
}

// TestModelBlockCodings: each coding of a stream decodes to the stream,
// and the one codeStream picks is the shortest.
func TestModelBlockCodings(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, n := range []int{1, 2, 10, 100, 1000, 8192} {
		for _, alpha := range []int{1, 2, 3, 17, 256} {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(r.IntN(alpha) * 251 / max(1, alpha-1))
				if r.IntN(4) > 0 && alpha > 1 {
					b[i] = 1
				}
			}
			c, coded := codeStream(b)
			out, err := decodeStream(c, coded, n, make([]byte, 0, n))
			if err != nil || !bytes.Equal(out, b) {
				t.Fatalf("%d bytes of %d values, coding %d: %v", n, alpha, c, err)
			}
			if len(coded) > len(b) {
				t.Errorf("%d bytes of %d values coded in %d bytes", n, alpha, len(coded))
			}
			if _, err := decodeStream(c, coded, n+1, make([]byte, 0, n+1)); err == nil && c != codingRLE {
				t.Errorf("%d bytes of %d values, coding %d: decoded to one byte more", n, alpha, c)
			}
		}
	}
}

// TestModelBlockDamage: a format-5 block cut short, lengthened, or with
// any byte changed is an error (its checksum or its structure), never
// other records (a change in a bit that no decoder reads, such as a
// stream's padding, leaves them as they were); and blocks whose sparse form does not hold together fail by
// their structure even when their checksum is theirs.
func TestModelBlockDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for _, width := range []int{1, 2} {
		for shape := range 4 {
			k := 1000
			recs := modelRecords(r, int64(k), width, shape, 0.6)
			comp, sum := encodeBlock(recs.Data, width, nil)
			try := func(what string, b []byte) {
				t.Helper()
				// A change the decoder ignores (a padding bit) gives
				// the same records; any other is an error.
				if out, err := decodeBlock(FormatVersion, b, width, k*width, sum, nil); err == nil && !bytes.Equal(out, recs.Data) {
					t.Errorf("width %d, shape %d, %s: other records and no error", width, shape, what)
				}
			}
			for n := range len(comp) {
				try("cut short", comp[:n])
			}
			try("a byte more", append(bytes.Clone(comp), 0))
			for i := range comp {
				for _, x := range []byte{1, 0x80, 0xff} {
					b := bytes.Clone(comp)
					b[i] ^= x
					try("a byte changed", b)
				}
			}
		}
	}
	good := sparseBlock(nil, sparseRecords(r, 1000, 1, 0.3).Data, 1)
	for _, c := range []struct {
		name string
		sp   []byte
		want string
	}{
		{"a record too many", append(bytes.Clone(good), 9), "want"},
		{"a bit past the block", func() []byte { b := bytes.Clone(good); b[bitmapBytes(1000)-1] |= 0x80; return append(b, 7) }(), "past the block"},
		{"an empty record marked", func() []byte { b := bytes.Clone(good); b[len(b)-1] = 0; return b }(), "empty record"},
	} {
		comp := encodeModelBlock(nil, c.sp, 1000, 1)
		if _, err := decodeBlock(FormatVersion, comp, 1, 1000, crc(c.sp), nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.name, err, c.want)
		}
	}
}

// FuzzModelBlock: any bytes read as a format-5 block of either width
// decode to a sparse form that holds together, or are an error; never a
// panic. The seeds are blocks of each shape.
func FuzzModelBlock(f *testing.F) {
	r := rand.New(rand.NewPCG(27, 28))
	for _, width := range []int{1, 2} {
		for shape := range 4 {
			recs := modelRecords(r, 700, width, shape, 0.5)
			comp, _ := encodeBlock(recs.Data, width, nil)
			f.Add(comp, width == 2)
		}
	}
	f.Fuzz(func(t *testing.T, comp []byte, wide bool) {
		width := 1
		if wide {
			width = 2
		}
		sp, err := decodeModelBlock(comp, width, 700*width, make([]byte, 0, 700*width+bitmapBytes(700)))
		if err != nil {
			return
		}
		if err := checkSparse(sp, width, 700*width); err != nil {
			t.Fatalf("decoded to a block that does not hold together: %v", err)
		}
		if _, err := expandBlock(sp, width, 700*width, nil); err != nil && !strings.Contains(err.Error(), "empty record") {
			t.Fatal(err)
		}
	})
}

// TestLog2x256: the integer log2 that chooses codings is floor(256·log2 x)
// (against math.Log2, off by one at most where the float rounds).
func TestLog2x256(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for i := range 20000 {
		x := uint64(i + 1)
		if i >= 10000 {
			x = r.Uint64N(1<<40) + 1
		}
		want := int64(math.Floor(256 * math.Log2(float64(x))))
		if got := log2x256(x); got != want && got != want-1 {
			t.Fatalf("log2x256(%d) = %d, want %d", x, got, want)
		}
	}
	for n := range 40 {
		if got := log2x256(1 << n); got != int64(n)<<8 {
			t.Fatalf("log2x256(2^%d) = %d", n, got)
		}
	}
}

// TestBitLoopsAgainstReference: the word-at-a-time sparseBlock,
// bitRuns and bitmapRuns equal plain rank-by-rank loops on blocks of
// every length, width and shape.
func TestBitLoopsAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for iter := range 3000 {
		width := 1 + iter%2
		k := 1 + r.IntN(BlockBytes/width)
		if iter%5 == 0 {
			k = BlockBytes/width - r.IntN(3)
		}
		recs := modelRecords(r, int64(k), width, r.IntN(4), []float64{0, 0.01, 0.3, 0.9, 1}[r.IntN(5)])
		if iter%7 == 0 {
			// Long runs of records and of empty ranks.
			recs = repeatedRecords(r, int64(k), width, r.Float64())
			for i := range int64(k) {
				if (i/int64(1+iter%300))%2 == 0 {
					recs.Set(i, Empty)
				}
			}
		}
		raw := recs.Data
		var want []byte
		nb := bitmapBytes(k)
		want = append(want, make([]byte, nb)...)
		for i := range k {
			if rec := raw[i*width : (i+1)*width]; !allSame(rec) || rec[0] != 0 {
				want[i>>3] |= 1 << (i & 7)
				want = append(want, rec...)
			}
		}
		got := sparseBlock([]byte{9}, raw, width)
		if got[0] != 9 || !bytes.Equal(got[1:], want) {
			t.Fatalf("width %d, %d ranks: sparse form differs", width, k)
		}
		bm := want[:nb]
		bit := func(i int) byte { return bm[i>>3] >> (i & 7) & 1 }
		var runs []byte
		n, cur, run := 1, byte(0), 0
		for i := range k {
			if i > 0 && bit(i) != bit(i-1) {
				n++
			}
			if bit(i) != cur {
				runs = binary.AppendUvarint(runs, uint64(run))
				cur, run = cur^1, 0
			}
			run++
		}
		runs = binary.AppendUvarint(runs, uint64(run))
		if got := bitRuns(bm, k); got != n {
			t.Fatalf("width %d, %d ranks: %d runs, want %d", width, k, got, n)
		}
		if got := bitmapRuns(bm, k); !bytes.Equal(got, runs) {
			t.Fatalf("width %d, %d ranks: runs differ", width, k)
		}
	}
}
