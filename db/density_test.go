//go:build linux && (amd64 || arm64)

package db_test

import (
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/klauspost/compress/zstd"
)

// BenchmarkDensity measures, on a database's records ($GRUNDY_BENCH_DB,
// else connect4:5x4), what other block layouts would take on disk
// (B/pos: bytes a position, with 16 bytes of index a block) and how long
// one of their blocks takes to decode (ns/op: a warm lookup is mostly
// that), against the layout tier files use (issue 35, denser
// databases). Nothing here is written: it re-encodes the records read.
//
//	GRUNDY_BENCH_DB=DIR go test ./db -run XXX -bench Density -benchtime 2000x
func BenchmarkDensity(b *testing.B) {
	dir := benchDB(b)
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	var tiers []db.Records
	var positions int64
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		tiers = append(tiers, recs)
		positions += ti.Count.Positions()
	}
	enc := func(lvl zstd.EncoderLevel, raw bool) *zstd.Encoder {
		e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(lvl), zstd.WithEncoderCRC(false), zstd.WithZeroFrames(true),
			zstd.WithNoEntropyCompression(raw), zstd.WithEncoderConcurrency(1))
		if err != nil {
			b.Fatal(err)
		}
		return e
	}
	rawLit, entropy, best := enc(zstd.SpeedBetterCompression, true), enc(zstd.SpeedBetterCompression, false), enc(zstd.SpeedBestCompression, false)
	for _, v := range []struct {
		name  string
		block int
		form  func([]byte) []byte
		enc   *zstd.Encoder
	}{
		{"8K-sparse-rawlit-now", 8 << 10, sparseForm, rawLit},
		{"8K-sparse-entropy", 8 << 10, sparseForm, entropy},
		{"8K-outcomes-apart-entropy", 8 << 10, outcomesApart, entropy},
		{"8K-outcomes-apart-best", 8 << 10, outcomesApart, best},
		{"32K-sparse-rawlit", 32 << 10, sparseForm, rawLit},
		{"32K-sparse-entropy", 32 << 10, sparseForm, entropy},
		{"64K-sparse-entropy", 64 << 10, sparseForm, entropy},
		{"64K-outcomes-apart-best", 64 << 10, outcomesApart, best},
	} {
		b.Run(v.name, func(b *testing.B) {
			var total int64
			var sample [][]byte
			for _, recs := range tiers {
				if recs.Width != 1 {
					b.Skip("2-byte records")
				}
				for o := 0; o < len(recs.Data); o += v.block {
					c := v.enc.EncodeAll(v.form(recs.Data[o:min(o+v.block, len(recs.Data))]), nil)
					total += int64(len(c)) + 16
					if len(sample) < 4096 && (o/v.block)%7 == 0 {
						sample = append(sample, c)
					}
				}
			}
			dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
			if err != nil {
				b.Fatal(err)
			}
			defer dec.Close()
			var buf []byte
			b.ResetTimer()
			for i := range b.N {
				if buf, err = dec.DecodeAll(sample[i%len(sample)], buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(total)/float64(positions), "B/pos")
		})
	}
}

// sparseForm is a block's sparse form (db/doc.go): a bitmap of the ranks
// holding a record, then their 1-byte records.
func sparseForm(raw []byte) []byte {
	out := make([]byte, (len(raw)+63)/64*8, (len(raw)+63)/64*8+len(raw))
	for i, c := range raw {
		if c != db.Empty {
			out[i>>3] |= 1 << (i & 7)
			out = append(out, c)
		}
	}
	return out
}

// outcomesApart is the sparse form with the outcomes apart from the
// remoteness: the bitmap, then 2 bits a record (draw, lost, won, by an
// endless verdict), then a byte of remoteness for each won or lost one.
func outcomesApart(raw []byte) []byte {
	bm := make([]byte, (len(raw)+63)/64*8)
	var outs, rems []byte
	n := 0
	for i, c := range raw {
		if c == db.Empty {
			continue
		}
		bm[i>>3] |= 1 << (i & 7)
		var o byte
		switch {
		case c == db.Draw:
		case c >= 4 && c&1 == 0:
			o = 1
			rems = append(rems, byte((c-4)/2))
		case c >= 5:
			o = 2
			rems = append(rems, byte((c-5)/2))
		default:
			o = 3
		}
		if n%4 == 0 {
			outs = append(outs, 0)
		}
		outs[len(outs)-1] |= o << (2 * (n % 4))
		n++
	}
	return append(append(bm, outs...), rems...)
}
