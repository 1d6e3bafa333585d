package db

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestRangeCoder: random decisions with random fixed probabilities and
// with adapting ones decode to themselves, and the coded length is
// within a few bytes of the decisions' information content for fixed
// probabilities (the coder loses little).
func TestRangeCoder(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for trial := range 200 {
		n := r.IntN(5000)
		bitsIn := make([]int, n)
		ctxs := make([]int, n)
		var p0 [8]float64
		for c := range p0 {
			p0[c] = r.Float64()
		}
		for i := range bitsIn {
			ctxs[i] = r.IntN(8)
			if r.Float64() >= p0[ctxs[i]] {
				bitsIn[i] = 1
			}
		}
		var pe, pd [8]prob
		for c := range pe {
			pe[c], pd[c] = probInit, probInit
		}
		e := newRCEncoder(nil)
		for i, b := range bitsIn {
			e.bit(&pe[ctxs[i]], b)
		}
		coded := e.finish(0)
		d := newRCDecoder(coded)
		for i, b := range bitsIn {
			if got := d.bit(&pd[ctxs[i]]); got != b {
				t.Fatalf("trial %d: decision %d of %d decodes to %d, want %d", trial, i, n, got, b)
			}
		}
		if err := d.check(); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
	}
	// All zeros with a probability near 1: a few bytes for thousands.
	e := newRCEncoder(nil)
	var p prob = probInit
	for range 10000 {
		e.bit(&p, 0)
	}
	if n := len(e.finish(0)); n > 40 {
		t.Errorf("10000 certain decisions took %d bytes", n)
	}
}

// cmRecords are a block's records in shapes the context model must
// handle: few codes, more codes than cmUnary, codes of two bytes up to
// 0xffff, runs of empty ranks, a period.
func cmRecords(r *rand.Rand, k, width, shape int) []byte {
	raw := make([]byte, k*width)
	set := func(i int, c uint16) {
		raw[i*width] = byte(c)
		if width == 2 {
			raw[i*width+1] = byte(c >> 8)
		}
	}
	alpha := 1 + r.IntN(60)
	for i := range k {
		switch shape {
		case 0: // skewed, mostly empty
			if r.IntN(8) == 0 {
				set(i, uint16(1+min(int(r.ExpFloat64()*3), alpha)))
			}
		case 1: // uniform over many codes
			if r.IntN(3) > 0 {
				c := uint16(1 + r.IntN(255))
				if width == 2 {
					c = uint16(1 + r.IntN(0xffff))
				}
				set(i, c)
			}
		case 2: // runs
			if (i/(1+r.IntN(70)))%2 == 0 {
				set(i, uint16(4+r.IntN(3)))
			}
		case 3: // a period
			if i%70 < 10 {
				set(i, uint16(1+(i/70)%alpha))
			}
		case 4: // every code once, then repeats
			set(i, uint16(1+i%251))
		}
	}
	return raw
}

// TestCMBlockRoundTrip: blocks of each width, length and shape decode
// to their sparse form, byte for byte; the coding depends on the
// records alone.
func TestCMBlockRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	for _, width := range []int{1, 2} {
		for _, k := range []int{1, 2, 63, 64, 65, 1000, BlockBytes / width} {
			for shape := range 5 {
				raw := cmRecords(r, k, width, shape)
				comp := encodeCMBlock(nil, raw, width)
				if again := encodeCMBlock([]byte{9}, raw, width); !bytes.Equal(again[1:], comp) {
					t.Fatalf("width %d, %d ranks, shape %d: two encodings differ", width, k, shape)
				}
				want := sparseBlock(nil, raw, width)
				got, err := decodeCMBlock(comp, k, width, make([]byte, 0, len(raw)+bitmapBytes(k)))
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("width %d, %d ranks, shape %d: %v", width, k, shape, err)
				}
			}
		}
	}
}

// TestBlock6: format 6's blocks take the shorter of the two codings,
// both occur, and each decodes to its records; a format-5 reader
// refuses a block coded by the model.
func TestBlock6(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	var kinds [2]int
	for _, width := range []int{1, 2} {
		for _, k := range []int{100, BlockBytes / width} {
			for shape := range 5 {
				raw := cmRecords(r, k, width, shape)
				comp, sum := encodeBlockV(6, raw, width, nil)
				c5, sum5 := encodeBlockV(5, raw, width, nil)
				cm := encodeCMBlock(nil, raw, width)
				if sum != sum5 || len(comp) != min(len(c5), 1+len(cm)) {
					t.Fatalf("width %d, %d ranks, shape %d: %d bytes, format 5 %d, model %d", width, k, shape, len(comp), len(c5), 1+len(cm))
				}
				isCM := comp[0] == cmCoded
				if isCM {
					kinds[1]++
					if _, err := decodeBlock(5, comp, width, k*width, sum, nil); err == nil {
						t.Errorf("width %d, %d ranks, shape %d: a format-5 reader took a block of the model", width, k, shape)
					}
				} else {
					kinds[0]++
				}
				out, err := decodeBlock(6, comp, width, k*width, sum, nil)
				if err != nil || !bytes.Equal(out, raw) {
					t.Fatalf("width %d, %d ranks, shape %d: %v", width, k, shape, err)
				}
			}
		}
	}
	if kinds[0] == 0 || kinds[1] == 0 {
		t.Errorf("blocks by streams and by the model: %v; want both", kinds)
	}
}

// TestCMBlockDamage: a block coded by the model, cut short, lengthened
// or with any byte changed, is an error (by its structure or its
// checksum), never other records.
func TestCMBlockDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 38))
	for _, width := range []int{1, 2} {
		for shape := range 5 {
			k := 700
			raw := cmRecords(r, k, width, shape)
			comp := append([]byte{cmCoded}, encodeCMBlock(nil, raw, width)...)
			sum := crc(sparseBlock(nil, raw, width))
			try := func(what string, b []byte) {
				t.Helper()
				if out, err := decodeBlock(6, b, width, k*width, sum, nil); err == nil && !bytes.Equal(out, raw) {
					t.Errorf("width %d, shape %d, %s: other records and no error", width, shape, what)
				}
			}
			for n := range len(comp) {
				try("cut short", comp[:n])
			}
			try("a byte more", append(bytes.Clone(comp), 0))
			try("a byte 0 more", append(bytes.Clone(comp), 0, 0, 0, 0, 0))
			for i := range comp {
				for _, x := range []byte{1, 0x80, 0xff} {
					b := bytes.Clone(comp)
					b[i] ^= x
					try("a byte changed", b)
				}
			}
		}
	}
}

// FuzzCMBlock: any bytes read as a block of the model, of either width,
// decode to a sparse form that holds together or are an error; never a
// panic or a hang. The seeds are blocks of each shape.
func FuzzCMBlock(f *testing.F) {
	r := rand.New(rand.NewPCG(39, 40))
	for _, width := range []int{1, 2} {
		for shape := range 5 {
			f.Add(encodeCMBlock(nil, cmRecords(r, 300, width, shape), width), width == 2)
		}
	}
	f.Fuzz(func(t *testing.T, comp []byte, wide bool) {
		width := 1
		if wide {
			width = 2
		}
		sp, err := decodeCMBlock(comp, 300, width, make([]byte, 0, 300*width+bitmapBytes(300)))
		if err != nil {
			return
		}
		if err := checkSparse(sp, width, 300*width); err != nil {
			t.Fatalf("decoded to a block that does not hold together: %v", err)
		}
		if _, err := expandBlock(sp, width, 300*width, nil); err != nil {
			t.Fatalf("decoded to a block with an empty record: %v", err)
		}
	})
}
