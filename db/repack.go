package db

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// RepackProgress is Repack's report, after each batch of blocks.
type RepackProgress struct {
	Index, Tiers int    // the tier's place (from 1) among the database's
	Name         string // the tier's name
	Done, Total  int64  // its blocks written, of its blocks
}

// RepackMemory is the memory Repack takes for a tier of the given
// number of records of width bytes: the block indexes of the old file
// and the new one (16 bytes a block each) and a batch of blocks before
// and after coding. A caller checks it against its budget.
func RepackMemory(records int64, width int) int64 {
	blocks := (records*int64(width) + BlockBytes - 1) / BlockBytes
	return 2*entrySize*blocks + 64*3*BlockBytes
}

// repackable says why d cannot be written in format (5, 6 or 7) for a
// game ranked by rk, or nil: Repack's checks, and SampleDensity's.
func repackable(d *DB, format int, rk Ranking) error {
	m := d.Manifest()
	if format < 5 || format > FreeFormat {
		return fmt.Errorf("format %d: repack writes format 5, 6 or 7", format)
	}
	if d.FreeRecords() {
		return fmt.Errorf("%s has free records (format %d), which only its game's lookups read: repack the database it was repacked from", d.dir, m.Format)
	}
	if format == FreeFormat && m.Scored {
		return fmt.Errorf("%s is a scored database: format 7's free records are outcomes (won in 1, lost in 0 or 2), which a margin is not; repack it in format 5 or 6", d.dir)
	}
	if RankingVersion(rk.Version) != RankingVersion(m.Ranking) || rk.Scored != m.Scored {
		return fmt.Errorf("%s was built with ranking v%d (scored %v), the game ranks by v%d (scored %v)", d.dir, RankingVersion(m.Ranking), m.Scored, RankingVersion(rk.Version), rk.Scored)
	}
	return nil
}

// Repack writes the database d anew in dir, in format 5, 6 or 7 (0: the
// format builds write, WriteFormat; 6 for the denser blocks that decode
// slower; 7 with free records, free.go, whose lookups compute some
// values from the position: rk.Asked says which ranks a lookup may ask
// for), tier by tier, without solving again: each
// block of each tier file is read and checked (its checksum), its
// records coded again, and the new tier file read back and checked
// against the old one. rk is the game's ranking (its version and
// scores must be the database's), for the counts, which must equal the
// old manifest's; the new file's per-block checksums (of the sparse
// form, format 3 on) equal the old file's. dir must not exist or be
// empty, or hold what this repack (of the same database, in the same
// format) left when it stopped: it then resumes, keeping each tier file
// that was finished and checked (its length and crc32c those of the
// description saved beside it) and writing the rest. The manifest is
// written last (Builder.Finish): a repack stopped or failed midway
// leaves build.json and no manifest, which no reader takes for a
// database; cancelling ctx stops it between batches of blocks. progress
// (may be nil) is called after each batch.
func Repack(ctx context.Context, d *DB, dir string, rk Ranking, format int, progress func(RepackProgress)) error {
	m := d.Manifest()
	if format == 0 {
		format = WriteFormat
	}
	if err := repackable(d, format, rk); err != nil {
		return err
	}
	if m.Keys != nil {
		return fmt.Errorf("%s is a keyed database (a game script's tiers found by search): repack does not copy key files yet; build it again", d.dir)
	}
	if err := d.counted(); err != nil {
		return err
	}
	if same, err := sameDir(d.dir, dir); err == nil && same {
		return fmt.Errorf("%s is the database itself: repack into a new directory", dir)
	}
	switch entries, err := os.ReadDir(dir); {
	case err == nil && len(entries) > 0 && !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == buildName }):
		// A stopped repack left build.json (create checks it is this
		// repack's); anything else is not ours to write over.
		return fmt.Errorf("%s is not empty: repack into a new directory", dir)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	source, err := filepath.Abs(d.dir)
	if err != nil {
		return err
	}
	// The manifest's own checksum, computed: an old manifest may carry none.
	sum, err := manifestSum(*m)
	if err != nil {
		return err
	}
	b, err := create(dir, m.Game, m.Params, m.From, &repackOrigin{Source: source, Checksum: sum, Format: format})
	if err != nil {
		return err
	}
	defer b.Close()
	b.SetRanking(rk)
	b.format = uint32(format)
	b.played = format == FreeFormat && rk.Played && m.From == ""
	tiers := make([]TierInfo, 0, len(m.Tiers))
	for i, ti := range m.Tiers {
		report := func(done, total int64) {
			if progress != nil {
				progress(RepackProgress{Index: i + 1, Tiers: len(m.Tiers), Name: ti.Name, Done: done, Total: total})
			}
		}
		info, ok := b.repackedTier(ti)
		if ok {
			report(1, 1)
		} else {
			if info, err = b.repackTier(ctx, d, i, report); err != nil {
				return err
			}
			// Described, so that a stopped repack resumes after it.
			if err := b.describeTier(ti.Tier, info); err != nil {
				return err
			}
		}
		if !sameCounts(info.Count, ti.Count) {
			return fmt.Errorf("tier %s: the repacked records count %v, the manifest %v", ti.Name, info.Count, ti.Count)
		}
		tiers = append(tiers, info)
	}
	return b.Finish(m.StartTier, m.StartRank, tiers)
}

