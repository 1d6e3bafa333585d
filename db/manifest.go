package db

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// FormatVersion is the newest version of the database format this
// package reads, and that Repack writes on request; builds write
// WriteFormat.
// Version 2 stores a block sparsely (a bitmap of its non-empty ranks,
// then their records); version 1, a record for every rank, is still read.
// Version 3 checksums a block's sparse form. Version 4 adds scored
// databases (Manifest.Scored, score.go), whose records an older grundy
// would misread as outcomes, so it refuses them by their version; the
// files of a database that is not scored are as in version 3, and
// databases of versions 1 to 3 are still read. Version 5 codes each
// block's bitmap and records apart, each by the smallest of raw bytes, a
// run, a Huffman-coded stream or a zstd frame (blockform.go); databases of
// versions 1 to 4 are still read. Version 6 may code a block by a
// context model instead (cmblock.go), when that is shorter; databases of
// versions 1 to 5 are still read. Version 7 has format 6's blocks but
// free records (free.go): records whose value a lookup computes from
// the position (lost in 0, won in 1, lost in 2) and ranks no lookup asks
// for hold whatever codes shortest, so that only a reader that knows the
// game (catalog/strong) reads it rightly, and an older grundy refuses it
// by its version; databases of versions 1 to 6 are still read.
const FormatVersion = 7

// WriteFormat is the version builds write (manifest, tier files and a
// build's scratch files). It stays 5: format 6's model-coded blocks are
// 10% smaller on Connect-4 (5x5: 0.213 -> 0.190 bytes a position) but
// take about 6 times as long to decode (a warm lookup that decodes its
// block: 13 -> 66 µs of CPU, past the 20 µs a lookup may take) and
// make a build about a fifth dearer (BENCHMARKS.md, "Format 6 (dense)").
// `grundy db repack --format 6` writes it, for archives.
const WriteFormat = 5

// File names in a database directory.
const (
	ManifestName = "manifest.json"
	buildName    = "build.json"
	tempPrefix   = ".tmp-"
)

// Manifest describes a finished database. It is written last, so a
// directory with a manifest holds a whole database.
type Manifest struct {
	Format int    `json:"format"`
	Game   string `json:"game"`
	// StartTier and StartRank locate the start position.
	StartTier uint64     `json:"start_tier"`
	StartRank int64      `json:"start_rank"`
	Tiers     []TierInfo `json:"tiers"`
	// Keys lists the key files of a database whose ranks are the order
	// of its positions' keys (keys.go); absent otherwise.
	Keys *Keys `json:"keys,omitempty"`
	// Params are the game script's parameters (grundy db build
	// --param NAME=VALUE) the database was built with; absent when none.
	Params map[string]string `json:"params,omitempty"`
	// From is the position the database was built from (grundy db
	// build --from), as the game writes it, when that is not the game's
	// start: the database holds the positions reachable from it, and
	// StartTier and StartRank locate it. Absent for the game's start.
	From string `json:"from,omitempty"`
	// Ranking is the version of the game's ranking the database was
	// built with (Ranking.Version); absent for the first.
	Ranking int `json:"ranking,omitempty"`
	// Scored is set for a database of margins (a game.Scored game's):
	// its records are read by DecodeScore, not Decode (score.go).
	Scored bool `json:"scored,omitempty"`
	// Played is set in a database of format 7 (free records) of a game
	// whose lookups ask only for positions reachable from the start
	// (Ranking.Played), built from the start: its files need not say
	// that a position whose value the game computes is there, so an
	// Empty record read there means nothing (free.go).
	Played bool `json:"played,omitempty"`
	// Checksum is the crc32c of the manifest's JSON encoding with
	// Checksum 0, so that a damaged manifest (a changed count or size)
	// is never read as a good one.
	Checksum uint32 `json:"checksum"`
}

// TierInfo describes one tier file.
type TierInfo struct {
	Tier  uint64 `json:"tier"`
	Name  string `json:"name"`
	Size  int64  `json:"size"`  // records (ranks)
	Width int    `json:"width"` // bytes per record
	File  string `json:"file"`
	Bytes int64  `json:"bytes"`  // the file's length
	CRC   uint32 `json:"crc32c"` // of the whole file
	Count Count  `json:"count"`
}

// TierFileName is the name of the file of tier t.
func TierFileName(t uint64) string { return fmt.Sprintf("tier-%016x.grt", t) }

