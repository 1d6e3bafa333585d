//go:build linux

package db

import (
	"bytes"
	"github.com/grundy-go/grundy/internal/cputime"
	"io"
	"os"
	"strconv"
	"testing"

	"github.com/ulikunitz/xz/lzma"
)

// BenchmarkDense6 measures the candidate codings of format 6 (issue 35,
// denser databases) on a database's records ($GRUNDY_BENCH_DB; skipped
// without), re-encoded block by block from every tier: B/pos is every
// block's bytes with 16 of index a block, over the database's
// positions; ns/op and cpu-ns/op are the decoding of one block of a
// sample spread over every tier. Variants:
//
//	format5-8K   format 5's streams (what is written now)
//	cm-NK        the context model (cmblock.go), blocks of N KiB of records
//	best-8K      the shorter of format 5's and the context model's, a block
//	lzma-sparse  LZMA (ulikunitz/xz/lzma) of the sparse form
//	lzma-ranks   LZMA of every rank's record (the bitmap folded in as Empty)
//
// LZMA's 13-byte header (properties, dictionary, size) is not counted: a
// format would know them.
//
//	GRUNDY_BENCH_DB=DIR db.test -test.run XXX -test.bench Dense6 -test.benchtime 2000x -test.cpu 1
func BenchmarkDense6(b *testing.B) {
	d := openBenchDB(b)
	defer d.Close()
	var tiers []Records
	var positions int64
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		tiers = append(tiers, recs)
		positions += ti.Count.Positions()
	}
	lz := func(props lzma.Properties, in []byte) []byte {
		var buf bytes.Buffer
		w, err := lzma.WriterConfig{Properties: &props, DictCap: max(4096, len(in)), SizeInHeader: true, Size: int64(len(in)), Matcher: lzma.HashTable4}.NewWriter(&buf)
		if err != nil {
			b.Fatal(err)
		}
		w.Write(in)
		w.Close()
		return buf.Bytes()
	}
	unlz := func(in []byte, dst []byte) []byte {
		r, err := lzma.NewReader(bytes.NewReader(in))
		if err != nil {
			b.Fatal(err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			b.Fatal(err)
		}
		return append(dst[:0], out...)
	}
	type variant struct {
		name   string
		block  int // bytes of records a block
		encode func(raw []byte, width int) []byte
		decode func(comp []byte, raw int, width int, dst []byte) []byte
		header int
		rawOut bool // decodes to the ranks' records, not the sparse form
	}
	cm := func(kib int) variant {
		return variant{"cm-" + strconv.Itoa(kib) + "K", kib << 10,
			func(raw []byte, width int) []byte { return encodeCMBlock(nil, raw, width) },
			func(comp []byte, raw, width int, dst []byte) []byte {
				out, err := decodeCMBlock(comp, raw/width, width, dst)
				if err != nil {
					b.Fatal(err)
				}
				return out
			}, 0, false}
	}
	lzv := func(name string, kib int, sparse bool, props lzma.Properties) variant {
		return variant{name + "-" + strconv.Itoa(kib) + "K", kib << 10,
			func(raw []byte, width int) []byte {
				if sparse {
					raw = sparseBlock(nil, raw, width)
				}
				return lz(props, raw)
			},
			func(comp []byte, raw, width int, dst []byte) []byte { return unlz(comp, dst) }, 13, !sparse}
	}
	f5 := variant{"format5-8K", 8 << 10,
		func(raw []byte, width int) []byte { c, _ := encodeBlock(raw, width, nil); return c },
		func(comp []byte, raw, width int, dst []byte) []byte {
			out, err := decodeModelBlock(comp, width, raw, dst)
			if err != nil {
				b.Fatal(err)
			}
			return out
		}, 0, false}
	best := variant{"best-8K", 8 << 10,
		func(raw []byte, width int) []byte {
			c5, _ := encodeBlock(raw, width, nil)
			c6 := encodeCMBlock(nil, raw, width)
			if len(c6) < len(c5) {
				return append([]byte{1}, c6...)
			}
			return append([]byte{0}, c5...)
		},
		func(comp []byte, raw, width int, dst []byte) []byte {
			var out []byte
			var err error
			if comp[0] == 1 {
				out, err = decodeCMBlock(comp[1:], raw/width, width, dst)
			} else {
				out, err = decodeModelBlock(comp[1:], width, raw, dst)
			}
			if err != nil {
				b.Fatal(err)
			}
			return out
		}, 0, false}
	// The bitmap alone by the context model: every record made one code.
	cmBitmap := cm(8)
	cmBitmap.name = "cm-bitmap-8K"
	cmBitmap.encode = func(raw []byte, width int) []byte {
		one := make([]byte, len(raw))
		for i := 0; i < len(raw); i += width {
			if raw[i] != 0 || (width == 2 && raw[i+1] != 0) {
				one[i] = 5
			}
		}
		return encodeCMBlock(nil, one, width)
	}
	cmBitmap.decode = func(comp []byte, raw, width int, dst []byte) []byte { return nil }
	vs := []variant{f5, cm(8), best, cmBitmap, cm(16), cm(32), cm(64),
		lzv("lzma-sparse", 8, true, lzma.Properties{LC: 8, LP: 0, PB: 0}),
		lzv("lzma-ranks", 8, false, lzma.Properties{LC: 8, LP: 0, PB: 0}),
		lzv("lzma-sparse", 32, true, lzma.Properties{LC: 8, LP: 0, PB: 0}),
		lzv("lzma-ranks", 32, false, lzma.Properties{LC: 8, LP: 0, PB: 0}),
		lzv("lzma-ranks", 64, false, lzma.Properties{LC: 8, LP: 0, PB: 0}),
	}
	if f := os.Getenv("GRUNDY_DENSE6_ONLY"); f != "" {
		var keep []variant
		for _, v := range vs {
			if bytes.Contains([]byte(f), []byte(v.name)) {
				keep = append(keep, v)
			}
		}
		vs = keep
	}
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			type blk struct {
				comp       []byte
				raw, width int
				want       []byte // the sparse form, checked on the first decode
			}
			var total int64
			var sample []blk
			n, coded := 0, 0
			// LZMA's encoder (ulikunitz/xz) is slow: it codes every
			// 8th block of the larger tiers, whose bytes stand for
			// those of the 8.
			every := 1
			if v.header > 0 {
				every = 8
			}
			for _, recs := range tiers {
				step := v.block / recs.Width * recs.Width
				nblocks := (len(recs.Data) + step - 1) / step
				for bi, o := 0, 0; o < len(recs.Data); bi, o = bi+1, o+step {
					n++
					if nblocks >= 64 && bi%every != 0 {
						continue
					}
					raw := recs.Data[o:min(o+step, len(recs.Data))]
					c := v.encode(raw, recs.Width)
					w := int64(1)
					if nblocks >= 64 {
						w = int64(min(every, nblocks-bi))
					}
					total += w * (int64(len(c)-v.header) + entrySize)
					if coded%7 == 0 && len(sample) < 2048 {
						sample = append(sample, blk{c, len(raw), recs.Width, raw})
					}
					coded++
				}
			}
			// Every sampled block decodes to its records.
			dst := make([]byte, 0, 2*v.block+bitmapBytes(v.block))
			for _, s := range sample {
				if v.name == "cm-bitmap-8K" {
					break
				}
				out := v.decode(s.comp, s.raw, s.width, dst)
				want := s.want
				if !v.rawOut {
					want = sparseBlock(nil, s.want, s.width)
				}
				if !bytes.Equal(out, want) {
					b.Fatalf("a block does not decode to its records")
				}
			}
			b.ResetTimer()
			cpu0 := int64(cputime.Process())
			i := 0
			for b.Loop() {
				s := sample[i%len(sample)]
				i++
				v.decode(s.comp, s.raw, s.width, dst)
			}
			b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(total)/float64(positions), "B/pos")
			b.ReportMetric(float64(n), "blocks")
		})
	}
}
