package db

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// codeStreamEvery is format 5's first coder, the reference of
// codeStream: every stream coded every way (raw, a run, huff0, zstd
// frames with raw and with Huffman-coded literals), the shortest kept.
func codeStreamEvery(b []byte) (coding byte, coded []byte) {
	return codeStreamBy(b, func([]byte, int) (bool, bool) { return true, true })
}

// encodeEvery is a block's format-5 form with every stream coded every
// way, the bitmap as it is and as its runs (the reference).
func encodeEvery(raw []byte, width int) []byte {
	sp := sparseBlock(nil, raw, width)
	return encodeStreams(nil, sp, len(raw)/width, width, codeStreamEvery, false)
}

// repeatedRecords are n records of width bytes that repeat a phrase of
// random codes and empty ranks, a tenth of them changed (Connect-4's
// records have repeats that zstd's matches find), p the share of
// non-empty ranks in the phrase.
func repeatedRecords(r *rand.Rand, n int64, width int, p float64) Records {
	phrase := make([]uint16, 8+r.IntN(120))
	for i := range phrase {
		if r.Float64() < p {
			phrase[i] = uint16(1 + r.IntN(60*width))
		}
	}
	recs := NewRecords(n, width)
	for i := range n {
		c := phrase[int(i)%len(phrase)]
		if r.IntN(10) == 0 {
			c = uint16(1 + r.IntN(60*width))
		}
		if c != Empty {
			recs.Set(i, c)
		}
	}
	return recs
}

// TestChosenCodingsNearShortest: blocks of every shape, density and
// width, and blocks of repeats, coded by the codings their statistics choose take at most 1%
// more bytes in all than coded every way, none more than half as much
// again (the bound past which chooseZstd runs no zstd frame), and they
// decode to their records.
func TestChosenCodingsNearShortest(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	var chosen, every int
	for _, width := range []int{1, 2} {
		per := BlockBytes / width
		for _, k := range []int{1, 64, 1000, per} {
			for shape := range 5 {
				for _, p := range []float64{0.02, 0.3, 0.97} {
					var recs Records
					if shape < 4 {
						recs = modelRecords(r, int64(k), width, shape, p)
					} else {
						recs = repeatedRecords(r, int64(k), width, p)
					}
					comp, sum := encodeBlock(recs.Data, width, nil)
					ref := encodeEvery(recs.Data, width)
					chosen += len(comp)
					every += len(ref)
					if 2*len(comp) > 3*len(ref)+32 {
						t.Errorf("width %d, %d ranks, shape %d, density %g: %d bytes, %d coded every way", width, k, shape, p, len(comp), len(ref))
					}
					out, err := decodeBlock(FormatVersion, comp, width, k*width, sum, nil)
					if err != nil || !bytes.Equal(out, recs.Data) {
						t.Fatalf("width %d, %d ranks, shape %d, density %g: %v", width, k, shape, p, err)
					}
				}
			}
		}
	}
	t.Logf("%d bytes chosen, %d coded every way", chosen, every)
	if 100*chosen > 101*every {
		t.Errorf("%d bytes chosen against %d coded every way: more than 1%% more", chosen, every)
	}
}
