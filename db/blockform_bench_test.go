//go:build linux

package db

import (
	"github.com/grundy-go/grundy/internal/cputime"
	"os"
	"testing"
)

// BenchmarkBlockDecode decodes the blocks of a database
// ($GRUNDY_BENCH_DB; skipped without) in format 6's form, format 5's
// and format 4's (a zstd frame of the sparse form with raw literals), re-encoded
// from the same records, a sample of blocks spread over every tier: the
// bulk of a warm lookup's CPU, side by side in one run. B/pos is every
// block's bytes with 16 of index a block, over the database's positions.
//
//	GRUNDY_BENCH_DB=DIR db.test -test.run XXX -test.bench BlockDecode -test.benchtime 20000x -test.cpu 1
//
// Instructions a block (callgrind; format 6's, then format 5's):
//
//	GODEBUG=asyncpreemptoff=1 GRUNDY_BENCH_SAMPLE_ONLY=1 GRUNDY_BENCH_DB=DIR valgrind --tool=callgrind \
//	  --toggle-collect='github.com/grundy-go/grundy/db.decodeSparse' db.test -test.run XXX \
//	  -test.bench 'BlockDecode/format6$' -test.benchtime 1000x -test.cpu 1
func BenchmarkBlockDecode(b *testing.B) {
	d := openBenchDB(b)
	defer d.Close()
	type block struct {
		width, want int
		sum         uint32
		v6, v5, v4  []byte
	}
	rawLit := zencRawLit()
	// GRUNDY_BENCH_SAMPLE_ONLY=1 codes only the sampled blocks (B/pos
	// then counts those alone): for a run under callgrind, which counts
	// the decoding's instructions.
	sampleOnly := os.Getenv("GRUNDY_BENCH_SAMPLE_ONLY") != ""
	var sample []block
	var positions, bytes6, bytes5, bytes4 int64
	cmBlocks := 0
	n := 0
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		positions += ti.Count.Positions()
		for o := 0; o < len(recs.Data); o += BlockBytes {
			raw := recs.Data[o:min(o+BlockBytes, len(recs.Data))]
			if sampleOnly && n%11 != 0 {
				n++
				continue
			}
			v6, sum := encodeBlockV(6, raw, recs.Width, nil)
			v5, _ := encodeBlockV(5, raw, recs.Width, nil)
			v4 := rawLit.EncodeAll(sparseBlock(nil, raw, recs.Width), nil)
			bytes6 += int64(len(v6)) + entrySize
			bytes5 += int64(len(v5)) + entrySize
			bytes4 += int64(len(v4)) + entrySize
			if n%11 == 0 && len(sample) < 8192 {
				sample = append(sample, block{recs.Width, len(raw), sum, v6, v5, v4})
				if v6[0] == cmCoded {
					cmBlocks++
				}
			}
			n++
		}
	}
	// How often each coding codes each stream (bitmap, low bytes, high
	// bytes), in the sample.
	var codings [3][4]int
	for _, bl := range sample {
		for s := range 1 + bl.width {
			codings[s][bl.v5[0]>>(2*s)&3]++
		}
	}
	b.Logf("%d blocks, %d in the sample, %d of them coded by the context model in format 6; codings (raw, run, Huffman, zstd) of the bitmap %v, the low bytes %v, the high bytes %v",
		n, len(sample), cmBlocks, codings[0], codings[1], codings[2])
	for _, v := range []struct {
		name   string
		format uint32
	}{{"format6", 6}, {"format5", 5}, {"format4", 4}, {"format6", 6}, {"format5", 5}, {"format4", 4}} {
		b.Run(v.name, func(b *testing.B) {
			buf := make([]byte, 0, BlockBytes+bitmapBytes(BlockBytes))
			i := 0
			cpu0 := int64(cputime.Process())
			for b.Loop() {
				bl := sample[i%len(sample)]
				i++
				comp := [...][]byte{4: bl.v4, 5: bl.v5, 6: bl.v6}[v.format]
				if _, err := decodeSparse(v.format, comp, bl.width, bl.want, bl.sum, buf); err != nil {
					b.Fatal(err)
				}
			}
			per := [...]int64{4: bytes4, 5: bytes5, 6: bytes6}[v.format]
			b.ReportMetric(float64(per)/float64(positions), "B/pos")
			b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkBlockEncode codes a sample of a database's blocks
// ($GRUNDY_BENCH_DB; skipped without) every way (format 5's first
// coder) and by the codings chosen from the streams' statistics, side
// by side: CPU a block and B/pos over the sample's positions.
//
//	GRUNDY_BENCH_DB=DIR db.test -test.run XXX -test.bench BlockEncode -test.benchtime 2000x -test.cpu 1
//
// Instructions (callgrind; every way, then chosen):
//
//	GODEBUG=asyncpreemptoff=1 GRUNDY_BENCH_DB=DIR valgrind --tool=callgrind \
//	  --toggle-collect='github.com/grundy-go/grundy/db.BenchmarkBlockEncode.func1' db.test -test.run XXX \
//	  -test.bench 'BlockEncode/every$' -test.benchtime 500x -test.cpu 1
func BenchmarkBlockEncode(b *testing.B) {
	d := openBenchDB(b)
	defer d.Close()
	type block struct {
		raw   []byte
		width int
	}
	var sample []block
	n := 0
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		for o := 0; o < len(recs.Data); o += BlockBytes {
			if n%7 == 0 && len(sample) < 4096 {
				sample = append(sample, block{recs.Data[o:min(o+BlockBytes, len(recs.Data))], recs.Width})
			}
			n++
		}
	}
	var every, chosen int64
	for _, bl := range sample {
		every += int64(len(encodeEvery(bl.raw, bl.width)))
		c, _ := encodeBlock(bl.raw, bl.width, nil)
		chosen += int64(len(c))
	}
	b.Logf("%d blocks, %d in the sample: %d bytes coded every way, %d chosen (%+.3f%%)", n, len(sample), every, chosen, 100*float64(chosen-every)/float64(every))
	for _, v := range []string{"every", "chosen", "every", "chosen"} {
		b.Run(v, func(b *testing.B) {
			i := 0
			var buf []byte
			cpu0 := int64(cputime.Process())
			for b.Loop() {
				// Spread over the sample (a run of a few hundred
				// blocks under callgrind sees every tier).
				bl := sample[i*1009%len(sample)]
				i++
				if v == "every" {
					buf = encodeEvery(bl.raw, bl.width)
				} else {
					buf, _ = encodeBlock(bl.raw, bl.width, buf)
				}
			}
			b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// openBenchDB opens the database $GRUNDY_BENCH_DB, or skips b without.
func openBenchDB(b *testing.B) *DB {
	dir := os.Getenv("GRUNDY_BENCH_DB")
	if dir == "" {
		b.Skip("GRUNDY_BENCH_DB is not set")
	}
	d, err := Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	return d
}
