package db

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Reachability files: a build's scratch, not part of a database. The
// tier solver's forward pass marks, per tier, the ranks reachable from
// the start (a bitmap, 1 bit per rank); a Builder saves each tier's
// bitmap once it is complete, so that a build killed in the solving pass
// (or late in the forward pass) does not redo the forward pass. They are
// removed as their tier's file is written and by Finish.
//
// A reachability file (reach-<tier in hex>.grb) is a 64-byte header
// (magic "GRDYREAC", version, the words' encoding at byte 12, tier,
// number of ranks, number of 64-bit words, the game's hash, crc32c of
// the header) followed by the words, little-endian, as they are or in
// zstd frames (reachcode.go), and an 8-byte footer: the crc32c of the
// bytes between header and footer and the magic "RCH1" again. A file that fails a check is removed and the
// bitmap is computed again.

const (
	reachMagic  = "GRDYREAC"
	reachFooter = "RCH1"
	reachPrefix = "reach-"
)

// ReachFileName is the name of tier t's reachability file.
func ReachFileName(t uint64) string { return fmt.Sprintf("%s%016x.grb", reachPrefix, t) }

// SaveReach writes the bitmap of tier t (size ranks) as its reachability
// file, under a temporary name renamed when whole.
func (b *Builder) SaveReach(t uint64, size int64, words []uint64) error {
	if want := (size + 63) / 64; int64(len(words)) != want {
		return fmt.Errorf("the bitmap of tier %d has %d words, want %d", t, len(words), want)
	}
	// Not synced: the checksums catch a file a crash left half written,
	// and the bitmap is then computed again.
	return writeFile(b.dir, ReachFileName(t), false, func(w io.Writer) error {
		h := make([]byte, headerSize)
		copy(h, reachMagic)
		binary.LittleEndian.PutUint32(h[8:], WriteFormat)
		binary.LittleEndian.PutUint64(h[16:], t)
		binary.LittleEndian.PutUint64(h[24:], uint64(size))
		binary.LittleEndian.PutUint64(h[32:], uint64(len(words)))
		binary.LittleEndian.PutUint32(h[12:], reachZstd)
		binary.LittleEndian.PutUint64(h[40:], b.hash)
		binary.LittleEndian.PutUint32(h[60:], crc(h[:60]))
		if _, err := w.Write(h); err != nil {
			return err
		}
		sum, _, err := writeReachWords(w, words)
		if err != nil {
			return err
		}
		var f [8]byte
		binary.LittleEndian.PutUint32(f[:], sum)
		copy(f[4:], reachFooter)
		_, err = w.Write(f[:])
		return err
	})
}

// LoadReach reads tier t's reachability file into words (its bitmap of
// size ranks, len(words) words) and reports whether there was a whole
// one. A damaged file, or one of another game, tier or size, is removed
// and ok is false; words is then unspecified.
func (b *Builder) LoadReach(t uint64, size int64, words []uint64) (ok bool, err error) {
	path := filepath.Join(b.dir, ReachFileName(t))
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	bad := func() (bool, error) {
		f.Close()
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
		return false, nil
	}
	st, err := f.Stat()
	if err != nil {
		return false, err
	}
	h := make([]byte, headerSize)
	if _, err := f.ReadAt(h, 0); err != nil || string(h[:8]) != reachMagic || crc(h[:60]) != binary.LittleEndian.Uint32(h[60:]) {
		return bad()
	}
	if binary.LittleEndian.Uint32(h[8:]) != WriteFormat || binary.LittleEndian.Uint64(h[16:]) != t ||
		int64(binary.LittleEndian.Uint64(h[24:])) != size || binary.LittleEndian.Uint64(h[32:]) != uint64(len(words)) ||
		binary.LittleEndian.Uint64(h[40:]) != b.hash {
		return bad()
	}
	var sum uint32
	var off int64
	switch binary.LittleEndian.Uint32(h[12:]) {
	case reachRaw: // written before bitmaps were compressed
		if st.Size() != headerSize+8*int64(len(words))+8 {
			return bad()
		}
		buf := make([]byte, 1<<20)
		off = int64(headerSize)
		for rest := words; len(rest) > 0; {
			n := min(len(rest), len(buf)/8)
			if _, err := f.ReadAt(buf[:8*n], off); err != nil {
				return bad()
			}
			sum = crcUpdate(sum, buf[:8*n])
			for i := range rest[:n] {
				rest[i] = binary.LittleEndian.Uint64(buf[8*i:])
			}
			rest = rest[n:]
			off += int64(8 * n)
		}
	case reachZstd:
		off = st.Size() - 8
		if off < headerSize {
			return bad()
		}
		body := io.NewSectionReader(f, headerSize, off-headerSize)
		if sum, _, err = readReachWords(bufio.NewReaderSize(body, 1<<20), words); err != nil {
			return bad()
		}
		if rest, _ := io.Copy(io.Discard, body); rest != 0 {
			return bad() // bytes between the last frame and the footer
		}
	default:
		return bad()
	}
	var foot [8]byte
	if _, err := f.ReadAt(foot[:], off); err != nil || string(foot[4:]) != reachFooter || binary.LittleEndian.Uint32(foot[:]) != sum {
		return bad()
	}
	return true, nil
}

// RemoveReach removes tier t's reachability file, if any.
func (b *Builder) RemoveReach(t uint64) error {
	err := os.Remove(filepath.Join(b.dir, ReachFileName(t)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// removeAllReach removes every reachability file of the directory, and
// the parts of a build by ranges (ooc.go).
func (b *Builder) removeAllReach() error {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, reachPrefix) || strings.HasPrefix(n, reachPartPrefix) || strings.HasPrefix(n, partPrefix) {
			if err := os.Remove(filepath.Join(b.dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

func crcUpdate(sum uint32, b []byte) uint32 { return crc32.Update(sum, castagnoli, b) }
