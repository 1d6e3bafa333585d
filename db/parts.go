package db

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// A tier written in parts: a worker that solved ranks [First,
// First+Len) of a tier writes them as a part file (WritePart), and one
// small step streams the parts into the tier file (AssembleTier), so no
// step holds a whole tier's records (the Beam pipeline of module
// grundy/beam writes its split tiers so).
//
// A part holds the blocks of the tier file that lie wholly inside its
// range, compressed by the tier file's one block encoder (encodeBlock),
// and the records of the blocks it shares with its neighbours raw: its
// head, up to the first block boundary at or after First, and its tail,
// after the last whole block. The assembler copies the whole blocks as
// they are (only their offsets in the index change) and compresses each
// shared block once its records are gathered from the parts' heads and
// tails. Ranges that start on a block boundary (a multiple of BlockBytes
// ranks is one at either width) have no head nor tail: assembly is then
// a copy. The bytes are writeTierFile's, whatever the split (parts_test.go).
//
// The record width is the whole tier's: 1 byte unless some record needs
// 2. Each part is written at the narrowest width its own records fit
// (Records.Narrow); the tier's width is the widest part's, which the
// assembler learns from the parts' descriptions, so no pass over the
// whole tier decides it. The blocks of a part narrower than the tier
// are decompressed, widened and compressed again while assembling (the
// one case where assembling does more than copy); a game whose
// remoteness passes 125 in a tier pays it.
//
// A part file, all integers little-endian:
//
//	header, 64 bytes:
//	  0  "GRDYPART"
//	  8  uint32 format version
//	 12  uint32 record width (1 or 2)
//	 16  uint64 tier
//	 24  uint64 the tier's records
//	 32  uint64 First, the part's first rank
//	 40  uint64 Len, its number of ranks
//	 48  uint64 CRC-64 (ECMA) of the game's spec string
//	 56  4 bytes zero
//	 60  uint32 crc32c of bytes 0–59
//	head: the records of ranks [First, the first block boundary ≥ First) raw
//	  (all of them if the range ends first)
//	blocks, each: uint32 its compressed length, uint32 its index entry's
//	  checksum, its bytes (encodeBlock's)
//	tail: the records after the last whole block, raw
//	footer, 16 bytes:
//	  0  uint64 number of blocks
//	  8  uint32 crc32c of every byte before the footer
//	 12  "PEND"

const (
	partMagic      = "GRDYPART"
	partFooterTag  = "PEND"
	partFooterSize = 16
)

// Part describes a part file: what WritePart returns and AssembleTier
// needs of each part (the Beam pipeline sends it as JSON).
type Part struct {
	First int64  `json:"first"` // the first rank
	Len   int64  `json:"len"`   // ranks
	Width int    `json:"width"` // bytes per record in this part
	Bytes int64  `json:"bytes"` // the file's length
	CRC   uint32 `json:"crc32c"`
	Count Count  `json:"count"` // of its positions (CountTier)
}

// Narrow returns the records at width 1 if every code fits one byte
// (a part's width), else r itself.
func (r Records) Narrow() Records {
	if r.Width == 1 {
		return r
	}
	for i := range r.Len() {
		if !Fits(r.Get(i), 1) {
			return r
		}
	}
	n := NewRecords(r.Len(), 1)
	for i := range n.Data {
		n.Data[i] = r.Data[2*i]
	}
	return n
}

// partLayout is where a part's head, whole blocks and tail fall: ranks
// [first, headEnd) raw, blocks b0 to b1-1 whole, [tailStart, end) raw.
type partLayout struct {
	headEnd, b0, b1, tailStart, end int64
}

// layout is the layout of ranks [first, first+n) of a tier of size
// records at the given width.
func layout(first, n, size int64, width int) partLayout {
	br := int64(BlockBytes / width)
	end := first + n
	l := partLayout{end: end}
	l.b0 = (first + br - 1) / br
	l.headEnd = min(end, l.b0*br)
	l.b1 = l.b0
	for l.b1*br < end && min((l.b1+1)*br, size) <= end {
		l.b1++
	}
	l.tailStart = l.headEnd
	if l.b1 > l.b0 {
		l.tailStart = min(l.b1*br, size)
	}
	return l
}

