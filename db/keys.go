package db

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Key files: the sorted keys of a tier whose ranks are the order of its
// positions' keys (a game whose tiers were found by search,
// tier.Discover), so that a query finds a position's rank from the
// files alone. doc.go states the layout.

// The layout of a key file.
const (
	keyMagic       = "GRDYKEYS"
	keyFooterMagic = "GRDYKEY1"
	keyEntrySize   = 24
	// keyVersion is the key file's format version: 1 in databases of
	// format 1 and 2 alike (the key file did not change).
	keyVersion = 1
	// MaxKeyBytes bounds one key.
	MaxKeyBytes = 1 << 20
	// maxKeyBlock bounds a block's uncompressed bytes: a block closes
	// once it holds BlockBytes, so one key may take it past that.
	maxKeyBlock = BlockBytes + MaxKeyBytes + binary.MaxVarintLen64
)

// KeyFileName is the name of the key file of tier t.
func KeyFileName(t uint64) string { return fmt.Sprintf("tier-%016x.grk", t) }

// Keys describes a database's key files in its manifest: present only
// in a database whose ranks are the order of keys.
type Keys struct {
	// Source is a digest (16 hex digits) of the game's definition (a
	// script's text and parameters), so that a database is never read
	// with another version of its game.
	Source string    `json:"source"`
	Tiers  []KeyInfo `json:"tiers"`
}

// KeyInfo describes one key file.
type KeyInfo struct {
	Tier  uint64 `json:"tier"`
	File  string `json:"file"`
	Keys  int64  `json:"keys"`
	Bytes int64  `json:"bytes"`
	CRC   uint32 `json:"crc32c"`
}

// SourceDigest writes a 64-bit digest of a game's definition as a
// Keys.Source.
func SourceDigest(d uint64) string { return fmt.Sprintf("%016x", d) }

// WriteKeys writes the key file of tier t, whole or not at all: keys
// yields the tier's keys by rank, in increasing byte order, each at most
// MaxKeyBytes. source is the digest of the game's definition
// (SourceDigest). Finish records the files written in the manifest.
func (b *Builder) WriteKeys(t uint64, source uint64, keys iter.Seq[[]byte]) (KeyInfo, error) {
	fn := KeyFileName(t)
	info := KeyInfo{Tier: t, File: fn}
	err := writeAtomic(b.dir, fn, func(w io.Writer) error {
		var err error
		info.Bytes, info.CRC, info.Keys, err = writeKeyFile(w, keyHeader{Tier: t, GameHash: b.hash, Source: source}, keys)
		return err
	})
	if err != nil {
		return KeyInfo{}, err
	}
	b.keySource = SourceDigest(source)
	b.keys = slices.DeleteFunc(b.keys, func(k KeyInfo) bool { return k.Tier == t })
	b.keys = append(b.keys, info)
	slices.SortFunc(b.keys, func(x, y KeyInfo) int { return cmpUint(x.Tier, y.Tier) })
	return info, nil
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// KeySources lists the source digests of the key files already in the
// directory (an earlier build's), so that a build can refuse to resume
// one made from another version of its game.
func (b *Builder) KeySources() ([]uint64, error) {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return nil, err
	}
	var out []uint64
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "tier-") || !strings.HasSuffix(e.Name(), ".grk") {
			continue
		}
		path := filepath.Join(b.dir, e.Name())
		kf, err := openKeyFile(path)
		if err != nil {
			if errors.Is(err, ErrCorrupt) {
				os.Remove(path) // written again
				continue
			}
			return nil, err
		}
		kf.f.Close()
		if !slices.Contains(out, kf.h.Source) {
			out = append(out, kf.h.Source)
		}
	}
	return out, nil
}

type keyHeader struct {
	Version  uint32
	Tier     uint64
	Keys     int64
	GameHash uint64
	Source   uint64
}

func (h *keyHeader) encode() []byte {
	b := make([]byte, headerSize)
	copy(b, keyMagic)
	binary.LittleEndian.PutUint32(b[8:], h.Version)
	binary.LittleEndian.PutUint64(b[16:], h.Tier)
	binary.LittleEndian.PutUint64(b[24:], uint64(h.Keys))
	binary.LittleEndian.PutUint32(b[32:], BlockBytes)
	binary.LittleEndian.PutUint64(b[40:], h.GameHash)
	binary.LittleEndian.PutUint64(b[48:], h.Source)
	binary.LittleEndian.PutUint32(b[60:], crc(b[:60]))
	return b
}

