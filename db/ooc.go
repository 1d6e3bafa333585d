package db

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A build larger than memory (package tier's ranged builds): a tier too
// large to hold is marked and solved by rank ranges. The Builder keeps
// each range's reachable ranks as a reachability part (reachpart.go's
// format, file ReachPartName) and each range's records as a part file
// (parts.go's format, file PartName) with its description beside it
// (PartName + ".json"), then assembles the tier's file from the parts
// (AssembleTier: the bytes WriteTier writes for the same records) and
// removes them. Parts are the resume points inside a tier: a build
// killed while solving a tier keeps the ranges it finished. Children's
// records are read back block by block from their finished tier files
// (TierBlocks), never whole.

const (
	partPrefix      = "part-"
	reachPartPrefix = "reachpart-"
)

// PartName is the name of the part file of tier t's ranks from first.
func PartName(t uint64, first int64) string {
	return fmt.Sprintf("%s%016x-%016x.grp", partPrefix, t, first)
}

// SaveReachPart writes the bitmap of ranks [first, first+n) of tier t
// (size ranks) as a reachability part, under a temporary name renamed
// when whole (not synced: its checksums catch a file a crash left half
// written, and the range is then marked again). It returns how many
// ranks the bitmap marks.
func (b *Builder) SaveReachPart(t uint64, size, first, n int64, words []uint64) (int64, error) {
	var count int64
	err := writeFile(b.dir, ReachPartName(t, first), false, func(w io.Writer) error {
		var err error
		count, err = WriteReachPart(w, b.game, t, size, first, n, words)
		return err
	})
	return count, err
}

// LoadReachPart reads the reachability part of ranks [first, first+n)
// of tier t (size ranks) and reports whether there was a whole one; a
// damaged one is removed (ok false).
func (b *Builder) LoadReachPart(t uint64, size, first, n int64) (words []uint64, count int64, ok bool, err error) {
	path := filepath.Join(b.dir, ReachPartName(t, first))
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	words, count, err = ReadReachPart(f, b.game, t, size, first, n)
	f.Close()
	if errors.Is(err, ErrReachPart) {
		return nil, 0, false, removeMissing(path)
	}
	if err != nil {
		return nil, 0, false, err
	}
	return words, count, true, nil
}

// SavedReachCount is the count of reachable ranks of tier t's
// reachability part of n ranks from first, read from its header and
// footer alone (ReachPartCount); ok is false when there is none or it is
// damaged (then removed).
func (b *Builder) SavedReachCount(t uint64, size, first, n int64) (count int64, ok bool, err error) {
	path := filepath.Join(b.dir, ReachPartName(t, first))
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, false, err
	}
	count, err = ReachPartCount(f, st.Size(), b.game, t, size, first, n)
	if errors.Is(err, ErrReachPart) {
		f.Close()
		return 0, false, removeMissing(path)
	}
	if err != nil {
		return 0, false, err
	}
	return count, true, nil
}

// SavePart writes recs, ranks [first, first+recs.Len()) of tier t (size
// ranks), as a part file (narrowed to 1 byte a record when they fit),
// then its description with its own checksum (saveDescription), each
// under a temporary name renamed when whole.
// Neither is synced: a part is kept only if it matches its description
// (FinishedPart), so one a crash left damaged is solved again, and the
// tier file assembled from the parts is synced.
func (b *Builder) SavePart(t uint64, size, first int64, recs Records) (Part, error) {
	recs = recs.Narrow()
	name := PartName(t, first)
	var p Part
	err := writeFile(b.dir, name, false, func(w io.Writer) error {
		var err error
		p, err = WritePart(w, b.game, b.ranking, t, size, first, recs)
		return err
	})
	if err != nil {
		return Part{}, err
	}
	if err := b.saveDescription(name+".json", p); err != nil {
		return Part{}, err
	}
	return p, nil
}

// FinishedPart reports whether the part of tier t's ranks from first,
// n of them, is in the directory whole (its description there, the file
// matching it byte for byte by length and crc32c); a damaged or foreign
// one is removed.
func (b *Builder) FinishedPart(t uint64, size, first, n int64) (Part, bool, error) {
	name := PartName(t, first)
	path := filepath.Join(b.dir, name)
	var p Part
	found, err := b.loadDescription(name+".json", &p)
	if err != nil {
		return Part{}, false, err
	}
	bad := func() (Part, bool, error) {
		if err := removeMissing(path + ".json"); err != nil {
			return Part{}, false, err
		}
		return Part{}, false, removeMissing(path)
	}
	// The tier's counts are the sum of its parts' (AssembleTier), so a
	// description whose checksum fails is never taken, even when the
	// part's file matches the length and crc32c it gives.
	if !found || p.First != first || p.Len != n {
		return bad()
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return bad()
	}
	if err != nil {
		return Part{}, false, err
	}
	err = CheckPart(f, p, b.game, t, size)
	f.Close()
	if errors.Is(err, errPart) {
		return bad()
	}
	if err != nil {
		return Part{}, false, err
	}
	return p, true, nil
}