// manifestSum is the checksum of m with its Checksum field zero.
func manifestSum(m Manifest) (uint32, error) {
	m.Checksum = 0
	b, err := json.Marshal(m)
	if err != nil {
		return 0, err
	}
	return crc(b), nil
}

// buildInfo is build.json: which game a directory is being built for.
type buildInfo struct {
	Format int               `json:"format"`
	Game   string            `json:"game"`
	Params map[string]string `json:"params,omitempty"`
	From   string            `json:"from,omitempty"`
	// Repack names the database a repack (Repack) is rewriting here, so
	// that only the same repack resumes it: a build or another repack is
	// refused.
	Repack *repackOrigin `json:"repack,omitempty"`
}

// repackOrigin is what a repack writes from and in: the source
// database's manifest checksum and directory, and the format written.
type repackOrigin struct {
	Source   string `json:"source"`
	Checksum uint32 `json:"checksum"`
	Format   int    `json:"format"`
}

// describe is how an error names the work a build.json stands for.
func (bi buildInfo) describe() string {
	if bi.Repack != nil {
		return fmt.Sprintf("an unfinished repack of %s (from %s, in format %d)", bi.Game, bi.Repack.Source, bi.Repack.Format)
	}
	return "a build of " + bi.Game
}

// Builder writes a database directory tier by tier. A build killed at any
// moment leaves the tier files finished before it (each written whole or
// not at all) and build.json; a Builder on the same directory finds them
// again (Finished) so the build resumes. A Builder is not safe for
// concurrent use. It holds the directory's build lock (lock.go) until
// Finish or Close: a second Create on the directory meanwhile fails with
// an error saying so.
type Builder struct {
	dir, game string
	hash      uint64
	keys      []KeyInfo // key files written (WriteKeys), for the manifest
	keySource string
	params    map[string]string
	from      string   // Manifest.From
	lock      *os.File // the directory's build lock (lock.go)
	ranking   Ranking  // the game's (SetRanking)
	played    bool     // Manifest.Played (Repack into format 7)
	format    uint32   // the format of the files Repack writes; 0: WriteFormat
}

// Create starts or resumes a build of game (its spec string) in dir,
// making dir if needed. It refuses a directory holding a database or a
// build of another game or format version.
func Create(dir, game string) (*Builder, error) { return CreateWith(dir, game, nil) }

// CreateWith is Create for a game script with parameters (grundy db
// build --param), which build.json and the manifest keep: a directory
// holding a build or a database of the game with other parameters is an
// error naming both.
func CreateWith(dir, game string, params map[string]string) (*Builder, error) {
	return CreateFrom(dir, game, params, "")
}

// CreateFrom is CreateWith for a database of the positions reachable
// from the position from (Manifest.From; "" for the game's start), which
// build.json and the manifest keep: a directory holding a build or a
// database from another position is an error naming both.
func CreateFrom(dir, game string, params map[string]string, from string) (*Builder, error) {
	return create(dir, game, params, from, nil)
}

