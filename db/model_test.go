//go:build linux && (amd64 || arm64)

package db_test

import (
	"errors"
	"os"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/klauspost/compress/fse"
	"github.com/klauspost/compress/huff0"
	"github.com/klauspost/compress/zstd"
)

// BenchmarkRecordModels measures block forms coded by an entropy coder
// of their own (issue 35), per 8 KiB block of ranks: B/pos with 16 bytes
// of index a block.
func BenchmarkRecordModels(b *testing.B) {
	// A measurement of a built database, out of CI (its maps take
	// seconds even on connect4:5x4).
	if os.Getenv("GRUNDY_BENCH_DB") == "" {
		b.Skip("GRUNDY_BENCH_DB is not set")
	}
	tiers, positions := benchTiers(b, true)
	zent, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false), zstd.WithZeroFrames(true), zstd.WithEncoderConcurrency(1))
	var fs fse.Scratch
	var hs huff0.Scratch
	fseLen := func(in []byte) int {
		if len(in) == 0 {
			return 0
		}
		out, err := fse.Compress(in, &fs)
		switch {
		case errors.Is(err, fse.ErrUseRLE):
			return 2
		case err != nil:
			return len(in) + 1
		}
		return len(out) + 1
	}
	huffLen := func(in []byte) int {
		if len(in) == 0 {
			return 0
		}
		out, _, err := huff0.Compress1X(in, &hs)
		switch {
		case errors.Is(err, huff0.ErrUseRLE):
			return 2
		case err != nil:
			return len(in) + 1
		}
		return len(out) + 1
	}
	split := func(raw []byte) (bm, recs []byte) {
		sp := sparseForm(raw)
		n := (len(raw) + 63) / 64 * 8
		return sp[:n], sp[n:]
	}
	for _, v := range []struct {
		name string
		size func(raw []byte) int
	}{
		{"sparse-zstd-entropy", func(raw []byte) int { return len(zent.EncodeAll(sparseForm(raw), nil)) }},
		{"bitmap-zstd+recs-fse", func(raw []byte) int {
			bm, recs := split(raw)
			return len(zent.EncodeAll(bm, nil)) + fseLen(recs)
		}},
		{"bitmap-zstd+recs-huff0", func(raw []byte) int {
			bm, recs := split(raw)
			return len(zent.EncodeAll(bm, nil)) + huffLen(recs)
		}},
		{"bitmap-zstd+recs-zstd", func(raw []byte) int {
			bm, recs := split(raw)
			return len(zent.EncodeAll(bm, nil)) + len(zent.EncodeAll(recs, nil))
		}},
		{"bitmap-zstd", func(raw []byte) int {
			bm, _ := split(raw)
			return len(zent.EncodeAll(bm, nil))
		}},
		{"recs-fse", func(raw []byte) int {
			_, recs := split(raw)
			return fseLen(recs)
		}},
		{"recs-zstd", func(raw []byte) int {
			_, recs := split(raw)
			return len(zent.EncodeAll(recs, nil))
		}},
		{"ranks-fse", func(raw []byte) int { return fseLen(raw) }},
	} {
		b.Run(v.name, func(b *testing.B) {
			var total int64
			for _, recs := range tiers {
				for o := 0; o < len(recs.Data); o += db.BlockBytes {
					total += int64(v.size(recs.Data[o:min(o+db.BlockBytes, len(recs.Data))])) + 16
				}
			}
			b.ReportMetric(float64(total)/float64(positions), "B/pos")
		})
	}
}
