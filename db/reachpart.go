package db

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
)

// Reachability by range: the Beam pipeline of module grundy/beam marks a
// tier's reachable ranks range by range, the worker owning a range
// building its bitmap from the ranks its parents' ranges reach, so no
// step holds a whole tier's bitmap (1 bit a rank: 535 GB for Connect-4
// 7×6's largest tier). The worker writes the range's bitmap as a
// reachability part (WriteReachPart); whatever later asks whether rank r
// is reachable reads only the part of r's range (ReadReachPart). Like
// the tier solver's reachability files (reach.go) they are a build's
// scratch, not part of a database.
//
// A reachability part, all integers little-endian:
//
//	header, 64 bytes:
//	  0  "GRDYRBIT"
//	  8  uint32 format version
//	 12  uint32 the words' encoding: 0 as they are, 1 zstd frames
//	 16  uint64 tier
//	 24  uint64 the tier's ranks
//	 32  uint64 First, the range's first rank
//	 40  uint64 Len, its number of ranks
//	 48  uint64 CRC-64 (ECMA) of the game's spec string
//	 56  4 bytes zero
//	 60  uint32 crc32c of bytes 0–59
//	words: ⌈Len/64⌉ uint64, bit i of word w is rank First+64w+i, as
//	  they are when bytes 12–15 of the header are 0, in zstd frames of up
//	  to a MiB of words, each after its length (uint32), when they are 1
//	  (reachcode.go)
//	footer, 16 bytes:
//	  0  uint64 the number of reachable ranks (bits set)
//	  8  uint32 crc32c of the bytes between header and footer (the words,
//	     or their frames)
//	 12  "BEND"

const (
	reachPartMagic  = "GRDYRBIT"
	reachPartFooter = "BEND"
)

// ReachPartName is the name of the reachability part of tier t's ranks
// from first.
func ReachPartName(t uint64, first int64) string {
	return fmt.Sprintf("reachpart-%016x-%016x.grb", t, first)
}

func reachPartHeader(game string, t uint64, size, first, n int64, encoding uint32) []byte {
	h := make([]byte, headerSize)
	copy(h, reachPartMagic)
	binary.LittleEndian.PutUint32(h[8:], WriteFormat)
	binary.LittleEndian.PutUint32(h[12:], encoding)
	binary.LittleEndian.PutUint64(h[16:], t)
	binary.LittleEndian.PutUint64(h[24:], uint64(size))
	binary.LittleEndian.PutUint64(h[32:], uint64(first))
	binary.LittleEndian.PutUint64(h[40:], uint64(n))
	binary.LittleEndian.PutUint64(h[48:], GameHash(game))
	binary.LittleEndian.PutUint32(h[60:], crc(h[:60]))
	return h
}

// WriteReachPart writes words, the bitmap of ranks [first, first+n) of
// tier t (of size ranks) of game, ⌈n/64⌉ words without a bit past n, as
// a reachability part to w, and returns how many ranks it marks.
func WriteReachPart(w io.Writer, game string, t uint64, size, first, n int64, words []uint64) (int64, error) {
	if first < 0 || n < 0 || first+n > size {
		return 0, fmt.Errorf("a reachability part of %d ranks at rank %d of a tier of %d", n, first, size)
	}
	if int64(len(words)) != (n+63)/64 {
		return 0, fmt.Errorf("a reachability part of %d ranks in %d words, want %d", n, len(words), (n+63)/64)
	}
	if n%64 != 0 && len(words) > 0 && words[len(words)-1]>>(n%64) != 0 {
		return 0, fmt.Errorf("a reachability part of %d ranks marks a rank past its end", n)
	}
	if _, err := w.Write(reachPartHeader(game, t, size, first, n, reachZstd)); err != nil {
		return 0, err
	}
	sum, count, err := writeReachWords(w, words)
	if err != nil {
		return 0, err
	}
	var f [16]byte
	binary.LittleEndian.PutUint64(f[:], uint64(count))
	binary.LittleEndian.PutUint32(f[8:], sum)
	copy(f[12:], reachPartFooter)
	_, err = w.Write(f[:])
	return count, err
}

// ErrReachPart is ReadReachPart's error for a damaged or foreign part.
var ErrReachPart = errors.New("a damaged reachability part")