// create is CreateFrom for a build (repack nil) or a repack, which
// build.json records: a directory holding the other kind, or a repack of
// another database or into another format, is refused.
func create(dir, game string, params map[string]string, from string, repack *repackOrigin) (*Builder, error) {
	fromMismatch := func(what, had string) error {
		name := func(f string) string {
			if f == "" {
				return "the start"
			}
			return "--from " + f
		}
		return fmt.Errorf("%s holds a %s of %s from %s, not from %s: build into another directory", dir, what, game, name(had), name(from))
	}
	if len(params) == 0 {
		params = nil
	}
	mismatch := func(what string, had map[string]string) error {
		return fmt.Errorf("%s holds a %s of %s with %s, not %s: build into another directory", dir, what, game, FormatParams(had), FormatParams(params))
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	if b, err := os.ReadFile(filepath.Join(dir, ManifestName)); err == nil {
		var m Manifest
		if json.Unmarshal(b, &m) == nil && m.Game == game && m.Format != WriteFormat {
			return nil, fmt.Errorf("%s holds a database of %s in format %d, this grundy writes format %d: build into another directory", dir, m.Game, m.Format, WriteFormat)
		}
		if json.Unmarshal(b, &m) == nil && (m.Game != game || m.Format != WriteFormat) {
			return nil, fmt.Errorf("%s holds a database of %s (format %d), not %s", dir, m.Game, m.Format, game)
		}
		if !maps.Equal(m.Params, params) {
			return nil, mismatch("database", m.Params)
		}
		if m.From != from {
			return nil, fromMismatch("database", m.From)
		}
	}
	var lk *os.File
	bp := filepath.Join(dir, buildName)
	switch b, err := os.ReadFile(bp); {
	case err == nil:
		var bi buildInfo
		if err := json.Unmarshal(b, &bi); err == nil {
			want := buildInfo{Game: game, Repack: repack}
			switch {
			case bi.Repack == nil && repack != nil || bi.Repack != nil && (repack == nil || bi.Repack.Checksum != repack.Checksum || bi.Repack.Format != repack.Format):
				return nil, fmt.Errorf("%s holds %s, not %s: use another directory", dir, bi.describe(), want.describe())
			case bi.Game != game:
				return nil, fmt.Errorf("%s holds a build of %s, not %s: build %s into another directory", dir, bi.Game, game, game)
			case bi.Format != WriteFormat:
				// A resumed build must write every file in one format: finish it
				// with the grundy that began it, or start again elsewhere.
				return nil, fmt.Errorf("%s holds an unfinished build of %s in format %d, this grundy writes format %d: resume it with the grundy that began it, or build into another directory", dir, bi.Game, bi.Format, WriteFormat)
			}
		}
		if !maps.Equal(bi.Params, params) {
			return nil, mismatch("build", bi.Params)
		}
		if bi.From != from {
			return nil, fromMismatch("build", bi.From)
		}
	case errors.Is(err, fs.ErrNotExist):
		if entries, err := os.ReadDir(dir); err == nil {
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), tempPrefix) && e.Name() != ManifestName && e.Name() != IndexName && e.Name() != lockName &&
					!strings.HasPrefix(e.Name(), "tier-") && !strings.HasPrefix(e.Name(), reachPrefix) &&
					!strings.HasPrefix(e.Name(), reachPartPrefix) && !strings.HasPrefix(e.Name(), partPrefix) {
					return nil, fmt.Errorf("%s is not empty and holds no grundy database or build (found %s)", dir, e.Name())
				}
			}
		}
		var err error
		if lk, err = lock(dir); err != nil {
			return nil, err
		}
		data, _ := json.Marshal(buildInfo{Format: WriteFormat, Game: game, Params: params, From: from, Repack: repack})
		if err := writeAtomic(dir, buildName, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			lk.Close()
			return nil, err
		}
	default:
		return nil, err
	}
	if lk == nil {
		var err error
		if lk, err = lock(dir); err != nil {
			return nil, err
		}
	}
	// A tier index is written again with the manifest (Finish): one
	// left from a database built here before would stand for a
	// manifest that the build may change.
	if err := os.Remove(filepath.Join(dir, IndexName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		lk.Close()
		return nil, err
	}
	// Temporary files are left only by builds that died.
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), tempPrefix) {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	return &Builder{dir: dir, game: game, hash: GameHash(game), params: params, from: from, lock: lk}, nil
}

// Game is the spec of the game being built.
func (b *Builder) Game() string { return b.game }

// SetRanking says how the game ranks its positions (its version and
// orbits: tier.RankingOf), for the counts of the tier files and the
// manifest written from now on; the zero Ranking (a position a rank,
// the first version) until it is set. tier.Solve sets it from the game.
func (b *Builder) SetRanking(rk Ranking) { b.ranking = rk }

// Params are the game script's parameters the build is for (CreateWith).
func (b *Builder) Params() map[string]string { return b.params }

// FormatParams writes parameters as --param flags, sorted by name; "no
// --param" for none.
func FormatParams(params map[string]string) string {
	if len(params) == 0 {
		return "no --param"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(params)) {
		parts = append(parts, "--param "+k+"="+params[k])
	}
	return strings.Join(parts, " ")
}

// TierRecords reads back the records of tier t, finished by this build,
// from its file: only the records, without the checksum and the counts
// that Finished computes for a resumed build's manifest.
func (b *Builder) TierRecords(t uint64, size int64) (Records, error) {
	path := filepath.Join(b.dir, TierFileName(t))
	tf, err := openTierFile(path, path)
	if err != nil {
		return Records{}, err
	}
	defer tf.f.Close()
	if tf.h.GameHash != b.hash || tf.h.Tier != t || tf.h.Records != size || tf.h.Version != WriteFormat {
		return Records{}, fmt.Errorf("%s is not the file this build wrote for tier %d: build again to redo it", path, t)
	}
	return tf.readAll(tf.f, 0, false)
}

