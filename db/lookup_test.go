package db

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// countingReader counts the reads through it.
type countingReader struct {
	r     io.ReaderAt
	reads atomic.Int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads.Add(1)
	return c.r.ReadAt(p, off)
}

// TestIndexPages: a lookup reads a tier file's block index a page of the
// file at a time and keeps the pages, so that every entry comes from one
// read of its page (two for an entry across a page boundary) and the
// index is never read twice.
func TestIndexPages(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	// 600 blocks: an index of 9,600 bytes over 3 or 4 pages, starting
	// where an entry crosses a page (records drawn again until then).
	var file []byte
	for try := 0; ; try++ {
		recs := sparseRecords(r, 600*BlockBytes-5, 1, 0.02)
		var buf bytes.Buffer
		if _, _, err := writeTierFile(&buf, fileHeader{Tier: 9}, recs); err != nil {
			t.Fatal(err)
		}
		file = buf.Bytes()
		if (int64(len(file))-footerSize-600*entrySize)%entrySize != 0 {
			break
		}
		if try == 20 {
			t.Fatal("20 tier files whose index starts at a multiple of 16")
		}
	}
	cr := &countingReader{r: bytes.NewReader(file)}
	tf, err := readTierHeader(cr, int64(len(file)), "f")
	if err != nil {
		t.Fatal(err)
	}
	first, last := tf.h.indexOffset/indexPage, (tf.h.indexOffset+600*entrySize-1)/indexPage
	if int64(len(tf.pages)) != last-first+1 {
		t.Fatalf("%d pages for an index over file pages %d to %d", len(tf.pages), first, last)
	}
	whole, err := readTierFile(bytes.NewReader(file), int64(len(file)), "f")
	if err != nil {
		t.Fatal(err)
	}
	if err := whole.loadIndex(bytes.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	reads := cr.reads.Load() // the header's
	for _, b := range r.Perm(600) {
		e, err := tf.entry(cr, int64(b))
		if err != nil || e != whole.index[b] {
			t.Fatalf("block %d: %+v, %v; want %+v", b, e, err, whole.index[b])
		}
	}
	if got := cr.reads.Load() - reads; got != last-first+1 {
		t.Errorf("%d reads for the entries of %d pages", got, last-first+1)
	}
	for b := range int64(600) {
		if _, err := tf.entry(cr, b); err != nil {
			t.Fatal(err)
		}
	}
	if got := cr.reads.Load() - reads; got != last-first+1 {
		t.Errorf("%d reads after every entry was read twice, want %d", got, last-first+1)
	}
}

// TestIndexPageDamage: an entry damaged on disk, read from its page, is
// an error naming the block; the page it came from stays in memory and
// gives the same error, never a block.
func TestIndexPageDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	dir := t.TempDir()
	recs := sparseRecords(r, 300*BlockBytes, 1, 0.05)
	build(t, dir, "g", []builtTier{{4, recs}})
	p := filepath.Join(dir, TierFileName(4))
	file, _ := os.ReadFile(p)
	// Block 200's entry: its length made larger than any block.
	at := len(file) - footerSize - (300-200)*entrySize + 8
	file[at+3] = 0x7f
	os.WriteFile(p, file, 0o644)
	d, err := Open(dir, "g")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for range 2 {
		_, err := d.Code(4, 200*BlockBytes+7)
		var ce *CorruptError
		if !errors.As(err, &ce) || ce.Block != 200 || ce.File != p || ce.Msg != "its index entry is inconsistent" {
			t.Fatalf("a damaged entry: %v", err)
		}
	}
	for _, b := range []int64{0, 199, 201, 299} {
		i := b*BlockBytes + 3
		if c, err := d.Code(4, i); err != nil || c != recs.Get(i) {
			t.Fatalf("block %d beside the damaged entry: %d, %v; want %d", b, c, err, recs.Get(i))
		}
	}
}

// TestBlockCacheSpare: a block the cache evicts leaves its buffer for the
// next block read, and its element to the block inserted.
func TestBlockCacheSpare(t *testing.T) {
	c := newBlockCache(2)
	bufs := [][]byte{make([]byte, 3), make([]byte, 3), make([]byte, 3)}
	for i, b := range bufs {
		b[0] = byte(i + 1)
	}
	if s := c.spare(); s != nil {
		t.Fatalf("an empty cache has a spare buffer: %v", s)
	}
	c.put(blockKey{0, 0}, bufs[0])
	c.put(blockKey{0, 1}, bufs[1])
	var got byte
	if !c.get(blockKey{0, 0}, func(d []byte) { got = d[0] }) || got != 1 {
		t.Fatalf("block 0: %d", got)
	}
	// Block 1 is now the least recently used: it makes room.
	c.put(blockKey{1, 0}, bufs[2])
	if c.get(blockKey{0, 1}, func([]byte) { t.Fatal("read an evicted block") }) {
		t.Fatal("block 1 still cached")
	}
	if !c.get(blockKey{1, 0}, func(d []byte) { got = d[0] }) || got != 3 || c.ll.Len() != 2 || len(c.m) != 2 {
		t.Fatalf("the new block: %d, %d entries", got, c.ll.Len())
	}
	if s := c.spare(); len(s) != 3 || &s[0] != &bufs[1][0] {
		t.Fatalf("spare: %v, want block 1's buffer", s)
	}
	if s := c.spare(); s != nil {
		t.Fatalf("a second spare buffer: %v", s)
	}
	// A block put twice (two lookups read it at once) keeps the first
	// data and leaves the second buffer spare.
	dup := []byte{9}
	c.put(blockKey{1, 0}, dup)
	if !c.get(blockKey{1, 0}, func(d []byte) { got = d[0] }) || got != 3 {
		t.Fatalf("a block put twice: %d", got)
	}
	if s := c.spare(); len(s) != 1 || s[0] != 9 {
		t.Fatalf("the second buffer: %v", s)
	}
	for range 2 * maxSpare {
		c.put(blockKey{2, int64(len(c.m))}, make([]byte, 1))
		c.put(blockKey{3, int64(len(c.m))}, make([]byte, 1))
	}
	if len(c.free) != maxSpare {
		t.Fatalf("%d spare buffers kept, want %d", len(c.free), maxSpare)
	}
}