func (p *Part) header(game string, t uint64, size int64) []byte {
	b := make([]byte, headerSize)
	copy(b, partMagic)
	binary.LittleEndian.PutUint32(b[8:], WriteFormat)
	binary.LittleEndian.PutUint32(b[12:], uint32(p.Width))
	binary.LittleEndian.PutUint64(b[16:], t)
	binary.LittleEndian.PutUint64(b[24:], uint64(size))
	binary.LittleEndian.PutUint64(b[32:], uint64(p.First))
	binary.LittleEndian.PutUint64(b[40:], uint64(p.Len))
	binary.LittleEndian.PutUint64(b[48:], GameHash(game))
	binary.LittleEndian.PutUint32(b[60:], crc(b[:60]))
	return b
}

// WritePart writes recs, ranks [first, first+recs.Len()) of tier t (of
// size records) of game, ranked by rk, as a part file to w, at recs'
// width (callers narrow them first: Records.Narrow). Whole blocks are
// coded in parallel and written in order (codeBlocks).
func WritePart(w io.Writer, game string, rk Ranking, t uint64, size, first int64, recs Records) (Part, error) {
	n := recs.Len()
	if recs.Width != 1 && recs.Width != 2 || first < 0 || first+n > size {
		return Part{}, fmt.Errorf("a part of %d records of width %d at rank %d of a tier of %d", n, recs.Width, first, size)
	}
	p := Part{First: first, Len: n, Width: recs.Width, Count: CountTier(rk, t, first, recs)}
	var sum uint32
	put := func(b []byte) error {
		sum = crc32.Update(sum, castagnoli, b)
		m, err := w.Write(b)
		p.Bytes += int64(m)
		return err
	}
	l := layout(first, n, size, recs.Width)
	wd, br := int64(recs.Width), int64(BlockBytes/recs.Width)
	raw := func(r0, r1 int64) []byte { return recs.Data[(r0-first)*wd : (r1-first)*wd] }
	if err := put(p.header(game, t, size)); err != nil {
		return p, err
	}
	if err := put(raw(first, l.headEnd)); err != nil {
		return p, err
	}
	var head [8]byte
	block := func(b int64, _ []byte) ([]byte, error) {
		b += l.b0
		return raw(b*br, min((b+1)*br, size)), nil
	}
	err := codeBlocks(l.b1-l.b0, WriteFormat, recs.Width, block, nil, func(_ int64, comp []byte, sum uint32) error {
		binary.LittleEndian.PutUint32(head[:], uint32(len(comp)))
		binary.LittleEndian.PutUint32(head[4:], sum)
		if err := put(head[:]); err != nil {
			return err
		}
		return put(comp)
	})
	if err != nil {
		return p, err
	}
	if err := put(raw(l.tailStart, l.end)); err != nil {
		return p, err
	}
	f := make([]byte, partFooterSize)
	binary.LittleEndian.PutUint64(f, uint64(l.b1-l.b0))
	binary.LittleEndian.PutUint32(f[8:], sum)
	copy(f[12:], partFooterTag)
	if err := put(f); err != nil {
		return p, err
	}
	p.CRC = sum
	return p, nil
}

