package db

import (
	"container/list"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/grundy-go/grundy/outcome"
)

// DB is an open database, safe for concurrent use. Tier files are opened
// on first use; a lookup reads one block (pread), and its index entry's
// page of the file unless an earlier lookup did (the pages are kept),
// and keeps the last blocks it decompressed (cacheBlocks of them) in an
// LRU cache.
type DB struct {
	dir    string
	m      Manifest
	byTier map[uint64]int

	// The tiers' counts are read from the manifest's bytes when first
	// asked for (counted): a lookup needs none of them, and on a game of
	// hundreds of tiers they are most of what opening would parse.
	countsOnce   sync.Once
	countsSrc    []byte
	countsRanges [][2]int
	countsErr    error
	// indexed is set when Open read the tier index (index.go): d.m
	// has no counts until counted reads the manifest.
	indexed bool

	mu    sync.Mutex
	files []*tierFile // by index in m.Tiers, nil until opened
	cache *blockCache
	keys  keyFiles // key files (keys.go), opened on first use
}

// VersionError is the error of a database written in another format
// version.
type VersionError struct {
	Dir       string
	Got, Want int
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("%s: format version %d, this grundy reads 1 to %d", e.Dir, e.Got, e.Want)
}

// GameError is the error of a database of another game than the caller
// expects.
type GameError struct {
	Dir, Got, Want string
}

func (e *GameError) Error() string {
	return fmt.Sprintf("%s is a database of %s, not %s", e.Dir, e.Got, e.Want)
}

// Open opens the database in dir and checks its manifest. game, if not
// empty, is the spec the caller expects (a *GameError otherwise).
//
// A database with a tier index (index.go) is opened from it: one small
// file whose checksum is checked, not the manifest, which is read (and
// its checksum checked, and its agreement with the index) when its
// counts are first asked for (Manifest, Stats, CountsErr, Verify). A
// lookup's answer depends only on the index and the tier files, each
// checked by its own checksums and the tier files' headers against the
// index, so a damaged manifest cannot make it wrong.
func Open(dir, game string) (*DB, error) {
	ix, ok, err := readIndex(dir)
	if err != nil {
		return nil, err
	}
	var d *DB
	if ok {
		d = &DB{dir: dir, m: ix.m, indexed: true}
	} else {
		m, b, ranges, err := readManifest(dir)
		if err != nil {
			return nil, err
		}
		d = &DB{dir: dir, m: m}
		if ranges != nil {
			d.countsSrc, d.countsRanges = b, ranges
		}
	}
	if d.m.Format < 1 || d.m.Format > FormatVersion {
		return nil, &VersionError{Dir: dir, Got: d.m.Format, Want: FormatVersion}
	}
	if game != "" && d.m.Game != game {
		return nil, &GameError{Dir: dir, Got: d.m.Game, Want: game}
	}
	d.byTier = make(map[uint64]int, len(d.m.Tiers))
	d.files = make([]*tierFile, len(d.m.Tiers))
	d.cache = newBlockCache(cacheBlocks)
	for i, t := range d.m.Tiers {
		if _, dup := d.byTier[t.Tier]; dup || (t.Width != 1 && t.Width != 2) || t.Size < 0 || !isTierFileName(t.File, t.Tier) {
			name := ManifestName
			if d.indexed {
				name = IndexName
			}
			return nil, corrupt(filepath.Join(dir, name), -1, "tier %d is described wrongly", t.Tier)
		}
		d.byTier[t.Tier] = i
	}
	return d, nil
}

// readManifest reads and checks the manifest of the database in dir:
// the manifest without its tiers' counts when it is as grundy writes it
// (their byte ranges in its bytes b, for parseCounts), with them when
// encoding/json had to read it (ranges nil). A manifest of another
// format version is returned as it is, for the caller to refuse.
func readManifest(dir string) (m Manifest, b []byte, ranges [][2]int, err error) {
	mpath := filepath.Join(dir, ManifestName)
	b, err = os.ReadFile(mpath)
	if errors.Is(err, fs.ErrNotExist) {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return Manifest{}, nil, nil, fmt.Errorf("%s: no such database directory", dir)
		}
		if _, err := os.Stat(filepath.Join(dir, buildName)); err == nil {
			return Manifest{}, nil, nil, fmt.Errorf("%s: the build is not finished (run the build again to resume it)", dir)
		}
		return Manifest{}, nil, nil, fmt.Errorf("%s is not a grundy database (no %s)", dir, ManifestName)
	}
	if err != nil {
		return Manifest{}, nil, nil, err
	}
	// The fast way (manifestread.go) reads the manifest as it was
	// written; encoding/json reads any other (and says what is wrong).
	m, ranges, err = parseManifestLazy(b)
	sum, ok := manifestBytesSum(b)
	if err != nil || !ok || sum != m.Checksum {
		m, ranges = Manifest{}, nil
		if err := json.Unmarshal(b, &m); err != nil {
			return Manifest{}, nil, nil, corrupt(mpath, -1, "not a database manifest: %v", err)
		}
		if sum, err = manifestSum(m); err != nil {
			sum = ^m.Checksum
		}
	}
	if m.Format < 1 || m.Format > FormatVersion {
		return m, b, ranges, nil
	}
	if sum != m.Checksum {
		return Manifest{}, nil, nil, corrupt(mpath, -1, "the manifest's checksum does not match")
	}
	return m, b, ranges, nil
}

