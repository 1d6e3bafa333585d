package db

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/crc64"
	"io"
	"math/bits"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// The layout of a tier file (doc.go says it in words).
const (
	tierMagic   = "GRDYTIER"
	footerMagic = "GRDYEND1"
	headerSize  = 64
	footerSize  = 32
	entrySize   = 16
	// BlockBytes is the uncompressed size of a block of records: a lookup
	// decompresses one, so it trades compression (larger blocks compress
	// better) against the time of a query. Measured on Connect-4 5x4
	// (BENCHMARKS.md): 64 KiB blocks take 28 µs a warm lookup, 8 KiB ones
	// 15 µs, for 13% more bytes.
	BlockBytes = 8 << 10
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func crc(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// GameHash is the 64-bit digest of a game spec stored in each tier file's
// header, so that a file of another game is never taken for this one's.
func GameHash(spec string) uint64 { return crc64.Checksum([]byte(spec), crc64.MakeTable(crc64.ECMA)) }

// fileHeader is what a tier file's header says.
type fileHeader struct {
	Version     uint32
	Width       int
	Tier        uint64
	Records     int64
	BlockRecs   int64
	GameHash    uint64
	blocks      int64
	indexOffset int64
	indexSum    uint32
}

func (h *fileHeader) encode() []byte {
	b := make([]byte, headerSize)
	copy(b, tierMagic)
	binary.LittleEndian.PutUint32(b[8:], h.Version)
	binary.LittleEndian.PutUint32(b[12:], uint32(h.Width))
	binary.LittleEndian.PutUint64(b[16:], h.Tier)
	binary.LittleEndian.PutUint64(b[24:], uint64(h.Records))
	binary.LittleEndian.PutUint32(b[32:], uint32(h.BlockRecs))
	binary.LittleEndian.PutUint64(b[40:], h.GameHash)
	binary.LittleEndian.PutUint32(b[60:], crc(b[:60]))
	return b
}

// blockEntry locates one compressed block and checks its contents.
type blockEntry struct {
	off  int64
	clen uint32
	sum  uint32 // crc32c of the uncompressed records
}

var (
	encOnce sync.Once
	encoder *zstd.Encoder
	decOnce sync.Once
	decoder *zstd.Decoder
)

// zencOptions are the options of both encoders. EncodeAll is
// deterministic for given options whatever the concurrency, so parallel
// compression writes the same bytes.
func zencOptions() []zstd.EOption {
	return []zstd.EOption{zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
		zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)),
		zstd.WithZeroFrames(true)}
}

// zenc is the encoder of key files' blocks and of the zstd streams of
// tier files' blocks (blockform.go).
func zenc() *zstd.Encoder {
	encOnce.Do(func() {
		encoder, _ = zstd.NewWriter(nil, zencOptions()...)
	})
	return encoder
}

func zdec() *zstd.Decoder {
	decOnce.Do(func() {
		// The cap limit keeps a damaged frame from decoding into more
		// than one block's bytes.
		decoder, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)),
			zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderMaxMemory(4*BlockBytes))
	})
	return decoder
}

// encodeBlock compresses one block's records raw (of width bytes each,
// rank by rank, empty ones included) into dst's space and returns the
// block's bytes in the file with the checksum its index entry keeps. It
// is the one encoder of a block: writeTierFile and the part files of
// parts.go use it, so a tier written whole or in parts has the same
// bytes. What it compresses is the block's sparse form (sparseBlock,
// doc.go): the bitmap of its non-empty ranks, then their records, coded
// in format 5's form (encodeModelBlock); the checksum is the crc32c of
// that sparse form (format 3), so that a lookup checks the block without
// spreading its records to their ranks.
func encodeBlock(raw []byte, width int, dst []byte) (comp []byte, sum uint32) {
	return encodeBlockV(WriteFormat, raw, width, dst)
}

