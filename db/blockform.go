package db

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"sync"

	"github.com/klauspost/compress/huff0"
	"github.com/klauspost/compress/zstd"
)

// The block form of format 5 (doc.go, "Blocks of format 5"): a block's
// sparse form cut into streams — its bitmap (as it is or as its runs),
// then its records as byte planes (the low bytes of every record, then,
// at width 2, the high bytes) — each coded by the shortest of four
// codings. A lookup decodes every stream of its block, so the codings
// are ones that decode fast: a Huffman-coded stream of
// klauspost/compress/huff0, which carries its own table, or a zstd
// frame. Coding the bitmap apart from the records lets each be coded by
// what suits it: runs of empty ranks by their lengths or zstd's matches,
// records whose commonest code is most of them by a Huffman code near
// their entropy (Teeko's records: 2.6 bits a record where format 4's
// zstd frames with raw literals spent about a byte a literal).
const (
	codingRaw  = 0 // the stream's bytes as they are
	codingRLE  = 1 // one byte, repeated the stream's length
	codingHuff = 2 // huff0.Compress1X's output: its table, then one Huffman-coded stream
	codingZstd = 3 // a zstd frame, its literals raw or Huffman-coded
)

// huffPool holds huff0's scratch spaces, which are not safe for
// concurrent use and keep their tables between calls.
var huffPool = sync.Pool{New: func() any { return new(huff0.Scratch) }}

var (
	rawLitOnce    sync.Once
	rawLitEncoder *zstd.Encoder
)

// zencRawLit is zenc without entropy coding of literals: frames that
// decode faster (no Huffman table to read), for streams made mostly of
// matches, such as a bitmap's runs.
func zencRawLit() *zstd.Encoder {
	rawLitOnce.Do(func() {
		rawLitEncoder, _ = zstd.NewWriter(nil, append(zencOptions(), zstd.WithNoEntropyCompression(true))...)
	})
	return rawLitEncoder
}

// bitmapAsRuns, bit 7 of a block's byte of codings, says that its
// bitmap stream holds the bitmap's runs (bitmapRuns): a uvarint, the
// runs' length in bytes, then the runs coded by the stream's coding.
const bitmapAsRuns = 0x80

// cmCoded, a block's first byte in format 6, says that the block is
// coded by the context model (cmblock.go) and not by streams: the
// model's coded bytes follow. No block of format 5 begins with it (its
// bit 6 is no stream's).
const cmCoded = 0x40

// encodeBlock6 appends to dst the format-6 form of the sparse form sp
// of a block whose records (of width bytes, rank by rank) are raw: the
// shorter of its format-5 form (streams) and its coding by the context
// model (cmCoded, then the model's bytes), the streams on a tie (they
// decode in a tenth of the time).
func encodeBlock6(dst, raw, sp []byte, width int) []byte {
	k := len(raw) / width
	at := len(dst)
	dst = encodeModelBlock(dst, sp, k, width)
	n5 := len(dst) - at
	p := compPool.Get().(*[]byte)
	defer compPool.Put(p)
	cm := encodeCMBlock(append((*p)[:0], cmCoded), raw, width)
	*p = cm
	if len(cm) < n5 {
		dst = append(dst[:at], cm...)
	}
	return dst
}

// encodeModelBlock appends to dst the format-5 form of the sparse form
// sp of a block of k ranks of records of width bytes: a byte of codings
// (bits 2s and 2s+1: stream s's; bit 7 bitmapAsRuns), then each stream
// but the last as a uvarint length and its coded bytes, then the last
// stream's coded bytes.
func encodeModelBlock(dst, sp []byte, k, width int) []byte {
	return encodeStreams(dst, sp, k, width, codeStream, true)
}