// isTierFileName reports whether name is TierFileName(t), without
// formatting it (Open checks every tier's: 463 of them on six men's
// morris).
func isTierFileName(name string, t uint64) bool {
	const hex = "0123456789abcdef"
	if len(name) != len("tier-")+16+len(".grt") || name[:5] != "tier-" || name[21:] != ".grt" {
		return false
	}
	for i := range 16 {
		if name[5+i] != hex[t>>(60-4*i)&15] {
			return false
		}
	}
	return true
}

// Close closes the open tier files.
func (d *DB) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	var first error
	for i, f := range d.files {
		if f != nil {
			if err := f.f.Close(); err != nil && first == nil {
				first = err
			}
			d.files[i] = nil
		}
	}
	if err := d.closeKeys(); err != nil && first == nil {
		first = err
	}
	return first
}

// Dir is the database's directory.
func (d *DB) Dir() string { return d.dir }

// Manifest returns the manifest (shared: do not modify).
func (d *DB) Manifest() *Manifest {
	d.counted()
	return &d.m
}

// counted reads the tiers' counts into d.m if Open left them for later
// (the manifest's checksum matched, so they are as its writer wrote
// them), and returns the error of a count that is not what the manifest
// format says (CountsErr).
func (d *DB) counted() error {
	d.countsOnce.Do(func() {
		if d.indexed {
			d.countsErr = d.countsFromManifest()
			return
		}
		if d.countsSrc == nil {
			return
		}
		if err := parseCounts(d.countsSrc, d.countsRanges, d.m.Tiers); err != nil {
			for i := range d.m.Tiers {
				d.m.Tiers[i].Count = Count{}
			}
			d.countsErr = corrupt(filepath.Join(d.dir, ManifestName), -1, "a tier's counts: %v", err)
		}
		d.countsSrc, d.countsRanges = nil, nil
	})
	return d.countsErr
}

// countsFromManifest reads the manifest of a database opened from its
// tier index, checks that it is the one the index was written for (the
// same but for the counts), and sets the tiers' counts from it. Only
// the counts are written, so lookups reading the tiers' other fields
// meanwhile are not disturbed.
func (d *DB) countsFromManifest() error {
	mpath := filepath.Join(d.dir, ManifestName)
	m, b, ranges, err := readManifest(d.dir)
	if err != nil {
		return err
	}
	if m.Format < 1 || m.Format > FormatVersion {
		return &VersionError{Dir: d.dir, Got: m.Format, Want: FormatVersion}
	}
	if ranges != nil {
		if err := parseCounts(b, ranges, m.Tiers); err != nil {
			return corrupt(mpath, -1, "a tier's counts: %v", err)
		}
	}
	if !sameButCounts(&m, &d.m) {
		return corrupt(mpath, -1, "does not match %s (one of them was replaced)", IndexName)
	}
	for i := range d.m.Tiers {
		d.m.Tiers[i].Count = m.Tiers[i].Count
	}
	return nil
}

// CountsErr reads the tiers' counts if they were not yet read and says
// whether they could be: nil, or the *CorruptError of a manifest whose
// counts are not integers where they should be, which Manifest and
// Stats then give as zero.
func (d *DB) CountsErr() error { return d.counted() }

// Ranking is the version of the game's ranking the database was built
// with (Manifest.Ranking), without reading the tiers' counts.
func (d *DB) Ranking() int { return d.m.Ranking }

// Params are the game's parameters the database was built with
// (Manifest.Params), without reading the tiers' counts.
func (d *DB) Params() map[string]string { return d.m.Params }

// From is the position the database was built from (Manifest.From), ""
// when it was built from the game's start.
func (d *DB) From() string { return d.m.From }

// Game is the spec of the game the database solves.
func (d *DB) Game() string { return d.m.Game }

// file returns the open tier file of the tier at index i of the
// manifest, checking it against the manifest the first time.
func (d *DB) file(i int) (*tierFile, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if f := d.files[i]; f != nil {
		return f, nil
	}
	tf, err := d.openTier(i, true)
	if err != nil {
		return nil, err
	}
	d.files[i] = tf
	return tf, nil
}