// AssembleParts writes tier t's file from its parts (in rank order,
// saved by SavePart), whole or not at all, and returns its description;
// the parts stay until RemoveScratch.
func (b *Builder) AssembleParts(t uint64, name string, size int64, parts []Part) (TierInfo, error) {
	var info TierInfo
	err := writeAtomic(b.dir, TierFileName(t), func(w io.Writer) error {
		var err error
		info, err = AssembleTier(w, b.game, t, name, size, parts, func(i int) (io.ReadCloser, error) {
			return os.Open(filepath.Join(b.dir, PartName(t, parts[i].First)))
		})
		return err
	})
	if err != nil {
		return TierInfo{}, fmt.Errorf("assembling the file of tier %s: %w", name, err)
	}
	// Its description beside it, so that a resumed build knows the
	// tier finished from the file's checksum alone (ScanFinished).
	if err := b.describeTier(t, info); err != nil {
		return TierInfo{}, err
	}
	return info, nil
}

// describeTier saves info, the description of tier t's whole file,
// beside it, with its own checksum.
func (b *Builder) describeTier(t uint64, info TierInfo) error {
	return b.saveDescription(tierDescName(t), info)
}

// MarshalDescription is v (a Part or a TierInfo) as a line of JSON and
// a line with the crc32c of that JSON: the description a build by
// ranges saves beside a part or a tier's file. A resumed build takes the
// counts it holds without decoding the file, so the description carries
// its own checksum (UnmarshalDescription).
func MarshalDescription(v any) ([]byte, error) {
	desc, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(desc, "\n%08x\n", crc(desc)), nil
}

// UnmarshalDescription reads into v what MarshalDescription wrote; it
// is false when desc is damaged (its checksum fails) or not v's JSON.
func UnmarshalDescription(desc []byte, v any) bool {
	body, sum, ok := strings.Cut(string(desc), "\n")
	if !ok || sum != fmt.Sprintf("%08x\n", crc([]byte(body))) {
		return false
	}
	return json.Unmarshal([]byte(body), v) == nil
}

// saveDescription writes v's description (MarshalDescription) under
// name in the build's directory, renamed when whole, not synced.
func (b *Builder) saveDescription(name string, v any) error {
	desc, err := MarshalDescription(v)
	if err != nil {
		return err
	}
	return writeFile(b.dir, name, false, func(w io.Writer) error { _, err := w.Write(desc); return err })
}