// encodeStreams is encodeModelBlock with each stream coded by code, and
// short runs of the bitmap coded alone (without coding the bitmap) when
// runsAlone: the tests' reference codes every stream every way.
func encodeStreams(dst, sp []byte, k, width int, code func([]byte) (byte, []byte), runsAlone bool) []byte {
	streams, ns := blockStreams(sp, k, width)
	bm := streams[0]
	at := len(dst)
	dst = append(dst, 0)
	var codings byte
	for s := range ns {
		// The bitmap's runs, when they are long (8 ranks on average)
		// and code shorter: many short runs, a bitmap with little
		// structure, take longer to expand than the bitmap's bytes to
		// decode (Connect-4's, BENCHMARKS.md). Runs of a quarter of
		// the bitmap's bytes or fewer are coded alone: they code
		// shorter than the bitmap in all but 0.1% of the blocks
		// measured (issue 35, eleventh stop).
		var runs []byte
		if s == 0 && bitRuns(bm, k) <= k/8 {
			runs = bitmapRuns(bm, k)
		}
		var c byte
		var coded []byte
		asIs := runs == nil || !runsAlone || 4*len(runs) > len(bm)
		if asIs {
			c, coded = code(streams[s])
		}
		if runs != nil && (!asIs || len(coded) > 8) {
			rc, rcoded := code(runs)
			if n := binary.AppendUvarint(nil, uint64(len(runs))); !asIs || len(n)+len(rcoded) < len(coded) {
				c, coded = rc, append(n, rcoded...)
				codings |= bitmapAsRuns
			}
		}
		codings |= c << (2 * s)
		if s < ns-1 {
			dst = binary.AppendUvarint(dst, uint64(len(coded)))
		}
		dst = append(dst, coded...)
	}
	dst[at] = codings
	return dst
}

// blockStreams cuts the sparse form sp of a block of k ranks of records
// of width bytes into its streams (ns of them): the bitmap, then the
// records' byte planes.
func blockStreams(sp []byte, k, width int) (streams [3][]byte, ns int) {
	nb := bitmapBytes(k)
	bm, recs := sp[:nb], sp[nb:]
	streams[0] = bm
	if width == 1 {
		streams[1] = recs
		return streams, 2
	}
	n := len(recs) / 2
	planes := make([]byte, len(recs))
	for i := range n {
		planes[i], planes[n+i] = recs[2*i], recs[2*i+1]
	}
	streams[1], streams[2] = planes[:n], planes[n:]
	return streams, 3
}

// codeStream codes one stream by the coding its statistics predict to
// be the shortest (chooseCodings), run and compared only among the
// codings predicted close: a stream of one byte repeated as a run, a
// Huffman code always (the cheapest coding to run, about a tenth of a
// zstd frame's CPU on 8 KiB), a zstd frame only where its matches may
// beat the Huffman code, and of the two zstd frames (raw or
// Huffman-coded literals) the one the stream's entropy predicts unless
// it is between them. Coding every stream every way was half the CPU of
// a ranged build (BENCHMARKS.md, issue 35); choosing costs a histogram
// and one pass of a small hash table, and the choice, a function of the
// bytes alone in integer arithmetic, keeps the output deterministic.
func codeStream(b []byte) (coding byte, coded []byte) {
	return codeStreamBy(b, chooseZstd)
}

// codeStreamBy is codeStream with the zstd frames to run chosen by
// choose (the tests' reference runs both on every stream).
func codeStreamBy(b []byte, choose func(b []byte, best int) (raw, lit bool)) (coding byte, coded []byte) {
	coding, coded = codingRaw, b
	if len(b) == 0 {
		return coding, coded
	}
	if allSame(b) {
		return codingRLE, b[:1]
	}
	if out, ok := huffCode(b); ok && len(out) < len(coded) {
		coding, coded = codingHuff, out
	}
	raw, lit := choose(b, len(coded))
	var z []byte
	switch {
	case raw && lit:
		// A zstd frame with raw literals is kept unless Huffman-coded
		// ones save more than a 16th: they cost a table to read and a
		// decoding.
		z = zencRawLit().EncodeAll(b, nil)
		if h := zenc().EncodeAll(b, nil); len(h) < len(z)-len(z)/16 {
			z = h
		}
	case raw:
		z = zencRawLit().EncodeAll(b, nil)
	case lit:
		z = zenc().EncodeAll(b, nil)
	}
	if z != nil && len(z) < len(coded) {
		coding, coded = codingZstd, z
	}
	return coding, coded
}

// huffCode is b coded by huff0 (its table, then one Huffman-coded
// stream), ok false when huff0 declines it (incompressible).
func huffCode(b []byte) (coded []byte, ok bool) {
	s := huffPool.Get().(*huff0.Scratch)
	defer huffPool.Put(s)
	// A fresh table for every stream (no reuse of the last one), so
	// that the coded bytes depend on the stream alone.
	s.Reuse = huff0.ReusePolicyNone
	out, _, err := huff0.Compress1X(b, s)
	if err != nil {
		return nil, false
	}
	return append([]byte(nil), out...), true
}