// TestLookupsSmallCache: lookups at random, from several goroutines at
// once, through a cache of three blocks that evicts all the time and
// hands the evicted buffers on, answer every rank as written, in both
// record widths.
func TestLookupsSmallCache(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	dir := t.TempDir()
	tiers := []builtTier{{0, sparseRecords(r, 40*BlockBytes+11, 1, 0.4)}, {1, sparseRecords(r, 20*BlockBytes/2+3, 2, 0.3)}}
	build(t, dir, "g", tiers)
	d, err := Open(dir, "g")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.cache = newBlockCache(3)
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 17))
			for range 3000 {
				bt := tiers[r.IntN(2)]
				i := r.Int64N(bt.recs.Len())
				if c, err := d.Code(bt.tier, i); err != nil || c != bt.recs.Get(i) {
					errs <- fmt.Sprintf("tier %d rank %d: %d, %v; want %d", bt.tier, i, c, err, bt.recs.Get(i))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// skewedRecords are n records of the given width, each non-empty with
// probability p, of a few codes, the small remotenesses more often, as a
// game's are: what entropy coding compresses.
func skewedRecords(r *rand.Rand, n int64, width int, p float64) Records {
	recs := NewRecords(n, width)
	for i := range n {
		if r.Float64() < p {
			recs.Set(i, uint16(4+min(int(r.ExpFloat64()*4), 40)))
		}
	}
	return recs
}

// TestOlderBlockForms: a block of formats 3 and 4, a zstd frame of the
// sparse form whose literals are stored raw (as format 4 wrote them) or
// Huffman-coded (as format 3 wrote them before), reads as the records it
// holds, and so does the same block in format 5's form.
func TestOlderBlockForms(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	rawLit := zencRawLit()
	for _, p := range []float64{0.1, 0.3, 0.9} {
		for _, width := range []int{1, 2} {
			recs := skewedRecords(r, BlockBytes/int64(width), width, p)
			comp, sum := encodeBlock(recs.Data, width, nil)
			sp := sparseBlock(nil, recs.Data, width)
			raw, huff := rawLit.EncodeAll(sp, nil), zenc().EncodeAll(sp, nil)
			if lt, err := literalsType(raw); err != nil || lt > 1 {
				t.Errorf("density %g, width %d: literals of type %d, %v; want raw (0) or RLE (1)", p, width, lt, err)
			}
			if lt, err := literalsType(huff); err != nil || lt != 2 {
				t.Errorf("density %g, width %d: the entropy coder's literals are of type %d, %v; want 2", p, width, lt, err)
			}
			for _, c := range []struct {
				v    uint32
				comp []byte
			}{{FormatVersion, comp}, {4, raw}, {4, huff}, {3, raw}, {3, huff}} {
				out, err := decodeBlock(c.v, c.comp, width, len(recs.Data), sum, nil)
				if err != nil || !bytes.Equal(out, recs.Data) {
					t.Fatalf("density %g, width %d, format %d: %v", p, width, c.v, err)
				}
			}
		}
	}
}

// literalsType is the Literals_Block_Type of the first block of the zstd
// frame b (RFC 8878 3.1.1): 0 raw, 1 RLE, 2 Huffman-coded, 3 treeless;
// -1 for a block that is not compressed.
func literalsType(b []byte) (int, error) {
	if len(b) < 6 || string(b[:4]) != "\x28\xb5\x2f\xfd" {
		return 0, errors.New("not a zstd frame")
	}
	fhd := b[4]
	at := 5
	single := fhd&0x20 != 0
	if !single {
		at++ // Window_Descriptor
	}
	at += []int{0, 1, 2, 4}[fhd&3] // Dictionary_ID
	fcs := []int{0, 2, 4, 8}[fhd>>6]
	if fcs == 0 && single {
		fcs = 1
	}
	at += fcs
	if len(b) < at+4 {
		return 0, errors.New("a frame too short")
	}
	if (b[at]>>1)&3 != 2 {
		return -1, nil
	}
	return int(b[at+3] & 3), nil
}
