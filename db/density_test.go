//go:build linux && (amd64 || arm64)

package db_test

import (
	"slices"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"
)

// BenchmarkDensity measures, on a database's records ($GRUNDY_BENCH_DB,
// else connect4:5x4), what other block layouts would take on disk
// (B/pos: bytes a position, with 16 bytes of index a block) and how long
// one of their blocks takes to decode (ns/op: a warm lookup is mostly
// that), against format 4's layout ("-now": the layout until format 5,
// which BenchmarkBlockDecode compares with it; issue 35, denser
// databases). Nothing here is written: it re-encodes the records read.
//
//	GRUNDY_BENCH_DB=DIR go test ./db -run XXX -bench Density -benchtime 2000x
func BenchmarkDensity(b *testing.B) {
	tiers, positions := benchTiers(b, false)
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
		{"8K-palette-pow2-rawlit", 8 << 10, paletteForm(true), rawLit},
		{"8K-palette-bits-rawlit", 8 << 10, paletteForm(false), rawLit},
		{"8K-palette-pow2-entropy", 8 << 10, paletteForm(true), entropy},
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

// paletteForm is a record model for raw-literal frames (whose literals
// cost a byte each): the bitmap, then the block's distinct records (its
// palette: a count byte and the codes), then each record as its index in
// the palette in b bits, the fewest that hold the palette (pow2: 1, 2, 4
// or 8 bits, so that a record never straddles a byte), 0 bits when the
// block holds one code only. A lookup would read its record's index at
// bit b·(set bits before it) and the code from the palette.
func paletteForm(pow2 bool) func([]byte) []byte {
	return func(raw []byte) []byte {
		bm := make([]byte, (len(raw)+63)/64*8)
		var recs []byte
		var seen [256]bool
		var pal []byte
		for i, c := range raw {
			if c == db.Empty {
				continue
			}
			bm[i>>3] |= 1 << (i & 7)
			recs = append(recs, c)
			if !seen[c] {
				seen[c] = true
				pal = append(pal, c)
			}
		}
		slices.Sort(pal)
		var idx [256]byte
		for i, c := range pal {
			idx[c] = byte(i)
		}
		b := 0
		for 1<<b < len(pal) {
			b++
		}
		if pow2 && b > 0 {
			for _, w := range []int{1, 2, 4, 8} {
				if w >= b {
					b = w
					break
				}
			}
		}
		out := append(append(bm, byte(len(pal))), pal...)
		packed := make([]byte, (len(recs)*b+7)/8)
		for n, c := range recs {
			v := uint(idx[c])
			for k := range b {
				if v>>k&1 != 0 {
					bit := n*b + k
					packed[bit>>3] |= 1 << (bit & 7)
				}
			}
		}
		return append(out, packed...)
	}
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

// BenchmarkDensityDict measures zstd dictionaries for a database's
// blocks (issue 35): a dictionary trained (klauspost/compress/dict) on a
// sample of the blocks' sparse forms, of one tier ("tier") or of the
// whole database ("db"), given to the encoder of every block, its bytes
// counted once beside the blocks'. Blocks stay 8 KiB, so a lookup still
// decodes one; ns/op is the decoding of a block with the dictionary.
//
//	GRUNDY_BENCH_DB=DIR go test ./db -run XXX -bench DensityDict -benchtime 3000x -cpu 1
func BenchmarkDensityDict(b *testing.B) {
	dir := benchDB(b)
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	const block = db.BlockBytes
	var tiers [][][]byte // each tier's blocks' sparse forms
	var positions int64
	for _, ti := range d.Manifest().Tiers {
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		if recs.Width != 1 {
			b.Skip("2-byte records")
		}
		var blocks [][]byte
		for o := 0; o < len(recs.Data); o += block {
			blocks = append(blocks, sparseForm(recs.Data[o:min(o+block, len(recs.Data))]))
		}
		tiers = append(tiers, blocks)
		positions += ti.Count.Positions()
	}
	// sample takes up to n blocks spread evenly over blocks.
	sample := func(blocks [][]byte, n int) [][]byte {
		if len(blocks) <= n {
			return blocks
		}
		out := make([][]byte, 0, n)
		for i := range n {
			out = append(out, blocks[i*len(blocks)/n])
		}
		return out
	}
	train := func(samples [][]byte, size int, id uint32) []byte {
		dct, err := dict.BuildZstdDict(samples, dict.Options{MaxDictSize: size, HashBytes: 6, ZstdDictID: id, ZstdLevel: zstd.SpeedBetterCompression})
		if err != nil {
			return nil // too little or too uniform a sample: blocks go without
		}
		return dct
	}
	newEnc := func(raw bool, dct []byte) *zstd.Encoder {
		opts := []zstd.EOption{zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false), zstd.WithZeroFrames(true),
			zstd.WithNoEntropyCompression(raw), zstd.WithEncoderConcurrency(1)}
		if dct != nil {
			opts = append(opts, zstd.WithEncoderDict(dct))
		}
		e, err := zstd.NewWriter(nil, opts...)
		if err != nil {
			b.Fatal(err)
		}
		return e
	}
	type variant struct {
		name string
		raw  bool
		// dicts gives each tier its dictionary (nil: none) and the
		// dictionaries' bytes, counted once.
		dicts func() (perTier [][]byte, all [][]byte)
	}
	none := func() ([][]byte, [][]byte) { return make([][]byte, len(tiers)), nil }
	whole := func(size int) func() ([][]byte, [][]byte) {
		return func() ([][]byte, [][]byte) {
			var s [][]byte
			for _, blocks := range tiers {
				s = append(s, sample(blocks, max(4, 2000*len(blocks)/max(1, totalBlocks(tiers))))...)
			}
			dct := train(s, size, 1)
			per := make([][]byte, len(tiers))
			for i := range per {
				per[i] = dct
			}
			return per, [][]byte{dct}
		}
	}
	// perTier trains a dictionary for each tier of at least minBlocks
	// blocks, of at most size bytes and a 32nd of the tier's raw bytes.
	perTier := func(size, minBlocks int) func() ([][]byte, [][]byte) {
		return func() ([][]byte, [][]byte) {
			per := make([][]byte, len(tiers))
			var all [][]byte
			for i, blocks := range tiers {
				if len(blocks) < minBlocks {
					continue
				}
				raw := 0
				for _, bl := range blocks {
					raw += len(bl)
				}
				if dct := train(sample(blocks, 1000), min(size, raw/32), uint32(i+1)); dct != nil {
					per[i] = dct
					all = append(all, dct)
				}
			}
			return per, all
		}
	}
	for _, v := range []variant{
		{"rawlit-nodict-now", true, none},
		{"entropy-nodict", false, none},
		{"rawlit-db-16K", true, whole(16 << 10)},
		{"rawlit-db-64K", true, whole(64 << 10)},
		{"entropy-db-16K", false, whole(16 << 10)},
		{"entropy-db-64K", false, whole(64 << 10)},
		{"rawlit-tier-16K", true, perTier(16<<10, 64)},
		{"entropy-tier-16K", false, perTier(16<<10, 64)},
		{"entropy-tier-64K", false, perTier(64<<10, 64)},
	} {
		b.Run(v.name, func(b *testing.B) {
			per, all := v.dicts()
			var total int64
			for _, dct := range all {
				total += int64(len(dct))
			}
			var samples [][]byte
			encs := map[*byte]*zstd.Encoder{}
			for i, blocks := range tiers {
				var key *byte
				if per[i] != nil {
					key = &per[i][0]
				}
				enc := encs[key]
				if enc == nil {
					enc = newEnc(v.raw, per[i])
					encs[key] = enc
				}
				for j, bl := range blocks {
					c := enc.EncodeAll(bl, nil)
					total += int64(len(c)) + 16
					if len(samples) < 4096 && j%7 == 0 {
						samples = append(samples, c)
					}
				}
			}
			dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderDicts(all...))
			if err != nil {
				b.Fatal(err)
			}
			defer dec.Close()
			var buf []byte
			b.ResetTimer()
			for i := range b.N {
				if buf, err = dec.DecodeAll(samples[i%len(samples)], buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(total)/float64(positions), "B/pos")
			b.ReportMetric(float64(len(all)), "dicts")
		})
	}
}

func totalBlocks(tiers [][][]byte) int {
	n := 0
	for _, t := range tiers {
		n += len(t)
	}
	return n
}

// benchTiers reads every tier's records of the benchmark's database
// (benchDB) and the positions they stand for; oneByte skips the
// benchmark on a database with 2-byte records.
func benchTiers(b *testing.B, oneByte bool) ([]db.Records, int64) {
	d, err := db.Open(benchDB(b), "")
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
		if oneByte && recs.Width != 1 {
			b.Skip("2-byte records")
		}
		tiers = append(tiers, recs)
		positions += ti.Count.Positions()
	}
	return tiers, positions
}