// chooseZstd predicts from b's order-0 entropy and a greedy parse of its
// repeats (matchParse) which zstd frames of b are worth running against
// the best coding so far, of best bytes: none when the frame predicted
// (its literals at the stream's entropy, about 2 bytes a match and 12 of
// frame) is above 1.5 times best; else the frame with raw literals when
// the stream takes above 7.5 bits a byte (Huffman-coded literals save
// little), Huffman-coded ones under 6 (they save more than a 16th), both
// between. The bounds were fitted on the streams of connect4:5x5,
// morris:6 and kalah:4,3 (BENCHMARKS.md, issue 35, eleventh stop): the
// chosen codings take within 0.05% of the shortest of all, with one zstd
// frame a stream where there were two.
func chooseZstd(b []byte, best int) (raw, lit bool) {
	n := int64(len(b))
	bits := entropyBits256(b) // the stream's order-0 entropy, in 256ths of a bit
	lits, matches := matchParse(b)
	// The predicted frame, in 256ths of a byte.
	frame := int64(lits)*bits/n/8 + 256*(2*int64(matches)+12)
	if 2*frame > 3*256*int64(best) {
		return false, false
	}
	switch {
	case 2*bits > 15*256*n:
		return true, false
	case bits < 6*256*n:
		return false, true
	}
	return true, true
}

// entropyBits256 is len(b) times b's order-0 entropy (the bits an ideal
// code of its histogram takes), in 256ths of a bit:
// n·log2 n − Σ c·log2 c over the counts c of its byte values.
func entropyBits256(b []byte) int64 {
	var hist [256]int64
	for _, c := range b {
		hist[c]++
	}
	n := int64(len(b))
	bits := n * log2x256(uint64(n))
	for _, c := range hist {
		if c > 1 {
			bits -= c * log2x256(uint64(c))
		}
	}
	return bits
}

// log2x256 is log2(x) for x >= 1 in 256ths, rounded down: integer
// arithmetic alone (the fractional bits by repeated squaring), so that
// the codings chosen from it are the same on every machine.
func log2x256(x uint64) int64 {
	n := bits.Len64(x) - 1
	m := x << (63 - n) >> 32 // x / 2^n in [1, 2), 31 fractional bits
	frac := int64(0)
	for i := 7; i >= 0; i-- {
		m = m * m >> 31
		if m >= 1<<32 {
			m >>= 1
			frac |= 1 << i
		}
	}
	return int64(n)<<8 | frac
}

var parsePool = sync.Pool{New: func() any { return new([1 << 12]int32) }}

// matchParse parses b greedily into literals and repeats of 4 bytes or
// more found through a table of the last position of each 4-byte
// hash: a cheap lower bound of what zstd's matches find, to predict its
// frame's length (chooseZstd).
func matchParse(b []byte) (lits, matches int) {
	// A slot for every 2 bytes up to 4096 slots: a short stream (a
	// sparse block's bitmap) clears a small table.
	tb := min(12, max(4, bits.Len(uint(len(b)))-1))
	p := parsePool.Get().(*[1 << 12]int32)
	defer parsePool.Put(p)
	last := p[:1<<tb]
	for i := range last {
		last[i] = -1
	}
	i := 0
	for i+4 <= len(b) {
		v := binary.LittleEndian.Uint32(b[i:])
		h := v * 2654435761 >> (32 - tb)
		c := last[h]
		last[h] = int32(i)
		if c >= 0 && binary.LittleEndian.Uint32(b[c:]) == v {
			l := 4
			for i+l < len(b) && b[int(c)+l] == b[i+l] {
				l++
			}
			matches++
			i += l
			continue
		}
		lits++
		i++
	}
	return lits + len(b) - i, matches
}

func allSame(b []byte) bool {
	for _, c := range b {
		if c != b[0] {
			return false
		}
	}
	return true
}

// decodeModelBlock is encodeModelBlock's inverse: the sparse form of a
// block of want bytes of records of width bytes each, in dst's space
// (its capacity at least the sparse form's largest length). An error
// when comp is not such a block; its lengths are checked (checkSparse),
// its checksum is the caller's.
func decodeModelBlock(comp []byte, width, want int, dst []byte) ([]byte, error) {
	return decodeBlock56(5, comp, width, want, dst)
}