// Finished reports whether tier t's file is in the directory and whole:
// its header names this game, tier and size and every block's checksum
// matches. It then returns the file's description (name is the tier's
// name for people) and its records. A damaged file is removed, and ok is
// false: the tier is built again.
func (b *Builder) Finished(t uint64, name string, size int64) (info TierInfo, recs Records, ok bool, err error) {
	fn := TierFileName(t)
	path := filepath.Join(b.dir, fn)
	tf, err := openTierFile(path, path)
	if errors.Is(err, fs.ErrNotExist) {
		return TierInfo{}, Records{}, false, nil
	}
	if err == nil {
		defer tf.f.Close()
		if tf.h.GameHash != b.hash || tf.h.Tier != t || tf.h.Records != size {
			return TierInfo{}, Records{}, false, fmt.Errorf("%s is the file of another game or tier", path)
		}
		if tf.h.Version == WriteFormat {
			recs, err = tf.readAll(tf.f, 0, false)
		} else {
			// A file of an older format is built again in this one.
			err = corrupt(path, -1, "format version %d", tf.h.Version)
		}
	}
	if err != nil {
		if errors.Is(err, ErrCorrupt) {
			os.Remove(path)
			return TierInfo{}, Records{}, false, nil
		}
		return TierInfo{}, Records{}, false, err
	}
	sum, err := fileCRC(tf.f, tf.size)
	if err != nil {
		return TierInfo{}, Records{}, false, err
	}
	info = TierInfo{Tier: t, Name: name, Size: size, Width: tf.h.Width, File: fn, Bytes: tf.size, CRC: sum, Count: CountTier(b.ranking, t, 0, recs)}
	return info, recs, true, nil
}

// WriteTier writes the records of tier t as its file, whole or not at all.
func (b *Builder) WriteTier(t uint64, name string, recs Records) (TierInfo, error) {
	fn := TierFileName(t)
	info := TierInfo{Tier: t, Name: name, Size: recs.Len(), Width: recs.Width, File: fn}
	err := writeAtomic(b.dir, fn, func(w io.Writer) error {
		var err error
		info.Bytes, info.CRC, err = writeTierFile(w, fileHeader{Tier: t, GameHash: b.hash}, recs)
		return err
	})
	if err != nil {
		return TierInfo{}, err
	}
	info.Count = CountTier(b.ranking, t, 0, recs)
	return info, nil
}

// Finish writes the manifest, which makes the directory a database, and
// removes build.json. tiers are sorted by the caller (the order is part
// of the bytes).
func (b *Builder) Finish(startTier uint64, startRank int64, tiers []TierInfo) error {
	format := WriteFormat
	if b.format != 0 {
		format = int(b.format)
	}
	m := Manifest{Format: format, Game: b.game, StartTier: startTier, StartRank: startRank, Tiers: tiers, Params: b.params, From: b.from,
		Ranking: b.ranking.Version, Scored: b.ranking.Scored, Played: b.played}
	if len(b.keys) > 0 {
		m.Keys = &Keys{Source: b.keySource, Tiers: b.keys}
	}
	data, err := encodeManifest(m)
	if err != nil {
		return err
	}
	// The tier index first: a directory holds a database once its
	// manifest exists, and an index without one is never read (Open).
	index, err := IndexBytes(data)
	if err != nil {
		return err
	}
	if err := writeAtomic(b.dir, IndexName, func(w io.Writer) error { _, err := w.Write(index); return err }); err != nil {
		return err
	}
	if err := writeAtomic(b.dir, ManifestName, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return err
	}
	if err := b.removeAllReach(); err != nil {
		return err
	}
	if err := b.removeMatching(func(name string) bool {
		return strings.HasPrefix(name, "tier-") && strings.HasSuffix(name, ".grt.json")
	}); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(b.dir, buildName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := b.Close(); err != nil {
		return err
	}
	return syncDir(b.dir)
}

// writeAtomic writes dir/name through a temporary file in dir that is
// flushed to disk (fsync) and renamed over name, then syncs the directory
// so the rename is durable: readers see the old file or the whole new
// one, never part of it.
func writeAtomic(dir, name string, write func(io.Writer) error) error {
	return writeFile(dir, name, true, write)
}

// writeFile is writeAtomic, without the fsyncs when sync is false (for
// scratch files whose checksums catch a file a crash left half written).
func writeFile(dir, name string, sync bool, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(dir, tempPrefix+name+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if sync {
		if err := f.Sync(); err != nil {
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return err
	}
	if !sync {
		return nil
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return nil
}