// encodeBlockV is encodeBlock for format v, 5 or 6: tests write format
// 5's blocks with it to compare the two formats.
func encodeBlockV(v uint32, raw []byte, width int, dst []byte) (comp []byte, sum uint32) {
	sp := sparsePool.Get().(*[]byte)
	*sp = sparseBlock((*sp)[:0], raw, width)
	if v >= 6 {
		comp = encodeBlock6(dst[:0], raw, *sp, width)
	} else {
		comp = encodeModelBlock(dst[:0], *sp, len(raw)/width, width)
	}
	sum = crc(*sp)
	sparsePool.Put(sp)
	return comp, sum
}

var sparsePool = sync.Pool{New: func() any { b := make([]byte, 0, bitmapBytes(BlockBytes)+BlockBytes); return &b }}

// bitmapBytes is the length of the bitmap of a block of k ranks: one bit
// a rank, in whole 64-bit words.
func bitmapBytes(k int) int { return (k + 63) / 64 * 8 }

// sparseBlock appends to dst the sparse form of a block's records raw:
// the bitmap of its ranks that hold a record (bit i of little-endian
// word i/64: rank i of the block), then those records in rank order.
func sparseBlock(dst, raw []byte, width int) []byte {
	k := len(raw) / width
	at := len(dst)
	dst = append(dst, make([]byte, bitmapBytes(k))...)
	// The bitmap is set through dst, which append may move.
	// Eight bytes at a time past empty ranks (Empty is 0): most of a
	// sparse tier's.
	i := 0
	for ; i+8 <= len(raw); i += 8 {
		if binary.LittleEndian.Uint64(raw[i:]) == 0 {
			continue
		}
		if width == 1 {
			for j := i; j < i+8; j++ {
				if c := raw[j]; c != Empty {
					dst[at+j>>3] |= 1 << (j & 7)
					dst = append(dst, c)
				}
			}
			continue
		}
		for j := i / 2; j < i/2+4; j++ {
			if lo, hi := raw[2*j], raw[2*j+1]; lo != 0 || hi != 0 {
				dst[at+j>>3] |= 1 << (j & 7)
				dst = append(dst, lo, hi)
			}
		}
	}
	if width == 1 {
		for ; i < len(raw); i++ {
			if c := raw[i]; c != Empty {
				dst[at+i>>3] |= 1 << (i & 7)
				dst = append(dst, c)
			}
		}
		return dst
	}
	for i := i / 2; i < k; i++ {
		if raw[2*i] != 0 || raw[2*i+1] != 0 {
			dst[at+i>>3] |= 1 << (i & 7)
			dst = append(dst, raw[2*i], raw[2*i+1])
		}
	}
	return dst
}

// checkSparse checks that sp is the sparse form of a block of want bytes
// of records of width bytes each, as far as its lengths say: its bitmap
// marks no rank past the block's and as many records as follow it.
func checkSparse(sp []byte, width, want int) error {
	k := want / width
	nb := bitmapBytes(k)
	if len(sp) < nb {
		return fmt.Errorf("decompresses to %d bytes, less than its bitmap's %d", len(sp), nb)
	}
	bm, recs := sp[:nb], sp[nb:]
	ones := 0
	for i := 0; i < nb; i += 8 {
		ones += bits.OnesCount64(binary.LittleEndian.Uint64(bm[i:]))
	}
	if ones*width != len(recs) {
		return fmt.Errorf("its bitmap marks %d records, it holds %d bytes of them", ones, len(recs))
	}
	if k%64 != 0 && binary.LittleEndian.Uint64(bm[nb-8:])>>(k%64) != 0 {
		return fmt.Errorf("its bitmap marks ranks past the block's %d", k)
	}
	return nil
}