// repackedTier is the description of tier ti's file as an earlier run of
// this repack wrote and checked it, when the file is there whole (its
// length and crc32c those of the description saved after the check);
// else ok is false and the tier is repacked again.
func (b *Builder) repackedTier(ti TierInfo) (info TierInfo, ok bool) {
	f, err := os.Open(filepath.Join(b.dir, TierFileName(ti.Tier)))
	if err != nil {
		return TierInfo{}, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return TierInfo{}, false
	}
	info, ok = b.describedTier(f, st.Size(), ti.Tier, ti.Name, ti.Size)
	return info, ok && info.Width == ti.Width
}

// sameDir reports whether two paths name one directory.
func sameDir(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

// repackTier writes tier i of d as this build's tier file, from the old
// file's blocks, and checks the new file: every block decodes to the
// sparse form whose checksum the old block's records give.
func (b *Builder) repackTier(ctx context.Context, d *DB, i int, progress func(done, total int64)) (TierInfo, error) {
	ti := d.m.Tiers[i]
	old, err := d.openTier(i, false)
	if err != nil {
		return TierInfo{}, err
	}
	defer old.f.Close()
	if err := old.loadIndex(old.f); err != nil {
		return TierInfo{}, err
	}
	h := old.h
	blocks := int64(len(old.index))
	// src runs on every coding goroutine (codeBlocksOn's parallelSrc):
	// reading, decoding and counting the old blocks took one goroutine
	// about as long as coding took the rest, so a repack ran on about
	// one core. Counts add up in any order; each block's checksum has
	// its place.
	var mu sync.Mutex // count and progress
	count := Count{Scored: b.ranking.Scored}
	sums := make([]uint32, blocks)
	src := func(blk int64, buf []byte) ([]byte, error) {
		if blk%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			mu.Lock()
			progress(blk, blocks)
			mu.Unlock()
		}
		raw, err := old.readBlock(old.f, blk, buf)
		if err != nil {
			return nil, err
		}
		c := countTierOn(b.ranking, ti.Tier, blk*h.BlockRecs, Records{Width: h.Width, Data: raw}, 1)
		mu.Lock()
		count.AddCount(c)
		mu.Unlock()
		sp := sparsePool.Get().(*[]byte)
		*sp = sparseBlock((*sp)[:0], raw, h.Width)
		sums[blk] = crc(*sp)
		sparsePool.Put(sp)
		return raw, nil
	}
	var mask func(blk int64, raw, buf []byte) []byte
	if b.format == FreeFormat {
		mask = func(blk int64, raw, buf []byte) []byte {
			return freeMask(raw, h.Width, ti.Tier, blk*h.BlockRecs, b.ranking.Asked, b.played, buf)
		}
	}
	fn := TierFileName(ti.Tier)
	info := TierInfo{Tier: ti.Tier, Name: ti.Name, Size: ti.Size, Width: ti.Width, File: fn}
	err = writeAtomic(b.dir, fn, func(w io.Writer) error {
		var err error
		info.Bytes, info.CRC, err = writeTierBlocksFree(w, fileHeader{Version: b.format, Tier: ti.Tier, GameHash: b.hash, Width: h.Width, Records: h.Records}, src, true, mask)
		return err
	})
	if err != nil {
		return TierInfo{}, err
	}
	progress(blocks, blocks)
	info.Count = count
	// Read the new file back: its index's checksums must be those of the
	// old blocks' records, and each block must decode to them.
	path := filepath.Join(b.dir, fn)
	nf, err := openTierFile(path, path)
	if err != nil {
		return TierInfo{}, err
	}
	defer nf.f.Close()
	if err := nf.loadIndex(nf.f); err != nil {
		return TierInfo{}, err
	}
	if int64(len(nf.index)) != blocks {
		return TierInfo{}, fmt.Errorf("%s: %d blocks, the old file has %d", path, len(nf.index), blocks)
	}
	// Checked on every core, in runs of 64 blocks.
	err = eachBlockRun(ctx, blocks, 64, func(b0, b1 int64) error {
		buf := make([]byte, 0, BlockBytes+bitmapBytes(BlockBytes))
		var oldRaw, newRaw, m []byte
		var err error
		for blk := b0; blk < b1; blk++ {
			e := nf.index[blk]
			if mask != nil {
				// Format 7: the new block holds other values where they
				// are free, so it is checked against the old records by
				// the mask (every kept record equal, every free one
				// present).
				if oldRaw, err = old.readBlock(old.f, blk, oldRaw); err != nil {
					return err
				}
				if newRaw, err = nf.readBlock(nf.f, blk, newRaw); err != nil {
					return err
				}
				m = mask(blk, oldRaw, m)
				if i := freeAgrees(oldRaw, newRaw, h.Width, m); i >= 0 || len(newRaw) != len(oldRaw) {
					return fmt.Errorf("%s: block %d rank %d does not keep the old record", path, blk, i)
				}
				continue
			}
			if e.sum != sums[blk] || (old.h.Version >= 3 && e.sum != old.index[blk].sum) {
				return fmt.Errorf("%s: block %d's checksum is not the old block's", path, blk)
			}
			if buf, err = nf.readSparse(nf.f, blk, buf); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return TierInfo{}, err
	}
	return info, nil
}

// eachBlockRun calls f on runs [b0, b1) of at most run of blocks
// [0, n), on as many goroutines as the process has cores, and returns
// the first error (the runs not begun by then are not begun) or ctx's
// when it is cancelled.
func eachBlockRun(ctx context.Context, n, run int64, f func(b0, b1 int64) error) error {
	var next atomic.Int64
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				b0 := next.Add(run) - run
				if b0 >= n {
					return
				}
				err := ctx.Err()
				if err == nil {
					err = f(b0, min(b0+run, n))
				}
				if err != nil {
					once.Do(func() { first = err })
					next.Store(n)
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// sameCounts reports whether two counts are of the same positions,
// whatever trailing zeros their slices carry.
func sameCounts(a, b Count) bool {
	eq := func(x, y []int64) bool { return slices.Equal(trimZeros(x), trimZeros(y)) }
	scores := func(c Count) map[int]int64 {
		m := map[int]int64{}
		for i, n := range c.Scores {
			if n != 0 {
				m[c.ScoreLow+i] = n
			}
		}
		return m
	}
	return a.Draw == b.Draw && a.EndlessWin == b.EndlessWin && a.EndlessLose == b.EndlessLose &&
		a.RecordCount() == b.RecordCount() && a.Scored == b.Scored && eq(a.Win, b.Win) && eq(a.Lose, b.Lose) &&
		maps.Equal(scores(a), scores(b))
}

// trimZeros is s without its trailing zeros, which mean nothing in a
// count's slices.
func trimZeros(s []int64) []int64 {
	for len(s) > 0 && s[len(s)-1] == 0 {
		s = s[:len(s)-1]
	}
	return s
}
