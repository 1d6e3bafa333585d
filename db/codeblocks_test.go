package db

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestCodeBlocksSerial: codeBlocks hands put every block in order, each
// coded as encodeBlockV codes it alone (the serial output), on 1, 2, 3
// and 8 cores (windows of 4 to 32 blocks, fewer and more than the
// blocks); an error of src or put stops it with that error, put having
// seen exactly the blocks before it.
func TestCodeBlocksSerial(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	r := rand.New(rand.NewPCG(51, 52))
	for _, width := range []int{1, 2} {
		recs := modelRecords(r, int64(21*BlockBytes/width+77), width, 1, 0.4)
		br := BlockBytes / width
		blocks := int64((recs.Len() + int64(br) - 1) / int64(br))
		raw := func(b int64) []byte {
			return recs.Data[b*BlockBytes : min((b+1)*BlockBytes, int64(len(recs.Data)))]
		}
		var want [][]byte
		var sums []uint32
		for b := range blocks {
			c, s := encodeBlock(raw(b), width, nil)
			want, sums = append(want, c), append(sums, s)
		}
		for _, procs := range []int{1, 2, 3, 8} {
			runtime.GOMAXPROCS(procs)
			for _, n := range []int64{0, 1, 3, blocks} {
				var got int64
				err := codeBlocks(n, WriteFormat, width, func(b int64, buf []byte) ([]byte, error) {
					// src's buffer, as repack uses it: the block's
					// records copied into the space it gave.
					return append(buf[:0], raw(b)...), nil
				}, nil, func(b int64, comp []byte, sum uint32) error {
					if b != got || !bytes.Equal(comp, want[b]) || sum != sums[b] {
						t.Fatalf("width %d, %d cores, %d blocks: block %d (want %d) differs from its serial coding", width, procs, n, b, got)
					}
					got++
					return nil
				})
				if err != nil || got != n {
					t.Fatalf("width %d, %d cores: %d of %d blocks put, %v", width, procs, got, n, err)
				}
			}
			stop := errors.New("stop")
			for _, at := range []int64{0, 5, blocks - 1} {
				var got int64
				err := codeBlocks(blocks, WriteFormat, width, func(b int64, _ []byte) ([]byte, error) {
					if b == at {
						return nil, stop
					}
					return raw(b), nil
				}, nil, func(b int64, _ []byte, _ uint32) error { got++; return nil })
				if !errors.Is(err, stop) || got > at {
					t.Fatalf("%d cores, src failing at block %d: %d put, %v", procs, at, got, err)
				}
				got = 0
				err = codeBlocks(blocks, WriteFormat, width, func(b int64, _ []byte) ([]byte, error) { return raw(b), nil }, nil,
					func(b int64, _ []byte, _ uint32) error {
						if got++; b == at {
							return stop
						}
						return nil
					})
				if !errors.Is(err, stop) || got != at+1 {
					t.Fatalf("%d cores, put failing at block %d: %d put, %v", procs, at, got, err)
				}
			}
		}
	}
}

// TestFilesAnyCores: a tier file and a part file written on 1 core and
// on several are the same bytes.
func TestFilesAnyCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	r := rand.New(rand.NewPCG(53, 54))
	recs := modelRecords(r, int64(40*BlockBytes+999), 1, 3, 0.6)
	size := recs.Len()
	var tier0, part0 []byte
	for _, procs := range []int{1, 2, 5} {
		runtime.GOMAXPROCS(procs)
		var tier, part bytes.Buffer
		if _, err := EncodeTier(&tier, "g", Ranking{}, 3, "T", recs); err != nil {
			t.Fatal(err)
		}
		first := int64(3*BlockBytes + 17)
		if _, err := WritePart(&part, "g", Ranking{}, 3, size, first, Records{Width: 1, Data: recs.Data[first:]}); err != nil {
			t.Fatal(err)
		}
		if tier0 == nil {
			tier0, part0 = tier.Bytes(), part.Bytes()
			continue
		}
		if !bytes.Equal(tier.Bytes(), tier0) || !bytes.Equal(part.Bytes(), part0) {
			t.Errorf("%d cores: the tier file or the part file differs from one core's", procs)
		}
	}
}