// sparseGet returns the record of rank i of a block of k ranks from its
// sparse form sp (checked by checkSparse): the set bits of the bitmap
// before i count the records before rank i's. An error when the bitmap
// marks a record that is empty, which sparseBlock never writes.
func sparseGet(sp []byte, width, k, i int) (uint16, error) {
	w := i >> 6
	word := binary.LittleEndian.Uint64(sp[w*8:])
	if word>>(i&63)&1 == 0 {
		return Empty, nil
	}
	j := bits.OnesCount64(word & (1<<(i&63) - 1))
	for x := 0; x < w; x++ {
		j += bits.OnesCount64(binary.LittleEndian.Uint64(sp[x*8:]))
	}
	at := bitmapBytes(k) + j*width
	c := uint16(sp[at])
	if width == 2 {
		c = binary.LittleEndian.Uint16(sp[at:])
	}
	if c == Empty {
		return 0, fmt.Errorf("its bitmap marks an empty record")
	}
	return c, nil
}

// expandBlock is sparseBlock's inverse: the want bytes of records (of
// width bytes each) from the sparse form sp, into dst's space; an error
// when sp is not the sparse form of a block of that length.
func expandBlock(sp []byte, width, want int, dst []byte) ([]byte, error) {
	if err := checkSparse(sp, width, want); err != nil {
		return nil, err
	}
	nb := bitmapBytes(want / width)
	bm, recs := sp[:nb], sp[nb:]
	if cap(dst) < want {
		dst = make([]byte, want)
	}
	out := dst[:want]
	clear(out)
	if width == 1 {
		// The common width, without a copy call a record: reading a tier
		// expands every block, so this loop is most of its time.
		j := 0
		for w := 0; w < nb; w += 8 {
			for x := binary.LittleEndian.Uint64(bm[w:]); x != 0; x &= x - 1 {
				c := recs[j]
				if c == 0 {
					return nil, fmt.Errorf("its bitmap marks an empty record")
				}
				out[w*8+bits.TrailingZeros64(x)] = c
				j++
			}
		}
		return out, nil
	}
	j := 0
	for w := 0; w < nb; w += 8 {
		for x := binary.LittleEndian.Uint64(bm[w:]); x != 0; x &= x - 1 {
			i := w*8 + bits.TrailingZeros64(x)
			r := recs[j : j+width]
			if r[0] == 0 && r[1] == 0 {
				// sparseBlock leaves empty records out.
				return nil, fmt.Errorf("its bitmap marks an empty record")
			}
			copy(out[i*width:], r)
			j += width
		}
	}
	return out, nil
}

// decodeSparse decompresses the bytes comp of a block of format 2 or
// later, of want bytes of records of width bytes each, into its sparse
// form in dst's space, and checks its lengths (checkSparse) and, in
// format 3 and later, its checksum sum.
func decodeSparse(v uint32, comp []byte, width, want int, sum uint32, dst []byte) ([]byte, error) {
	limit := want + bitmapBytes(want/width)
	if cap(dst) < limit {
		// Room for any block's sparse form, so that the buffer can
		// serve another block (the block cache's spare).
		dst = make([]byte, 0, max(limit, BlockBytes+bitmapBytes(BlockBytes)))
	}
	if v >= 5 {
		out, err := decodeBlock56(v, comp, width, want, dst[:0:limit])
		if err != nil {
			return nil, err
		}
		if crc(out) != sum {
			return nil, errChecksum
		}
		return out, nil
	}
	out, err := zdec().DecodeAll(comp, dst[:0:limit])
	if err != nil {
		return nil, fmt.Errorf("cannot decompress: %v", err)
	}
	if v >= 3 && crc(out) != sum {
		return nil, errChecksum
	}
	if err := checkSparse(out, width, want); err != nil {
		return nil, err
	}
	return out, nil
}

var errChecksum = errors.New("the checksum does not match")