// ReadReachPart reads the reachability part of ranks [first, first+n) of
// tier t (of size ranks) of game from r, checking that it is that one
// and whole (its checksums, its length), and returns its bitmap and how
// many ranks it marks.
func ReadReachPart(r io.Reader, game string, t uint64, size, first, n int64) ([]uint64, int64, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	h := make([]byte, headerSize)
	if _, err := io.ReadFull(br, h); err != nil {
		return nil, 0, fmt.Errorf("%w: its header: %v", ErrReachPart, err)
	}
	encoding := binary.LittleEndian.Uint32(h[12:])
	if string(h) != string(reachPartHeader(game, t, size, first, n, encoding)) || encoding != reachRaw && encoding != reachZstd {
		return nil, 0, fmt.Errorf("%w: its header is not the one of this game, tier and range", ErrReachPart)
	}
	words := make([]uint64, (n+63)/64)
	var sum uint32
	var count int64
	if encoding == reachZstd {
		var err error
		if sum, count, err = readReachWords(br, words); err != nil {
			return nil, 0, fmt.Errorf("%w: %v", ErrReachPart, err)
		}
	}
	buf := make([]byte, 1<<16)
	for rest := words; encoding == reachRaw && len(rest) > 0; {
		k := min(len(rest), len(buf)/8)
		if _, err := io.ReadFull(br, buf[:8*k]); err != nil {
			return nil, 0, fmt.Errorf("%w: it ends early (truncated?)", ErrReachPart)
		}
		sum = crc32.Update(sum, castagnoli, buf[:8*k])
		for i := range rest[:k] {
			rest[i] = binary.LittleEndian.Uint64(buf[8*i:])
			count += int64(bits.OnesCount64(rest[i]))
		}
		rest = rest[k:]
	}
	var f [16]byte
	if _, err := io.ReadFull(br, f[:]); err != nil {
		return nil, 0, fmt.Errorf("%w: it ends early (truncated?)", ErrReachPart)
	}
	if string(f[12:]) != reachPartFooter || binary.LittleEndian.Uint32(f[8:]) != sum || int64(binary.LittleEndian.Uint64(f[:])) != count {
		return nil, 0, fmt.Errorf("%w: its footer or checksum does not match", ErrReachPart)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, 0, fmt.Errorf("%w: bytes after its footer", ErrReachPart)
	}
	if n%64 != 0 && len(words) > 0 && words[len(words)-1]>>(n%64) != 0 {
		return nil, 0, fmt.Errorf("%w: a rank past its end is marked", ErrReachPart)
	}
	return words, count, nil
}

// ReachPartCount reads only the header and footer of a reachability
// part (r's size bytes): its count of reachable ranks, for a resumed
// build that needs the counts of the parts a stopped build saved, not
// their bits. The words and their checksum are checked when the part is
// read (ReadReachPart); an error wrapping ErrReachPart when the header,
// the length or the footer is not this range's.
func ReachPartCount(r io.ReaderAt, fileSize int64, game string, t uint64, size, first, n int64) (int64, error) {
	h := make([]byte, headerSize)
	if _, err := r.ReadAt(h, 0); err != nil {
		return 0, fmt.Errorf("%w: its header: %v", ErrReachPart, err)
	}
	encoding := binary.LittleEndian.Uint32(h[12:])
	if string(h) != string(reachPartHeader(game, t, size, first, n, encoding)) || encoding != reachRaw && encoding != reachZstd {
		return 0, fmt.Errorf("%w: its header is not the one of this game, tier and range", ErrReachPart)
	}
	// Raw words have a known length; zstd frames at least a frame's
	// length each (the frames are checked when the part is read).
	want := int64(headerSize) + 8*((n+63)/64) + 16
	if encoding == reachZstd {
		frames := ((n+63)/64 + reachChunkWords - 1) / reachChunkWords
		want = int64(headerSize) + 4*frames + 16
	}
	if encoding == reachRaw && fileSize != want || fileSize < want {
		return 0, fmt.Errorf("%w: %d bytes, not %d", ErrReachPart, fileSize, want)
	}
	var f [16]byte
	if _, err := r.ReadAt(f[:], fileSize-16); err != nil {
		return 0, fmt.Errorf("%w: its footer: %v", ErrReachPart, err)
	}
	count := int64(binary.LittleEndian.Uint64(f[:]))
	if string(f[12:]) != reachPartFooter || count < 0 || count > n {
		return 0, fmt.Errorf("%w: its footer is damaged", ErrReachPart)
	}
	return count, nil
}

// CheckPart checks, streaming it through r, that a part file is the one
// p describes: ranks [p.First, p.First+p.Len) of tier t (of size ranks)
// of game at width p.Width, p.Bytes long, with crc32c p.CRC over the
// whole file (which covers every block and the footer's own checksum).
// A rerun of the Beam pipeline keeps a part that passes instead of
// solving its range again (the description, kept beside the part, gives
// p and its count).
func CheckPart(r io.Reader, p Part, game string, t uint64, size int64) error {
	if p.Width != 1 && p.Width != 2 || p.First < 0 || p.Len < 0 || p.First+p.Len > size {
		return fmt.Errorf("%w: a part of %d records of width %d at rank %d of a tier of %d", errPart, p.Len, p.Width, p.First, size)
	}
	cr := &crcReader{r: bufio.NewReaderSize(r, 1<<20)}
	h := make([]byte, headerSize)
	if err := cr.full(h); err != nil {
		return err
	}
	if string(h) != string(p.header(game, t, size)) {
		return fmt.Errorf("%w: its header is not the one of this game, tier, range and width", errPart)
	}
	buf := make([]byte, 1<<20)
	for {
		k, err := cr.r.Read(buf)
		cr.sum = crc32.Update(cr.sum, castagnoli, buf[:k])
		cr.n += int64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if cr.n != p.Bytes || cr.sum != p.CRC {
		return fmt.Errorf("%w: %d bytes of crc32c %08x, want %d bytes of %08x", errPart, cr.n, cr.sum, p.Bytes, p.CRC)
	}
	return nil
}