// openTier opens the file of the tier at index i of the manifest and
// checks it against the manifest: lazily for lookups (openTier).
func (d *DB) openTier(i int, lazy bool) (*tierFile, error) {
	info := d.m.Tiers[i]
	path := filepath.Join(d.dir, info.File)
	tf, err := openTier(path, path, lazy)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: missing (the database is incomplete)", path)
		}
		return nil, err
	}
	if tf.size != info.Bytes {
		tf.f.Close()
		return nil, corrupt(path, -1, "%d bytes, the manifest says %d (truncated or replaced?)", tf.size, info.Bytes)
	}
	if tf.h.Tier != info.Tier || tf.h.Records != info.Size || tf.h.Width != info.Width || tf.h.GameHash != GameHash(d.m.Game) ||
		int(tf.h.Version) != d.m.Format {
		tf.f.Close()
		return nil, corrupt(path, -1, "the header does not match the manifest")
	}
	return tf, nil
}

// Has reports whether the database has a file for tier t (a tier without
// one holds no reachable position).
func (d *DB) Has(t uint64) bool { _, ok := d.byTier[t]; return ok }

// Code returns the record code of rank r of tier t: Empty for a tier the
// database does not hold. An error means a damaged file or a rank out of
// the tier's range, never a wrong answer.
func (d *DB) Code(t uint64, r int64) (uint16, error) {
	i, ok := d.byTier[t]
	if !ok {
		return Empty, nil
	}
	info := &d.m.Tiers[i]
	if r < 0 || r >= info.Size {
		return 0, fmt.Errorf("rank %d is out of tier %s's range [0, %d)", r, info.Name, info.Size)
	}
	tf, err := d.file(i)
	if err != nil {
		return 0, err
	}
	blk := r / tf.h.BlockRecs
	key := blockKey{i, blk}
	sparse := tf.h.Version >= 3
	k, at := tf.blockLen(blk)/tf.h.Width, int(r%tf.h.BlockRecs)
	// get reads the record of rank r from its block's data: in format 3
	// from the sparse form, by counting bits, without spreading the
	// block's records to their ranks (the block's checksum is its sparse
	// form's).
	get := func(data []byte) (uint16, error) {
		if !sparse {
			return Records{Width: tf.h.Width, Data: data}.Get(int64(at)), nil
		}
		c, err := sparseGet(data, tf.h.Width, k, at)
		if err != nil {
			return 0, corrupt(tf.name, blk, "%v", err)
		}
		return c, nil
	}
	var c uint16
	if d.cache.get(key, func(data []byte) { c, err = get(data) }) {
		return c, err
	}
	buf := d.cache.spare()
	var data []byte
	if sparse {
		data, err = tf.readSparse(tf.f, blk, buf)
	} else {
		data, err = tf.readBlock(tf.f, blk, buf)
	}
	if err != nil {
		return 0, err
	}
	c, err = get(data)
	d.cache.put(key, data)
	return c, err
}

// Lookup returns the outcome for the player to move and the remoteness
// (NoRemoteness for draws and endless verdicts) of the position of rank r
// in tier t; ok is false when the database holds no position there. In
// a scored database the outcome is the margin's sign (LookupScore has
// the margin).
func (d *DB) Lookup(t uint64, r int64) (o outcome.Outcome, rem uint32, ok bool, err error) {
	c, err := d.Code(t, r)
	if err != nil {
		return outcome.Unknown, 0, false, err
	}
	if d.m.Scored {
		s, rem, ok := DecodeScore(c)
		return ScoreOutcome(s), rem, ok, nil
	}
	o, rem, ok = Decode(c)
	return o, rem, ok, nil
}

// LoadTier reads every record of tier t, checking every block and the
// whole file's checksum. A tier the database does not hold has no
// records (ok false).
func (d *DB) LoadTier(t uint64) (recs Records, ok bool, err error) {
	i, ok := d.byTier[t]
	if !ok {
		return Records{}, false, nil
	}
	// A file of its own, whose index and footer it reads, not the
	// lookups' lazily opened one.
	tf, err := d.openTier(i, false)
	if err != nil {
		return Records{}, false, err
	}
	defer tf.f.Close()
	recs, err = tf.readAll(tf.f, d.m.Tiers[i].CRC, true)
	return recs, err == nil, err
}

// FreeRecords reports whether the database has free records (format 7,
// free.go): then a record read at a rank no lookup asks for (the game's
// TierUnrank false) means nothing, and one of a position whose value the
// game computes (tier.KnownRecord) only says that the position is there.
// Its manifest's counts are the true ones.
func (d *DB) FreeRecords() bool { return d.m.Format >= FreeFormat }

// Played reports whether the database's files keep no presence of the
// records a lookup computes (Manifest.Played): then a lookup computes
// such a record even where the file holds Empty, since it asks only for
// positions reachable from the start.
func (d *DB) Played() bool { return d.m.Played }