// writeKeyFile writes the keys as a key file to w: its length, the
// crc32c of all its bytes and the number of keys.
func writeKeyFile(w io.Writer, h keyHeader, keys iter.Seq[[]byte]) (n int64, sum uint32, count int64, err error) {
	var total uint32
	put := func(b []byte) error {
		total = crc32.Update(total, castagnoli, b)
		m, err := w.Write(b)
		n += int64(m)
		return err
	}
	// The header's count is known only at the end: keys are counted
	// first (they are in memory, the iterator is cheap).
	var prev []byte
	for k := range keys {
		if len(k) > MaxKeyBytes {
			return 0, 0, 0, fmt.Errorf("a key of %d bytes: at most %d", len(k), MaxKeyBytes)
		}
		if count > 0 && bytes.Compare(prev, k) >= 0 {
			return 0, 0, 0, fmt.Errorf("the keys of tier %d are not in increasing order at rank %d", h.Tier, count)
		}
		prev = append(prev[:0], k...)
		count++
	}
	h.Keys, h.Version = count, keyVersion
	if err := put(h.encode()); err != nil {
		return n, 0, 0, err
	}
	var index, fences, raw, comp []byte
	var inBlock uint32
	flush := func() error {
		if inBlock == 0 {
			return nil
		}
		comp = zenc().EncodeAll(raw, comp[:0])
		index = binary.LittleEndian.AppendUint64(index, uint64(n))
		index = binary.LittleEndian.AppendUint32(index, uint32(len(comp)))
		index = binary.LittleEndian.AppendUint32(index, uint32(len(raw)))
		index = binary.LittleEndian.AppendUint32(index, crc(raw))
		index = binary.LittleEndian.AppendUint32(index, inBlock)
		raw, inBlock = raw[:0], 0
		return put(comp)
	}
	blocks := int64(0)
	for k := range keys {
		if inBlock == 0 {
			fences = binary.AppendUvarint(fences, uint64(len(k)))
			fences = append(fences, k...)
			blocks++
		}
		raw = binary.AppendUvarint(raw, uint64(len(k)))
		raw = append(raw, k...)
		inBlock++
		if len(raw) >= BlockBytes {
			if err := flush(); err != nil {
				return n, 0, 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return n, 0, 0, err
	}
	indexOffset := n
	tail := append(index, fences...)
	if err := put(tail); err != nil {
		return n, 0, 0, err
	}
	f := make([]byte, footerSize)
	binary.LittleEndian.PutUint64(f[0:], uint64(indexOffset))
	binary.LittleEndian.PutUint64(f[8:], uint64(blocks))
	binary.LittleEndian.PutUint32(f[16:], crc(tail))
	binary.LittleEndian.PutUint32(f[20:], crc(f[:20]))
	copy(f[24:], keyFooterMagic)
	if err := put(f); err != nil {
		return n, 0, 0, err
	}
	return n, total, count, nil
}

// keyFile is an open key file with its block index and fences (each
// block's first key) read and checked.
type keyFile struct {
	f      *os.File
	name   string
	size   int64
	h      keyHeader
	blocks []keyBlock
}

type keyBlock struct {
	off       int64
	clen, raw uint32
	sum       uint32
	first     int64 // rank of its first key
	keys      uint32
	fence     []byte // its first key
}

var (
	keyDecOnce sync.Once
	keyDecoder *zstd.Decoder
)

func keyDec() *zstd.Decoder {
	keyDecOnce.Do(func() {
		keyDecoder, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)),
			zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderMaxMemory(2*maxKeyBlock))
	})
	return keyDecoder
}