// decodeBlock is encodeBlock's inverse for a file of format version v:
// the want bytes of records (of width bytes each) of a block from its
// bytes in the file, into dst's space, checked against sum, its index
// entry's checksum (of the sparse form in format 3 and later, of the
// records before). In version 1 a block is its records as they are, rank
// by rank.
func decodeBlock(v uint32, comp []byte, width, want int, sum uint32, dst []byte) ([]byte, error) {
	if v < 2 {
		if cap(dst) < want {
			dst = make([]byte, 0, want)
		}
		out, err := zdec().DecodeAll(comp, dst[:0:want])
		if err != nil {
			return nil, fmt.Errorf("cannot decompress: %v", err)
		}
		if len(out) != want {
			return nil, fmt.Errorf("decompresses to %d bytes, want %d", len(out), want)
		}
		if crc(out) != sum {
			return nil, errChecksum
		}
		return out, nil
	}
	p := sparsePool.Get().(*[]byte)
	defer sparsePool.Put(p)
	sp, err := decodeSparse(v, comp, width, want, sum, *p)
	if err != nil {
		return nil, err
	}
	*p = sp
	out, err := expandBlock(sp, width, want, dst)
	if err != nil {
		return nil, err
	}
	if v < 3 && crc(out) != sum {
		return nil, errChecksum
	}
	return out, nil
}

// writeTierFile writes recs as a tier file to w and returns its length and
// the crc32c of all its bytes.
func writeTierFile(w io.Writer, h fileHeader, recs Records) (n int64, sum uint32, err error) {
	h.Width = recs.Width
	h.Records = recs.Len()
	src := func(b int64, _ []byte) ([]byte, error) {
		return recs.Data[b*BlockBytes : min((b+1)*BlockBytes, int64(len(recs.Data)))], nil
	}
	return writeTierBlocks(w, h, src)
}

// writeTierBlocks writes a tier file of h.Records records of h.Width
// bytes to w, in format h.Version (WriteFormat when 0), block b's
// records raw (rank by rank) from src(b, buf), which may use buf's
// space and is called once a block, in order, from one goroutine; it
// returns the file's length and the crc32c of all its bytes. Blocks are
// coded in parallel and written in order (codeBlocks), so memory holds
// a window of blocks and the index (16 bytes a block).
func writeTierBlocks(w io.Writer, h fileHeader, src func(b int64, buf []byte) ([]byte, error)) (n int64, sum uint32, err error) {
	return writeTierBlocksFree(w, h, src, false, nil)
}

// writeTierBlocksFree is writeTierBlocks for format 7 when mask is not
// nil: mask(b, raw, buf) is block b's mask of free records (freeMask),
// called after src(b). Both are called in order from one goroutine, or
// with parallelSrc on the coding goroutines, in any order and at once
// (codeBlocksOn).
func writeTierBlocksFree(w io.Writer, h fileHeader, src func(b int64, buf []byte) ([]byte, error), parallelSrc bool, mask func(b int64, raw, buf []byte) []byte) (n int64, sum uint32, err error) {
	h.BlockRecs = int64(BlockBytes / h.Width)
	if h.Version == 0 {
		h.Version = WriteFormat
	}
	var total uint32
	put := func(b []byte) error {
		total = crc32.Update(total, castagnoli, b)
		m, err := w.Write(b)
		n += int64(m)
		return err
	}
	if err := put(h.encode()); err != nil {
		return n, 0, err
	}
	blocks := (h.Records + h.BlockRecs - 1) / h.BlockRecs
	index := make([]byte, 0, blocks*entrySize)
	checked := func(b int64, buf []byte) ([]byte, error) {
		raw, err := src(b, buf)
		if err != nil {
			return nil, err
		}
		if want := int(min(h.BlockRecs, h.Records-b*h.BlockRecs)) * h.Width; len(raw) != want {
			return nil, fmt.Errorf("block %d has %d bytes of records, want %d", b, len(raw), want)
		}
		return raw, nil
	}
	err = codeBlocksOn(blocks, h.Version, h.Width, checked, parallelSrc, mask, func(_ int64, comp []byte, sum uint32) error {
		index = binary.LittleEndian.AppendUint64(index, uint64(n))
		index = binary.LittleEndian.AppendUint32(index, uint32(len(comp)))
		index = binary.LittleEndian.AppendUint32(index, sum)
		return put(comp)
	})
	if err != nil {
		return n, 0, err
	}
	indexOffset := n
	if err := put(index); err != nil {
		return n, 0, err
	}
	if err := put(encodeFooter(indexOffset, blocks, crc(index))); err != nil {
		return n, 0, err
	}
	return n, total, nil
}