// AssembleTier writes the file of tier t (named name for people) of game,
// of size records, to w from its parts, in rank order, which open(i)
// reads (part i's file, read once, front to back): the bytes
// EncodeTier writes for the same records. Ranks no part covers are
// empty. It holds one block of records, a batch of a part's bytes and
// the block index (spilled to a temporary file past spillAt bytes),
// never the tier, and returns the file's description for the manifest.
// An error names the damaged part (its ranks), not the tier: the caller
// does; an error of w is returned as it is.
func AssembleTier(w io.Writer, game string, t uint64, name string, size int64, parts []Part, open func(i int) (io.ReadCloser, error)) (TierInfo, error) {
	width := 1
	info := TierInfo{Tier: t, Name: name, Size: size, File: TierFileName(t)}
	next := int64(0)
	for i, p := range parts {
		if p.Width != 1 && p.Width != 2 || p.First < next || p.Len < 0 || p.First+p.Len > size {
			return TierInfo{}, fmt.Errorf("part %d (ranks %d to %d, width %d) overlaps another or leaves the tier's %d ranks", i, p.First, p.First+p.Len, p.Width, size)
		}
		next = p.First + p.Len
		width = max(width, p.Width)
		info.Count.AddCount(p.Count)
	}
	info.Width = width
	a := &assembler{w: w, width: width, size: size, br: int64(BlockBytes / width)}
	defer a.index.close()
	h := fileHeader{Version: WriteFormat, Width: width, Tier: t, Records: size, BlockRecs: a.br, GameHash: GameHash(game)}
	if err := a.put(h.encode()); err != nil {
		return TierInfo{}, err
	}
	for i, p := range parts {
		if err := a.zeros(p.First); err != nil {
			return TierInfo{}, err
		}
		rc, err := open(i)
		if err != nil {
			return TierInfo{}, err
		}
		err = a.part(rc, p, game, t)
		rc.Close()
		if a.werr != nil {
			return TierInfo{}, a.werr
		}
		if err != nil {
			return TierInfo{}, fmt.Errorf("the part of ranks %d to %d: %w", p.First, p.First+p.Len, err)
		}
	}
	if err := a.zeros(size); err != nil {
		return TierInfo{}, err
	}
	if a.rank != size || len(a.pending) != 0 || a.blocks != (size+a.br-1)/a.br {
		return TierInfo{}, fmt.Errorf("internal error: assembled to rank %d of %d, %d blocks", a.rank, size, a.blocks)
	}
	indexOffset := a.n
	isum, err := a.index.copyTo(a.put)
	if err != nil {
		return TierInfo{}, err
	}
	if err := a.put(encodeFooter(indexOffset, a.blocks, isum)); err != nil {
		return TierInfo{}, err
	}
	info.Bytes, info.CRC = a.n, a.sum
	return info, nil
}

// assembler streams a tier file: its bytes so far (n, their crc32c), the
// next rank and block, the records of a block not yet whole.
type assembler struct {
	w           io.Writer
	width       int
	size, br    int64
	n           int64
	sum         uint32
	rank        int64
	blocks      int64
	pending     []byte
	index       spill
	zero        []byte // a whole block of empty records, compressed
	zeroSum     uint32
	comp, plain []byte
	werr        error // the first error writing to w
}

func (a *assembler) put(b []byte) error {
	a.sum = crc32.Update(a.sum, castagnoli, b)
	m, err := a.w.Write(b)
	a.n += int64(m)
	if err != nil && a.werr == nil {
		a.werr = err
	}
	return err
}

// block writes the next block's bytes and its index entry.
func (a *assembler) block(comp []byte, sum uint32, recs int64) error {
	var e [entrySize]byte
	binary.LittleEndian.PutUint64(e[:], uint64(a.n))
	binary.LittleEndian.PutUint32(e[8:], uint32(len(comp)))
	binary.LittleEndian.PutUint32(e[12:], sum)
	if err := a.index.add(e[:]); err != nil {
		return err
	}
	a.blocks++
	a.rank += recs
	return a.put(comp)
}

// blockRecs is the number of records of the block starting at rank.
func (a *assembler) blockRecs() int64 { return min(a.br, a.size-a.rank) }

// raw adds records (at the tier's width) from the current rank.
func (a *assembler) raw(b []byte) error {
	wd := a.width
	for len(b) > 0 {
		want := int(a.blockRecs())*wd - len(a.pending)
		k := min(want, len(b))
		a.pending = append(a.pending, b[:k]...)
		b = b[k:]
		if k == want {
			comp, s := encodeBlock(a.pending, wd, a.comp)
			a.comp = comp
			if err := a.block(comp, s, int64(len(a.pending)/wd)); err != nil {
				return err
			}
			a.pending = a.pending[:0]
		}
	}
	return nil
}

// zeros adds empty records up to rank to.
func (a *assembler) zeros(to int64) error {
	have := a.rank + int64(len(a.pending)/a.width)
	for have < to {
		if len(a.pending) == 0 && a.blockRecs() == a.br && to-have >= a.br {
			if a.zero == nil {
				a.zero, a.zeroSum = encodeBlock(make([]byte, BlockBytes), a.width, nil)
			}
			if err := a.block(a.zero, a.zeroSum, a.br); err != nil {
				return err
			}
			have += a.br
			continue
		}
		k := min(to-have, a.blockRecs()-int64(len(a.pending)/a.width))
		if err := a.raw(make([]byte, k*int64(a.width))); err != nil {
			return err
		}
		have += k
	}
	return nil
}