// decodeBlock56 decodes a block of format v (5 or 6) to its sparse form
// as decodeModelBlock does: in format 6 a block may be coded by the
// context model (cmCoded).
func decodeBlock56(v uint32, comp []byte, width, want int, dst []byte) ([]byte, error) {
	k := want / width
	nb := bitmapBytes(k)
	if len(comp) < 1 {
		return nil, errors.New("empty")
	}
	if v >= 6 && comp[0] == cmCoded {
		out, err := decodeCMBlock(comp[1:], k, width, dst)
		if err != nil {
			return nil, err
		}
		if err := checkSparse(out, width, want); err != nil {
			return nil, err
		}
		return out, nil
	}
	codings, rest := comp[0], comp[1:]
	ns := 1 + width
	if codings&^bitmapAsRuns>>(2*ns) != 0 {
		return nil, fmt.Errorf("unknown codings %#x", codings)
	}
	stream := func(s int) ([]byte, error) {
		if s == ns-1 {
			b := rest
			rest = nil
			return b, nil
		}
		n, l := binary.Uvarint(rest)
		if l <= 0 || n > uint64(len(rest)-l) {
			return nil, fmt.Errorf("stream %d's length is damaged", s)
		}
		b := rest[l : l+int(n)]
		rest = rest[l+int(n):]
		return b, nil
	}
	out := dst[:0]
	coded, err := stream(0)
	if err != nil {
		return nil, err
	}
	if codings&bitmapAsRuns == 0 {
		out, err = decodeStream(codings&3, coded, nb, out)
	} else {
		out, err = decodeRuns(codings&3, coded, k, out)
	}
	if err != nil {
		return nil, fmt.Errorf("its bitmap: %v", err)
	}
	ones := 0
	for i := 0; i < nb; i += 8 {
		ones += bits.OnesCount64(binary.LittleEndian.Uint64(out[i:]))
	}
	if ones > k {
		return nil, fmt.Errorf("its bitmap marks ranks past the block's %d", k)
	}
	for s := 1; s < ns; s++ {
		if coded, err = stream(s); err != nil {
			return nil, err
		}
		if out, err = decodeStream(codings>>(2*s)&3, coded, ones, out); err != nil {
			return nil, fmt.Errorf("its records: %v", err)
		}
	}
	if width == 2 {
		// The two planes back to records of two bytes each.
		recs := out[nb:]
		p := sparsePool.Get().(*[]byte)
		planes := append((*p)[:0], recs...)
		for i := range ones {
			recs[2*i], recs[2*i+1] = planes[i], planes[ones+i]
		}
		*p = planes
		sparsePool.Put(p)
	}
	if err := checkSparse(out, width, want); err != nil {
		return nil, err
	}
	return out, nil
}

// decodeStream appends to dst the n bytes that coded decodes to by the
// given coding; an error unless it decodes to exactly n bytes.
func decodeStream(coding byte, coded []byte, n int, dst []byte) ([]byte, error) {
	if n > cap(dst)-len(dst) {
		return nil, fmt.Errorf("%d bytes do not fit the block", n)
	}
	switch coding {
	case codingRaw:
		if len(coded) != n {
			return nil, fmt.Errorf("%d bytes raw, want %d", len(coded), n)
		}
		return append(dst, coded...), nil
	case codingRLE:
		if len(coded) != 1 {
			return nil, fmt.Errorf("a run of %d bytes, want 1", len(coded))
		}
		at := len(dst)
		dst = dst[:at+n]
		for i := range dst[at:] {
			dst[at+i] = coded[0]
		}
		return dst, nil
	case codingHuff:
		s := huffPool.Get().(*huff0.Scratch)
		defer huffPool.Put(s)
		s, rest, err := huff0.ReadTable(coded, s)
		if err != nil {
			return nil, err
		}
		at := len(dst)
		out, err := s.Decoder().Decompress1X(dst[at:at:at+n], rest)
		if err != nil {
			return nil, err
		}
		if len(out) != n {
			return nil, fmt.Errorf("decodes to %d bytes, want %d", len(out), n)
		}
		return dst[:at+n], nil
	case codingZstd:
		at := len(dst)
		out, err := zdec().DecodeAll(coded, dst[at:at:at+n])
		if err != nil {
			return nil, err
		}
		if len(out) != n {
			return nil, fmt.Errorf("decodes to %d bytes, want %d", len(out), n)
		}
		return dst[:at+n], nil
	}
	return nil, fmt.Errorf("unknown coding %d", coding)
}