// openKeyFile opens a key file and checks its header, footer, index and
// fences.
func openKeyFile(path string) (*keyFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	kf, err := readKeyFile(f, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	kf.f = f
	return kf, nil
}

func readKeyFile(f *os.File, name string) (*keyFile, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	kf := &keyFile{name: name, size: st.Size()}
	hb, err := readHeader(f, kf.size, name, keyMagic, "key file")
	if err != nil {
		return nil, err
	}
	h := &kf.h
	h.Version = binary.LittleEndian.Uint32(hb[8:])
	h.Tier = binary.LittleEndian.Uint64(hb[16:])
	h.Keys = int64(binary.LittleEndian.Uint64(hb[24:]))
	h.GameHash = binary.LittleEndian.Uint64(hb[40:])
	h.Source = binary.LittleEndian.Uint64(hb[48:])
	if h.Version != keyVersion {
		return nil, corrupt(name, -1, "format version %d, this grundy reads %d", h.Version, keyVersion)
	}
	if h.Keys < 0 || binary.LittleEndian.Uint32(hb[32:]) != BlockBytes {
		return nil, corrupt(name, -1, "the header is inconsistent")
	}
	fb := make([]byte, footerSize)
	if _, err := f.ReadAt(fb, kf.size-footerSize); err != nil {
		return nil, corrupt(name, -1, "reading the footer: %v", err)
	}
	if string(fb[24:]) != keyFooterMagic || crc(fb[:20]) != binary.LittleEndian.Uint32(fb[20:]) {
		return nil, corrupt(name, -1, "the footer is damaged (truncated file?)")
	}
	indexOffset := int64(binary.LittleEndian.Uint64(fb[0:]))
	blocks := int64(binary.LittleEndian.Uint64(fb[8:]))
	if indexOffset < headerSize || indexOffset > kf.size-footerSize || blocks < 0 || blocks > h.Keys ||
		blocks*keyEntrySize > kf.size-footerSize-indexOffset {
		return nil, corrupt(name, -1, "the footer does not match the header and the file's length")
	}
	tail := make([]byte, kf.size-footerSize-indexOffset)
	if _, err := f.ReadAt(tail, indexOffset); err != nil {
		return nil, corrupt(name, -1, "reading the block index: %v", err)
	}
	if crc(tail) != binary.LittleEndian.Uint32(fb[16:]) {
		return nil, corrupt(name, -1, "the block index's checksum does not match")
	}
	fences := tail[blocks*keyEntrySize:]
	next, rank := int64(headerSize), int64(0)
	kf.blocks = make([]keyBlock, blocks)
	for i := range kf.blocks {
		e := tail[i*keyEntrySize:]
		b := keyBlock{
			off: int64(binary.LittleEndian.Uint64(e)), clen: binary.LittleEndian.Uint32(e[8:]),
			raw: binary.LittleEndian.Uint32(e[12:]), sum: binary.LittleEndian.Uint32(e[16:]),
			keys: binary.LittleEndian.Uint32(e[20:]), first: rank,
		}
		l, m := binary.Uvarint(fences)
		if m <= 0 || l > uint64(len(fences)-m) || b.off != next || b.raw > maxKeyBlock || b.keys == 0 {
			return nil, corrupt(name, int64(i), "the block index is inconsistent")
		}
		b.fence, fences = fences[m:m+int(l)], fences[m+int(l):]
		next += int64(b.clen)
		rank += int64(b.keys)
		kf.blocks[i] = b
	}
	if next != indexOffset || rank != h.Keys || len(fences) != 0 {
		return nil, corrupt(name, -1, "the blocks do not add up to the file's keys")
	}
	return kf, nil
}

// block reads, decompresses and checks block i.
func (kf *keyFile) block(i int) ([]byte, error) {
	b := kf.blocks[i]
	comp := make([]byte, b.clen)
	if _, err := kf.f.ReadAt(comp, b.off); err != nil {
		return nil, corrupt(kf.name, int64(i), "reading: %v", err)
	}
	out, err := keyDec().DecodeAll(comp, make([]byte, 0, b.raw))
	if err != nil {
		return nil, corrupt(kf.name, int64(i), "cannot decompress: %v", err)
	}
	if len(out) != int(b.raw) || crc(out) != b.sum {
		return nil, corrupt(kf.name, int64(i), "the checksum does not match")
	}
	return out, nil
}

// rank finds key: its rank, or ok false when the tier has no such key.
func (kf *keyFile) rank(key []byte) (int64, bool, error) {
	// The last block whose first key is at most key.
	i := sort.Search(len(kf.blocks), func(i int) bool { return bytes.Compare(kf.blocks[i].fence, key) > 0 }) - 1
	if i < 0 {
		return -1, false, nil
	}
	data, err := kf.block(i)
	if err != nil {
		return -1, false, err
	}
	b := kf.blocks[i]
	for j := range int64(b.keys) {
		l, m := binary.Uvarint(data)
		if m <= 0 || l > uint64(len(data)-m) {
			return -1, false, corrupt(kf.name, int64(i), "a key's length is wrong")
		}
		k := data[m : m+int(l)]
		data = data[m+int(l):]
		switch c := bytes.Compare(k, key); {
		case c == 0:
			return b.first + j, true, nil
		case c > 0:
			return -1, false, nil
		}
	}
	return -1, false, nil
}

// keyFiles are a DB's open key files, by tier.
type keyFiles struct {
	mu    sync.Mutex
	files map[uint64]*keyFile
}

// Keyed reports whether the database's ranks are the order of keys:
// then KeyRank finds a position's rank.
func (d *DB) Keyed() bool { return d.m.Keys != nil }

// KeySource is the digest of the game's definition the database was
// built from (Keys.Source); "" for a database without keys.
func (d *DB) KeySource() string {
	if d.m.Keys == nil {
		return ""
	}
	return d.m.Keys.Source
}

// KeyRank finds the rank of the position whose key is key in tier t
// from the tier's key file: one block read. ok is false when the tier
// holds no position with that key (or the database no such tier).
func (d *DB) KeyRank(t uint64, key []byte) (rank int64, ok bool, err error) {
	if d.m.Keys == nil {
		return -1, false, fmt.Errorf("%s: the database has no key files", d.dir)
	}
	kf, err := d.keyFile(t)
	if kf == nil || err != nil {
		return -1, false, err
	}
	return kf.rank(key)
}

func (d *DB) keyFile(t uint64) (*keyFile, error) {
	d.keys.mu.Lock()
	defer d.keys.mu.Unlock()
	if kf := d.keys.files[t]; kf != nil {
		return kf, nil
	}
	i := slices.IndexFunc(d.m.Keys.Tiers, func(k KeyInfo) bool { return k.Tier == t })
	if i < 0 {
		if d.Has(t) {
			return nil, corrupt(filepath.Join(d.dir, ManifestName), -1, "tier %d has no key file", t)
		}
		return nil, nil
	}
	info := d.m.Keys.Tiers[i]
	path := filepath.Join(d.dir, info.File)
	if info.File != KeyFileName(t) {
		return nil, corrupt(filepath.Join(d.dir, ManifestName), -1, "tier %d's key file is named wrongly", t)
	}
	kf, err := openKeyFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: missing (the database is incomplete)", path)
		}
		return nil, err
	}
	src, _ := strconv.ParseUint(d.m.Keys.Source, 16, 64)
	ti, ok := d.byTier[t]
	if kf.size != info.Bytes || kf.h.Tier != t || kf.h.Keys != info.Keys || kf.h.GameHash != GameHash(d.m.Game) ||
		SourceDigest(kf.h.Source) != d.m.Keys.Source || kf.h.Source != src || !ok || d.m.Tiers[ti].Size != info.Keys {
		kf.f.Close()
		return nil, corrupt(path, -1, "the key file does not match the manifest")
	}
	if d.keys.files == nil {
		d.keys.files = map[uint64]*keyFile{}
	}
	d.keys.files[t] = kf
	return kf, nil
}