// loadDescription reads into v the description saved under name. found
// is false when there is none or it is damaged; err is any other
// failure to read it.
func (b *Builder) loadDescription(name string, v any) (found bool, err error) {
	desc, err := os.ReadFile(filepath.Join(b.dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return UnmarshalDescription(desc, v), nil
}

// tierDescName is the name of the description (TierInfo, JSON) that a
// build by ranges writes beside tier t's file once it is whole; Finish
// removes them.
func tierDescName(t uint64) string { return TierFileName(t) + ".json" }

// describedTier is the description of tier t's file saved beside it,
// when there is one and the file matches it: its length and the crc32c
// of all its bytes, streamed (about a second a GB, where checking every
// block costs minutes a GB: a resumed Connect-4 6x6 build spent 130
// CPU-s on its three finished tiers).
func (b *Builder) describedTier(f *os.File, size int64, t uint64, name string, n int64) (TierInfo, bool) {
	// The description's own checksum: a damaged count is never taken.
	var info TierInfo
	if found, err := b.loadDescription(tierDescName(t), &info); err != nil || !found || info.Tier != t || info.Name != name || info.Size != n || info.Bytes != size || info.File != TierFileName(t) {
		return TierInfo{}, false
	}
	var fileSum uint32
	buf := make([]byte, 1<<20)
	for off := int64(0); off < size; {
		k, err := f.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if k == 0 && err != nil {
			return TierInfo{}, false
		}
		fileSum = crc32.Update(fileSum, castagnoli, buf[:k])
		off += int64(k)
	}
	return info, fileSum == info.CRC
}

// RemoveScratch removes tier t's reachability file, reachability parts,
// parts and their descriptions.
func (b *Builder) RemoveScratch(t uint64) error {
	if err := b.RemoveReach(t); err != nil {
		return err
	}
	return b.removeMatching(func(name string) bool {
		return strings.HasPrefix(name, fmt.Sprintf("%s%016x-", partPrefix, t)) ||
			strings.HasPrefix(name, fmt.Sprintf("%s%016x-", reachPartPrefix, t))
	})
}

func (b *Builder) removeMatching(match func(name string) bool) error {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if match(e.Name()) {
			if err := removeMissing(filepath.Join(b.dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

func removeMissing(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// ScanFinished is Finished without the records: it checks tier t's file
// block by block (ScanTier: every block's checksum, the index's, the
// whole file's) and returns its description, holding one block at a
// time. A damaged file is removed and ok is false.
func (b *Builder) ScanFinished(t uint64, name string, size int64) (TierInfo, bool, error) {
	path := filepath.Join(b.dir, TierFileName(t))
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return TierInfo{}, false, nil
	}
	if err != nil {
		return TierInfo{}, false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return TierInfo{}, false, err
	}
	if info, ok := b.describedTier(f, st.Size(), t, name, size); ok {
		return info, true, nil
	}
	info, err := ScanTier(f, st.Size(), path, b.game, b.ranking, t, name, size)
	if err != nil {
		var ce *CorruptError
		if errors.As(err, &ce) && strings.Contains(ce.Msg, "another game or tier") {
			return TierInfo{}, false, fmt.Errorf("%s is the file of another game or tier", path)
		}
		if errors.Is(err, ErrCorrupt) {
			f.Close()
			return TierInfo{}, false, removeMissing(path)
		}
		return TierInfo{}, false, err
	}
	// Scanned once: the next resume reads the description (a file a
	// build of an earlier grundy finished has none).
	if err := b.describeTier(t, info); err != nil {
		return TierInfo{}, false, err
	}
	return info, true, nil
}

// TierBlocks reads a finished tier file of a build block by block, for a
// parent tier solved by ranges: safe for concurrent use (pread), each
// block checked against its checksum as it is read, the block index
// read a page at a time as blocks need it and kept (16 bytes a block:
// IndexBytes).
type TierBlocks struct{ tf *tierFile }

// OpenTierBlocks opens tier t's file in the build's directory and checks
// its header and footer: this game's, tier t of size records, this
// format.
func (b *Builder) OpenTierBlocks(t uint64, size int64) (*TierBlocks, error) {
	path := filepath.Join(b.dir, TierFileName(t))
	tf, err := openTierFile(path, path)
	if err != nil {
		return nil, err
	}
	if tf.h.GameHash != b.hash || tf.h.Tier != t || tf.h.Records != size || tf.h.Version != WriteFormat {
		tf.f.Close()
		return nil, corrupt(path, -1, "the file of another game, tier or format")
	}
	return &TierBlocks{tf}, nil
}

// Width is the tier's record width in bytes.
func (x *TierBlocks) Width() int { return x.tf.h.Width }

// BlockRecords is the number of records of a block (the last may have
// fewer): rank r is record r%BlockRecords of block r/BlockRecords.
func (x *TierBlocks) BlockRecords() int64 { return x.tf.h.BlockRecs }

// IndexBytes is the most memory the block index's pages take once read.
func (x *TierBlocks) IndexBytes() int64 { return x.tf.h.blocks*entrySize + 2*indexPage }

// Block reads block blk's records (Width bytes each, rank by rank, empty
// ones included) into dst's space (reused when it has the capacity).
func (x *TierBlocks) Block(blk int64, dst []byte) ([]byte, error) {
	if blk < 0 || blk >= x.tf.h.blocks {
		return nil, fmt.Errorf("%s: block %d of %d", x.tf.name, blk, x.tf.h.blocks)
	}
	return x.tf.readBlock(x.tf.f, blk, dst)
}

// Close closes the file.
func (x *TierBlocks) Close() error { return x.tf.f.Close() }

// Dir is the directory being built.
func (b *Builder) Dir() string { return b.dir }

// HasTierFile reports whether tier t has a file in the directory (whole
// or not: Finished says).
func (b *Builder) HasTierFile(t uint64) bool {
	_, err := os.Stat(filepath.Join(b.dir, TierFileName(t)))
	return err == nil
}

// ReachPartBytes is the bytes the reachability parts of tier t take in
// the directory now (those a stopped build left count: a resumed build's
// disk estimate must not ask for them again).
func (b *Builder) ReachPartBytes(t uint64) int64 {
	names, _ := filepath.Glob(filepath.Join(b.dir, fmt.Sprintf("reachpart-%016x-*.grb", t)))
	var n int64
	for _, name := range names {
		if fi, err := os.Stat(name); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// SavedReachBytes is the bytes tier t's reachability takes on disk: its
// reachability file's (SaveReach) and its parts' (SaveReachPart), 0 when
// neither is saved.
func (b *Builder) SavedReachBytes(t uint64) int64 {
	n := b.ReachPartBytes(t)
	if fi, err := os.Stat(filepath.Join(b.dir, ReachFileName(t))); err == nil {
		n += fi.Size()
	}
	return n
}