var errPart = errors.New("a damaged part file")

// part streams one part file, checking it against its description p.
func (a *assembler) part(rc io.Reader, p Part, game string, t uint64) error {
	r := &crcReader{r: bufio.NewReaderSize(rc, 1<<20)}
	hb := make([]byte, headerSize)
	if err := r.full(hb); err != nil {
		return err
	}
	if string(hb[:8]) != partMagic || crc(hb[:60]) != binary.LittleEndian.Uint32(hb[60:]) {
		return fmt.Errorf("%w: its header is not a part's", errPart)
	}
	if want := p.header(game, t, a.size); string(hb) != string(want) {
		return fmt.Errorf("%w: its header is not the one of this game, tier, range and width", errPart)
	}
	l := layout(p.First, p.Len, a.size, p.Width)
	wd := int64(p.Width)
	// add takes records at the part's width.
	add := func(b []byte) error {
		if p.Width == a.width {
			return a.raw(b)
		}
		wide := Records{Width: 1, Data: b}.Widen()
		return a.raw(wide.Data)
	}
	chunk := make([]byte, BlockBytes)
	rawRun := func(n int64) error {
		for n > 0 {
			k := min(n, int64(len(chunk)))
			if err := r.full(chunk[:k]); err != nil {
				return err
			}
			if err := add(chunk[:k]); err != nil {
				return err
			}
			n -= k
		}
		return nil
	}
	if err := rawRun((l.headEnd - p.First) * wd); err != nil {
		return err
	}
	br := int64(BlockBytes / p.Width)
	var bh [8]byte
	for b := l.b0; b < l.b1; b++ {
		if err := r.full(bh[:]); err != nil {
			return err
		}
		clen, sum := binary.LittleEndian.Uint32(bh[:]), binary.LittleEndian.Uint32(bh[4:])
		if clen > 2*BlockBytes {
			return fmt.Errorf("%w: block %d of %d compressed bytes", errPart, b, clen)
		}
		recs := min(br, a.size-b*br)
		if cap(a.comp) < int(clen) {
			a.comp = make([]byte, 2*BlockBytes)
		}
		comp := a.comp[:clen]
		if err := r.full(comp); err != nil {
			return err
		}
		if p.Width == a.width && len(a.pending) == 0 && a.rank == b*br {
			if err := a.block(comp, sum, recs); err != nil {
				return err
			}
			continue
		}
		out, err := decodeBlock(WriteFormat, comp, p.Width, int(recs*wd), sum, a.plain)
		if err != nil {
			return fmt.Errorf("%w: block %d: %v", errPart, b, err)
		}
		a.plain = out
		if err := add(out); err != nil {
			return err
		}
	}
	if err := rawRun((l.end - l.tailStart) * wd); err != nil {
		return err
	}
	body := r.sum
	fb := make([]byte, partFooterSize)
	if err := r.full(fb); err != nil {
		return err
	}
	if string(fb[12:]) != partFooterTag || int64(binary.LittleEndian.Uint64(fb)) != l.b1-l.b0 ||
		binary.LittleEndian.Uint32(fb[8:]) != body || r.sum != p.CRC {
		return fmt.Errorf("%w: its footer or checksum does not match", errPart)
	}
	if _, err := r.r.Read(fb[:1]); err != io.EOF {
		return fmt.Errorf("%w: bytes after its footer", errPart)
	}
	if r.n != p.Bytes {
		return fmt.Errorf("%w: %d bytes, want %d", errPart, r.n, p.Bytes)
	}
	return nil
}

// crcReader reads whole buffers and keeps the crc32c of what it read.
type crcReader struct {
	r   io.Reader
	sum uint32
	n   int64
}

func (c *crcReader) full(b []byte) error {
	if _, err := io.ReadFull(c.r, b); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return fmt.Errorf("%w: it ends early (truncated?)", errPart)
		}
		return err
	}
	c.sum = crc32.Update(c.sum, castagnoli, b)
	c.n += int64(len(b))
	return nil
}

// spillAt is how many bytes of block index AssembleTier keeps in memory
// before it moves them to a temporary file (2 GiB of records at 1 byte a
// record; tests lower it).
var spillAt = 4 << 20

// spill is the block index being built: in memory, then in a temporary
// file (os.TempDir) past spillAt bytes.
type spill struct {
	buf []byte
	f   *os.File
}