// closeKeys closes the open key files.
func (d *DB) closeKeys() error {
	d.keys.mu.Lock()
	defer d.keys.mu.Unlock()
	var first error
	for t, kf := range d.keys.files {
		if err := kf.f.Close(); err != nil && first == nil {
			first = err
		}
		delete(d.keys.files, t)
	}
	return first
}

// verifyKeys reads every key file whole: every block's checksum, the
// keys in increasing order, and the file's checksum in the manifest.
func (d *DB) verifyKeys() error {
	if d.m.Keys == nil {
		return nil
	}
	for _, info := range d.m.Keys.Tiers {
		kf, err := d.keyFile(info.Tier)
		if err != nil {
			return err
		}
		if kf == nil {
			continue
		}
		var prev []byte
		for i := range kf.blocks {
			data, err := kf.block(i)
			if err != nil {
				return err
			}
			for range kf.blocks[i].keys {
				l, m := binary.Uvarint(data)
				if m <= 0 || l > uint64(len(data)-m) {
					return corrupt(kf.name, int64(i), "a key's length is wrong")
				}
				k := data[m : m+int(l)]
				if prev != nil && bytes.Compare(prev, k) >= 0 {
					return corrupt(kf.name, int64(i), "the keys are not in increasing order")
				}
				prev, data = k, data[m+int(l):]
			}
		}
		if sum, err := fileCRC(kf.f, kf.size); err != nil || sum != info.CRC {
			return corrupt(kf.name, -1, "the file's checksum does not match the manifest")
		}
	}
	return nil
}

// keyBytes is the length of the key files.
func (m *Manifest) keyBytes() int64 {
	if m.Keys == nil {
		return 0
	}
	var n int64
	for _, k := range m.Keys.Tiers {
		n += k.Bytes
	}
	return n
}