// Verify reads every tier file whole and checks its checksums, and
// the manifest's (with its agreement with the tier index, if any).
func (d *DB) Verify() error {
	if err := d.counted(); err != nil {
		return err
	}
	for _, t := range d.m.Tiers {
		if _, _, err := d.LoadTier(t.Tier); err != nil {
			return err
		}
	}
	return d.verifyKeys()
}

// Stats are a database's counts: in all and per tier.
type Stats struct {
	Game  string
	Total Count
	Tiers []TierInfo
	Bytes int64 // the files' lengths, manifest included
	Raw   int64 // the tier files' blocks before compression (RawBytes)
}

// RawBytes is what the blocks of tier file t hold before compression:
// in format 2 the bitmap of every block and the records of the ranks
// that hold a position, in format 1 a record for every rank.
func (m *Manifest) RawBytes(t TierInfo) int64 {
	if m.Format == 1 || t.Width < 1 {
		return t.Size * int64(t.Width)
	}
	per := int64(BlockBytes / t.Width)
	full, rest := t.Size/per, t.Size%per
	return full*int64(bitmapBytes(int(per))) + int64(bitmapBytes(int(rest))) + t.Count.RecordCount()*int64(t.Width)
}

// Stats returns the counts the manifest records (checked by its
// checksum), without reading the tier files.
func (d *DB) Stats() Stats {
	d.counted()
	s := Stats{Game: d.m.Game, Tiers: append([]TierInfo(nil), d.m.Tiers...)}
	sort.Slice(s.Tiers, func(a, b int) bool { return s.Tiers[a].Tier < s.Tiers[b].Tier })
	for _, t := range d.m.Tiers {
		s.Total.AddCount(t.Count)
		s.Bytes += t.Bytes
		s.Raw += d.m.RawBytes(t)
	}
	s.Bytes += d.m.keyBytes()
	for _, name := range []string{ManifestName, IndexName} {
		if st, err := os.Stat(filepath.Join(d.dir, name)); err == nil {
			s.Bytes += st.Size()
		}
	}
	return s
}

// cacheBlocks is how many decompressed blocks an open database keeps: at
// most 4.5 MiB of them (a block of format 3 is kept in its sparse form,
// at most a bitmap and BlockBytes of records, usually less), so that a
// lookup in a block read recently (the children of a position a
// front end explores often share their blocks) decompresses nothing.
const cacheBlocks = 512

type blockKey struct {
	file  int
	block int64
}

// blockCache is a small LRU cache of decompressed blocks. A block's data
// is read only under the cache's lock (get), so that the buffer of the
// block an insertion evicts can be handed to the next block read (spare)
// while no lookup reads it: a lookup that misses allocates nothing once
// the cache is full.
type blockCache struct {
	mu   sync.Mutex
	max  int
	ll   *list.List
	m    map[blockKey]*list.Element
	free [][]byte // buffers of evicted blocks, for spare
}

type cacheEntry struct {
	key  blockKey
	data []byte
}

// maxSpare is how many buffers of evicted blocks a cache keeps for the
// next reads: a lookup takes one before it reads a block and its
// insertion evicts one, so a few serve lookups running at once.
const maxSpare = 4

func newBlockCache(max int) *blockCache {
	return &blockCache{max: max, ll: list.New(), m: map[blockKey]*list.Element{}}
}

// get calls read with block k's data under the cache's lock and reports
// whether the cache holds it; read must not keep the data.
func (c *blockCache) get(k blockKey, read func(data []byte)) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok {
		return false
	}
	c.ll.MoveToFront(e)
	read(e.Value.(*cacheEntry).data)
	return true
}

// spare returns a buffer of an evicted block for reading another (its
// contents are garbage), or nil.
func (c *blockCache) spare() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.free)
	if n == 0 {
		return nil
	}
	b := c.free[n-1]
	c.free = c.free[:n-1]
	return b
}

// put adds block k's data, which the caller no longer reads; the block
// it evicts, if any, leaves its buffer to spare.
func (c *blockCache) put(k blockKey, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		c.keep(data)
		return
	}
	if c.ll.Len() < c.max {
		c.m[k] = c.ll.PushFront(&cacheEntry{k, data})
		return
	}
	// The least recently used entry makes room, its element reused.
	e := c.ll.Back()
	ce := e.Value.(*cacheEntry)
	delete(c.m, ce.key)
	c.keep(ce.data)
	ce.key, ce.data = k, data
	c.ll.MoveToFront(e)
	c.m[k] = e
}

// keep leaves b for spare if there is room.
func (c *blockCache) keep(b []byte) {
	if len(c.free) < maxSpare {
		c.free = append(c.free, b)
	}
}