func (s *spill) add(e []byte) error {
	s.buf = append(s.buf, e...)
	if len(s.buf) < spillAt {
		return nil
	}
	if s.f == nil {
		f, err := os.CreateTemp("", "grundy-index-*")
		if err != nil {
			return err
		}
		s.f = f
	}
	if _, err := s.f.Write(s.buf); err != nil {
		return err
	}
	s.buf = s.buf[:0]
	return nil
}

// copyTo writes the index through put and returns its crc32c.
func (s *spill) copyTo(put func([]byte) error) (uint32, error) {
	var sum uint32
	if s.f != nil {
		if _, err := s.f.Seek(0, io.SeekStart); err != nil {
			return 0, err
		}
		buf := make([]byte, 1<<20)
		for {
			k, err := s.f.Read(buf)
			if k > 0 {
				sum = crc32.Update(sum, castagnoli, buf[:k])
				if err := put(buf[:k]); err != nil {
					return 0, err
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				return 0, err
			}
		}
	}
	sum = crc32.Update(sum, castagnoli, s.buf)
	return sum, put(s.buf)
}

func (s *spill) close() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
	}
}

// ScanTier checks a tier file of size bytes through r (path is how
// errors name it) as DecodeTier does — tier t of game with the given
// number of records, every block's checksum, the index's, the whole
// file's crc32c — reading it block by block and its index a chunk at a
// time, so it holds neither the tier's records nor its index, and
// returns the file's description. A damaged or foreign file is a
// *CorruptError.
func ScanTier(r io.ReaderAt, size int64, path, game string, rk Ranking, t uint64, name string, records int64) (TierInfo, error) {
	tf, err := readTierFile(r, size, path)
	if err != nil {
		return TierInfo{}, err
	}
	h := &tf.h
	if h.GameHash != GameHash(game) || h.Tier != t || h.Records != records {
		return TierInfo{}, corrupt(path, -1, "the file of another game or tier")
	}
	if h.Version != WriteFormat {
		return TierInfo{}, corrupt(path, -1, "format version %d, written before this grundy's %d", h.Version, WriteFormat)
	}
	info := TierInfo{Tier: t, Name: name, Size: records, Width: h.Width, File: TierFileName(t), Bytes: size}
	const chunk = 1 << 16 // entries
	ib := make([]byte, 0, chunk*entrySize)
	var isum uint32
	var comp, plain []byte
	next := int64(headerSize)
	for b0 := int64(0); b0 < h.blocks; b0 += chunk {
		ib = ib[:min(chunk, h.blocks-b0)*entrySize]
		if _, err := r.ReadAt(ib, h.indexOffset+b0*entrySize); err != nil {
			return TierInfo{}, corrupt(path, -1, "reading the block index: %v", err)
		}
		isum = crc32.Update(isum, castagnoli, ib)
		for i := range int64(len(ib) / entrySize) {
			b := b0 + i
			e := decodeEntry(ib[i*entrySize:])
			if e.off != next || e.clen > 2*BlockBytes || e.off+int64(e.clen) > h.indexOffset {
				return TierInfo{}, corrupt(path, b, "the block index is inconsistent")
			}
			next += int64(e.clen)
			if cap(comp) < int(e.clen) {
				comp = make([]byte, 2*BlockBytes)
			}
			if _, err := r.ReadAt(comp[:e.clen], e.off); err != nil {
				return TierInfo{}, corrupt(path, b, "reading: %v", err)
			}
			out, err := decodeBlock(h.Version, comp[:e.clen], h.Width, tf.blockLen(b), e.sum, plain)
			if err != nil {
				return TierInfo{}, corrupt(path, b, "%v", err)
			}
			plain = out
			info.Count.AddCount(CountTier(rk, t, b*h.BlockRecs, Records{Width: h.Width, Data: out}))
		}
	}
	if isum != h.indexSum {
		return TierInfo{}, corrupt(path, -1, "the block index's checksum does not match")
	}
	if next != h.indexOffset {
		return TierInfo{}, corrupt(path, -1, "the blocks do not end where the index starts")
	}
	if info.CRC, err = fileCRC(r, size); err != nil {
		return TierInfo{}, corrupt(path, -1, "%v", err)
	}
	return info, nil
}