// bitmapRuns is the bitmap bm of k ranks as the lengths of its runs, as
// uvarints: of empty ranks first (0 when rank 0 holds a record), then of
// ranks that hold one, and so on alternately. The bitmap of a game's
// tier is mostly runs (Teeko's: the images of one board, which its
// ranking puts side by side, are all empty but one), which code shorter
// so than its bytes as they are (BENCHMARKS.md), and expand faster than
// a zstd frame of them decodes.
func bitmapRuns(bm []byte, k int) []byte {
	var out []byte
	// A word at a time: each run ends at the first bit past its start
	// that differs from its own (bits past k are 0: the last run of
	// ones ends at k, one of zeros at the bitmap's end, cut to k).
	i, flip := 0, uint64(0)
	for {
		w := i >> 6
		x := (binary.LittleEndian.Uint64(bm[8*w:]) ^ flip) & (^uint64(0) << (i & 63))
		for x == 0 && 8*(w+1) < len(bm) {
			w++
			x = binary.LittleEndian.Uint64(bm[8*w:]) ^ flip
		}
		j := k
		if x != 0 {
			j = min(k, 64*w+bits.TrailingZeros64(x))
		}
		out = binary.AppendUvarint(out, uint64(j-i))
		if j == k {
			return out
		}
		i, flip = j, ^flip
	}
}

// bitRuns is the number of runs of the bitmap bm of k ranks (bitmapRuns):
// one and the number of ranks whose bit differs from the one before, a
// word at a time.
func bitRuns(bm []byte, k int) int {
	n, prev := 1, uint64(0)
	for w := 0; 64*w < k; w++ {
		x := binary.LittleEndian.Uint64(bm[8*w:])
		d := x ^ (x<<1 | prev)
		if w == 0 {
			d &^= 1 // rank 0 has none before it
		}
		if rest := k - 64*w; rest < 64 {
			d &= 1<<rest - 1
		}
		n += bits.OnesCount64(d)
		prev = x >> 63
	}
	return n
}

// decodeRuns appends to dst the bitmap of k ranks that coded holds as
// runs (bitmapRuns), coded by the given coding after the runs' length;
// an error unless the runs cover exactly k ranks.
func decodeRuns(coding byte, coded []byte, k int, dst []byte) ([]byte, error) {
	m, l := binary.Uvarint(coded)
	// k runs of at most 2 bytes each and a zero-length first one.
	if l <= 0 || m > uint64(2*k+1) {
		return nil, errors.New("the length of its runs is damaged")
	}
	p := sparsePool.Get().(*[]byte)
	defer sparsePool.Put(p)
	buf := (*p)[:0]
	if cap(buf) < int(m) {
		buf = make([]byte, 0, m)
	}
	runs, err := decodeStream(coding, coded[l:], int(m), buf)
	if err != nil {
		return nil, err
	}
	*p = runs
	nb := bitmapBytes(k)
	if nb > cap(dst)-len(dst) {
		return nil, fmt.Errorf("%d bytes do not fit the block", nb)
	}
	at := len(dst)
	dst = dst[:at+nb]
	bm := dst[at:]
	clear(bm)
	i, set := 0, false
	for len(runs) > 0 {
		r, l := binary.Uvarint(runs)
		if l <= 0 || r > uint64(k-i) || (r == 0 && i > 0) {
			return nil, errors.New("its runs are damaged")
		}
		runs = runs[l:]
		if set {
			setBits(bm, i, i+int(r))
		}
		i += int(r)
		set = !set
	}
	if i != k {
		return nil, fmt.Errorf("its runs cover %d ranks, want %d", i, k)
	}
	return dst, nil
}

// setBits sets bits [i, j) of the little-endian bitmap bm, a byte at a
// time between its ends.
func setBits(bm []byte, i, j int) {
	for ; i < j && i&7 != 0; i++ {
		bm[i>>3] |= 1 << (i & 7)
	}
	for ; i+8 <= j; i += 8 {
		bm[i>>3] = 0xff
	}
	for ; i < j; i++ {
		bm[i>>3] |= 1 << (i & 7)
	}
}
