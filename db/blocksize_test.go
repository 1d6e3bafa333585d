//go:build linux && (amd64 || arm64)

package db_test

import (
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/klauspost/compress/zstd"
)

// BenchmarkBlockSize measures, on a database's records ($GRUNDY_BENCH_DB,
// else connect4:5x4) of either record width, what blocks of other sizes
// would take on disk and how long one takes to decode, in the sparse
// form tier files use and with 2-byte records split into a plane of low
// bytes and one of high bytes (issue 34: where a warm lookup of Dobutsu
// shogi's 2-byte records goes). Blocks are sampled evenly (at most 4096
// of each layout), so B/record (bytes a record, with 16 bytes of index a
// block) is the sample's ratio; ns/op is the decoding of one sampled
// block, most of a warm lookup (cpu-ns/op its CPU time). Nothing is
// written.
//
//	GRUNDY_BENCH_DB=DIR go test ./db -run XXX -bench BlockSize -benchtime 20000x
func BenchmarkBlockSize(b *testing.B) {
	dir := benchDB(b)
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	var tiers []db.Records
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		tiers = append(tiers, recs)
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false),
		zstd.WithZeroFrames(true), zstd.WithNoEntropyCompression(true), zstd.WithEncoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	var blocks int64
	for _, recs := range tiers {
		blocks += int64(len(recs.Data)/(8<<10) + 1)
	}
	for _, size := range []int{2 << 10, 4 << 10, 8 << 10, 16 << 10} {
		for _, planes := range []bool{false, true} {
			name := fmt.Sprintf("%dK-sparse", size>>10)
			if planes {
				name += "-planes"
			}
			b.Run(name, func(b *testing.B) {
				stride := max(1, blocks*int64(8<<10)/int64(size)/4096)
				var comp, positions, n int64
				var sample [][]byte
				for _, recs := range tiers {
					if planes && recs.Width != 2 {
						b.Skip("1-byte records")
					}
					for o := int64(0); o < int64(len(recs.Data)); o += int64(size) * stride {
						raw := recs.Data[o:min(o+int64(size), int64(len(recs.Data)))]
						sp, k := sparseWide(raw, recs.Width, planes)
						c := enc.EncodeAll(sp, nil)
						comp += int64(len(c)) + 16
						positions += int64(k)
						n++
						sample = append(sample, c)
					}
				}
				dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
				if err != nil {
					b.Fatal(err)
				}
				defer dec.Close()
				var buf []byte
				b.ResetTimer()
				cpu0 := int64(cputime.Process())
				for i := range b.N {
					if buf, err = dec.DecodeAll(sample[i%len(sample)], buf[:0]); err != nil {
						b.Fatal(err)
					}
				}
				// The process's CPU time a decoding, which the machine's
				// load inflates less than ns/op.
				b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(comp)/float64(max(positions, 1)), "B/record")
				b.ReportMetric(float64(n), "blocks")
			})
		}
	}
}

// sparseWide is a block's sparse form for records of either width (the
// bitmap, then the non-empty records), with 2-byte records as two planes
// (all low bytes, then all high bytes) when planes is set; k is the
// number of records.
func sparseWide(raw []byte, width int, planes bool) ([]byte, int) {
	n := len(raw) / width
	out := make([]byte, (n+63)/64*8, (n+63)/64*8+len(raw))
	var hi []byte
	k := 0
	for i := range n {
		r := raw[i*width : (i+1)*width]
		if r[0] == 0 && (width == 1 || r[1] == 0) {
			continue
		}
		out[i>>3] |= 1 << (i & 7)
		k++
		switch {
		case width == 1:
			out = append(out, r[0])
		case planes:
			out = append(out, r[0])
			hi = append(hi, r[1])
		default:
			out = append(out, r[0], r[1])
		}
	}
	return append(out, hi...), k
}