// encodeFooter is a tier file's footer: where its block index starts,
// its number of blocks and the index's crc32c.
func encodeFooter(indexOffset, blocks int64, indexSum uint32) []byte {
	f := make([]byte, footerSize)
	binary.LittleEndian.PutUint64(f[0:], uint64(indexOffset))
	binary.LittleEndian.PutUint64(f[8:], uint64(blocks))
	binary.LittleEndian.PutUint32(f[16:], indexSum)
	binary.LittleEndian.PutUint32(f[20:], crc(f[:20]))
	copy(f[24:], footerMagic)
	return f
}

// tierFile is an open tier file: its header and footer, read and checked
// once, and its block index once loaded; blocks are read on demand with ReadAt (pread), which is
// safe for concurrent use.
type tierFile struct {
	f     *os.File
	name  string // as errors show it
	h     fileHeader
	index []blockEntry
	size  int64
	// tail holds the file's bytes from tailOff up to the footer: the
	// index's last entries.
	tail       []byte
	tailOff    int64
	footerRead bool // the footer was read and checked (readFooter)
	// pages holds the pages of the block index that lookups read (see
	// entry), by page of the file from the index's first: nil until
	// one is read.
	pages []atomic.Pointer[[indexPage]byte]
}

// indexPage is how much of a tier file's block index a lookup reads at a
// time and keeps: one page of the file (256 entries, 2 Mi records), the
// least a read from the disk fetches anyway.
const indexPage = 4096

// tailIndex is how much of the index's end a tier file's opening reads
// with the footer: 64 KiB, the entries of 4,096 blocks (32 Mi records),
// so that a cold lookup in such a tier reads the manifest, the header,
// the tail and one block, and no separate index entry.
const tailIndex = 64 << 10

// CorruptError is the error of a damaged or foreign database file.
type CorruptError struct {
	File  string
	Block int64 // -1 when not about one block
	Msg   string
}

