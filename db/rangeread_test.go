package db

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// Every range of a tier file, across block boundaries and at both
// widths, reads as the same slice of the records DecodeTier reads.
func TestDecodeTierRange(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, width := range []int{1, 2} {
		n := int64(3*BlockBytes/width + 123)
		recs := NewRecords(n, width)
		for i := range n {
			if r.IntN(3) > 0 {
				recs.Set(i, uint16(4+r.IntN(200*width)))
			}
		}
		var f bytes.Buffer
		if _, err := EncodeTier(&f, "g", Ranking{}, 3, "three", recs); err != nil {
			t.Fatal(err)
		}
		data := f.Bytes()
		ra := bytes.NewReader(data)
		bounds := []int64{0, 1, int64(BlockBytes / width), int64(BlockBytes/width) + 1, n - 1, n}
		for range 20 {
			bounds = append(bounds, r.Int64N(n+1))
		}
		for _, a := range bounds {
			for _, b := range bounds {
				if a > b {
					continue
				}
				got, err := DecodeTierRange(ra, int64(len(data)), "f", "g", 3, n, a, b)
				if err != nil {
					t.Fatal(err)
				}
				if got.Width != width || !bytes.Equal(got.Data, recs.Data[a*int64(width):b*int64(width)]) {
					t.Fatalf("width %d: ranks [%d, %d) differ", width, a, b)
				}
			}
		}
		if _, err := DecodeTierRange(ra, int64(len(data)), "f", "other", 3, n, 0, 1); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("another game's file: %v", err)
		}
		if _, err := DecodeTierRange(ra, int64(len(data)), "f", "g", 3, n, 0, n+1); err == nil || errors.Is(err, ErrCorrupt) {
			t.Fatalf("a range past the end: %v", err)
		}
		bad := bytes.Clone(data)
		bad[headerSize+3] ^= 0xff // in the first block
		if _, err := DecodeTierRange(bytes.NewReader(bad), int64(len(bad)), "f", "g", 3, n, 0, 5); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("a damaged block: %v", err)
		}
	}
}