func (e *CorruptError) Error() string {
	if e.Block >= 0 {
		return fmt.Sprintf("%s: block %d: %s", e.File, e.Block, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ErrCorrupt is matched (errors.Is) by every *CorruptError.
var ErrCorrupt = errors.New("damaged database file")

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }

func corrupt(file string, block int64, format string, args ...any) error {
	return &CorruptError{File: file, Block: block, Msg: fmt.Sprintf(format, args...)}
}

// openTierFile opens and checks the header and footer of a tier file; name is how errors call it.
func openTierFile(path, name string) (*tierFile, error) { return openTier(path, name, false) }

// openTier opens a tier file and checks its header, and its footer
// unless lazy: a lookup (DB) opens it lazily, reading the header alone
// and placing the index from the header and the file's length, so that
// a cold lookup reads the header, one index entry and one block. A
// damaged footer cannot make a lookup wrong (see entry); reading a whole
// tier (loadIndex) reads and checks the footer first.
func openTier(path, name string, lazy bool) (*tierFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	var t *tierFile
	if lazy {
		if st.Size() > readaheadMax {
			// Reading ahead of a lookup's few pages would read
			// pages it does not need; a small file is read whole
			// with its header.
			adviseRandom(f)
		}
		t, err = readTierHeader(f, st.Size(), name)
	} else {
		t, err = readTierFile(f, st.Size(), name)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	t.f = f
	return t, nil
}

// readaheadMax is the length of a tier file up to which a lookup lets
// the kernel read ahead: one read of its header then brings the whole
// file (Linux's first read-ahead is 128 KiB).
const readaheadMax = 128 << 10

// readTierFile checks the structure of a tier file of the given size read
// through r.
// readHeader reads the header of a file of size bytes that must be a
// kind ("tier file", "key file") with the given magic, and checks its
// checksum; the file must be long enough for a header and a footer.
func readHeader(r io.ReaderAt, size int64, name, magic, kind string) ([]byte, error) {
	if size < headerSize+footerSize {
		return nil, corrupt(name, -1, "%d bytes, too short for a %s (truncated?)", size, kind)
	}
	hb := make([]byte, headerSize)
	if _, err := r.ReadAt(hb, 0); err != nil {
		return nil, corrupt(name, -1, "reading the header: %v", err)
	}
	if string(hb[:8]) != magic {
		return nil, corrupt(name, -1, "not a grundy %s", kind)
	}
	if crc(hb[:60]) != binary.LittleEndian.Uint32(hb[60:]) {
		return nil, corrupt(name, -1, "the header's checksum does not match")
	}
	return hb, nil
}

func readTierFile(r io.ReaderAt, size int64, name string) (*tierFile, error) {
	t, err := readTierHeader(r, size, name)
	if err != nil {
		return nil, err
	}
	if err := t.readFooter(r); err != nil {
		return nil, err
	}
	return t, nil
}

// readTierHeader reads and checks the header of a tier file of size
// bytes read through r, and places its block index and footer where the
// header's number of records and the file's length put them.
func readTierHeader(r io.ReaderAt, size int64, name string) (*tierFile, error) {
	t := &tierFile{name: name, size: size}
	hb, err := readHeader(r, size, name, tierMagic, "tier file")
	if err != nil {
		return nil, err
	}
	h := &t.h
	h.Version = binary.LittleEndian.Uint32(hb[8:])
	h.Width = int(binary.LittleEndian.Uint32(hb[12:]))
	h.Tier = binary.LittleEndian.Uint64(hb[16:])
	h.Records = int64(binary.LittleEndian.Uint64(hb[24:]))
	h.BlockRecs = int64(binary.LittleEndian.Uint32(hb[32:]))
	h.GameHash = binary.LittleEndian.Uint64(hb[40:])
	if h.Version < 1 || h.Version > FormatVersion {
		return nil, corrupt(name, -1, "format version %d, this grundy reads 1 to %d", h.Version, FormatVersion)
	}
	if (h.Width != 1 && h.Width != 2) || h.BlockRecs != int64(BlockBytes/h.Width) || h.Records < 0 || h.Records > 1<<48 {
		return nil, corrupt(name, -1, "the header is inconsistent (width %d, %d records, blocks of %d)", h.Width, h.Records, h.BlockRecs)
	}
	h.blocks = (h.Records + h.BlockRecs - 1) / h.BlockRecs
	h.indexOffset = size - footerSize - h.blocks*entrySize
	if h.indexOffset < headerSize {
		return nil, corrupt(name, -1, "%d bytes, too short for its %d blocks (truncated?)", size, h.blocks)
	}
	t.tailOff = size - footerSize
	if h.blocks > 0 {
		first, last := h.indexOffset/indexPage, (t.tailOff-1)/indexPage
		t.pages = make([]atomic.Pointer[[indexPage]byte], last-first+1)
	}
	return t, nil
}

// readFooter reads and checks the footer, with the end of the index
// before it in the same read.
func (t *tierFile) readFooter(r io.ReaderAt) error {
	if t.footerRead {
		return nil
	}
	h, size, name := &t.h, t.size, t.name
	// The footer with the end of the index before it, in one read: a
	// small tier's whole index comes with it, so a cold lookup needs no
	// read of its own for the block's entry.
	tail := make([]byte, min(size-headerSize, footerSize+tailIndex))
	t.tailOff = size - int64(len(tail))
	if _, err := r.ReadAt(tail, t.tailOff); err != nil {
		return corrupt(name, -1, "reading the footer: %v", err)
	}
	fb := tail[len(tail)-footerSize:]
	t.tail = tail[:len(tail)-footerSize]
	if string(fb[24:]) != footerMagic || crc(fb[:20]) != binary.LittleEndian.Uint32(fb[20:]) {
		return corrupt(name, -1, "the footer is damaged (truncated file?)")
	}
	if int64(binary.LittleEndian.Uint64(fb[0:])) != h.indexOffset || int64(binary.LittleEndian.Uint64(fb[8:])) != h.blocks {
		return corrupt(name, -1, "the footer does not match the header and the file's length")
	}
	h.indexSum = binary.LittleEndian.Uint32(fb[16:])
	t.footerRead = true
	return nil
}

// loadIndex reads the whole block index and checks its checksum and that
// the blocks tile the file from the header to the index.
func (t *tierFile) loadIndex(r io.ReaderAt) error {
	if t.index != nil {
		return nil
	}
	if err := t.readFooter(r); err != nil {
		return err
	}
	h := &t.h
	ib := make([]byte, h.blocks*entrySize)
	if _, err := r.ReadAt(ib, h.indexOffset); err != nil {
		return corrupt(t.name, -1, "reading the block index: %v", err)
	}
	if crc(ib) != h.indexSum {
		return corrupt(t.name, -1, "the block index's checksum does not match")
	}
	index := make([]blockEntry, h.blocks)
	next := int64(headerSize)
	for i := range index {
		e := decodeEntry(ib[i*entrySize:])
		if e.off != next || e.clen > 2*BlockBytes {
			return corrupt(t.name, int64(i), "the block index is inconsistent")
		}
		next += int64(e.clen)
		index[i] = e
	}
	if next != h.indexOffset {
		return corrupt(t.name, -1, "the blocks do not end where the index starts")
	}
	t.index = index
	return nil
}

func decodeEntry(b []byte) blockEntry {
	return blockEntry{
		off:  int64(binary.LittleEndian.Uint64(b)),
		clen: binary.LittleEndian.Uint32(b[8:]),
		sum:  binary.LittleEndian.Uint32(b[12:]),
	}
}

// entry returns block b's index entry: from the loaded index, or from
// the page of the file that holds it (two pages when it straddles
// them), read once and kept (pages): a cold lookup reads the one page of
// the index the disk would fetch for the entry anyway, not all of it,
// and a warm one reads its entry from memory without a system call. An
// entry read this way is not covered by the index's checksum, but a
// damaged one cannot give a wrong answer: it points at bytes that fail
// to decompress to a block whose checksum is the entry's, unless they are
// a block with the very same records.
func (t *tierFile) entry(r io.ReaderAt, b int64) (blockEntry, error) {
	if t.index != nil {
		return t.index[b], nil
	}
	var eb [entrySize]byte
	at := t.h.indexOffset + b*entrySize
	if at >= t.tailOff {
		copy(eb[:], t.tail[at-t.tailOff:])
	} else {
		for n := 0; n < entrySize; {
			pg, err := t.indexPage(r, (at+int64(n))/indexPage)
			if err != nil {
				return blockEntry{}, corrupt(t.name, b, "reading its index entry: %v", err)
			}
			n += copy(eb[n:], pg[(at+int64(n))%indexPage:])
		}
	}
	e := decodeEntry(eb[:])
	if e.off < headerSize || e.clen > 2*BlockBytes || e.off+int64(e.clen) > t.h.indexOffset {
		return blockEntry{}, corrupt(t.name, b, "its index entry is inconsistent")
	}
	return e, nil
}

// indexPage returns page p of the file (bytes p*indexPage up to the
// next page), read once: only its bytes of the block index are read and
// meaningful. Safe for concurrent use: two lookups that read the same
// page at once read the same bytes, and one of them is kept.
func (t *tierFile) indexPage(r io.ReaderAt, p int64) (*[indexPage]byte, error) {
	slot := &t.pages[p-t.h.indexOffset/indexPage]
	if pg := slot.Load(); pg != nil {
		return pg, nil
	}
	pg := new([indexPage]byte)
	lo, hi := max(p*indexPage, t.h.indexOffset), min((p+1)*indexPage, t.tailOff)
	if _, err := r.ReadAt(pg[lo-p*indexPage:hi-p*indexPage], lo); err != nil {
		return nil, err
	}
	if !slot.CompareAndSwap(nil, pg) {
		pg = slot.Load()
	}
	return pg, nil
}

// blockLen is the uncompressed length in bytes of block b.
func (t *tierFile) blockLen(b int64) int {
	recs := min(t.h.BlockRecs, t.h.Records-b*t.h.BlockRecs)
	return int(recs) * t.h.Width
}

// readBlock reads, decompresses and checks block b into dst (reused when
// it has the capacity), reading through r.
func (t *tierFile) readBlock(r io.ReaderAt, b int64, dst []byte) ([]byte, error) {
	p := compPool.Get().(*[]byte)
	defer compPool.Put(p)
	e, comp, err := t.readComp(r, b, *p)
	if err != nil {
		return nil, err
	}
	out, err := decodeBlock(t.h.Version, comp, t.h.Width, t.blockLen(b), e.sum, dst)
	if err != nil {
		return nil, corrupt(t.name, b, "%v", err)
	}
	return out, nil
}

// readSparse reads and decompresses block b of a file of format 3 or
// later and checks it: its sparse form, in dst's space (reused when it
// has the capacity).
func (t *tierFile) readSparse(r io.ReaderAt, b int64, dst []byte) ([]byte, error) {
	p := compPool.Get().(*[]byte)
	defer compPool.Put(p)
	e, comp, err := t.readComp(r, b, *p)
	if err != nil {
		return nil, err
	}
	sp, err := decodeSparse(t.h.Version, comp, t.h.Width, t.blockLen(b), e.sum, dst)
	if err != nil {
		return nil, corrupt(t.name, b, "%v", err)
	}
	return sp, nil
}

// readComp reads block b's index entry and its compressed bytes into
// buf's space.
func (t *tierFile) readComp(r io.ReaderAt, b int64, buf []byte) (blockEntry, []byte, error) {
	e, err := t.entry(r, b)
	if err != nil {
		return blockEntry{}, nil, err
	}
	if cap(buf) < int(e.clen) {
		buf = make([]byte, e.clen)
	}
	comp := buf[:e.clen]
	if _, err := r.ReadAt(comp, e.off); err != nil {
		return blockEntry{}, nil, corrupt(t.name, b, "reading: %v", err)
	}
	return e, comp, nil
}

// compPool holds buffers for a block's compressed bytes, which an index
// entry caps at 2*BlockBytes.
var compPool = sync.Pool{New: func() any { b := make([]byte, 2*BlockBytes); return &b }}

// readAll reads and checks every block into one Records, and checks that
// the whole file's crc32c is sum (when check is true).
func (t *tierFile) readAll(r io.ReaderAt, sum uint32, check bool) (Records, error) {
	if err := t.loadIndex(r); err != nil {
		return Records{}, err
	}
	recs := NewRecords(t.h.Records, t.h.Width)
	for b := range int64(len(t.index)) {
		dst := recs.Data[b*BlockBytes : b*BlockBytes : int64(len(recs.Data))]
		out, err := t.readBlock(r, b, dst)
		if err != nil {
			return Records{}, err
		}
		if len(out) > 0 && &out[0] != &recs.Data[b*BlockBytes] {
			copy(recs.Data[b*BlockBytes:], out)
		}
	}
	if check {
		got, err := fileCRC(r, t.size)
		if err != nil {
			return Records{}, corrupt(t.name, -1, "%v", err)
		}
		if got != sum {
			return Records{}, corrupt(t.name, -1, "the file's checksum does not match the manifest")
		}
	}
	return recs, nil
}

// fileCRC is the crc32c of the first size bytes read through r.
func fileCRC(r io.ReaderAt, size int64) (uint32, error) {
	buf := make([]byte, 1<<20)
	var sum uint32
	for off := int64(0); off < size; {
		n := min(int64(len(buf)), size-off)
		if _, err := r.ReadAt(buf[:n], off); err != nil {
			return 0, err
		}
		sum = crc32.Update(sum, castagnoli, buf[:n])
		off += n
	}
	return sum, nil
}
