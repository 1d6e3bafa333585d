package db

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Reachability bitmaps compressed. A build's bitmaps are its largest
// scratch: a bit a rank, every tier's at once when solving starts (38.9
// GB for Connect-4 6x6, 37.6 GB for 7x5). Their ranks are not random:
// a tier's reachable ranks come in runs and gaps (Connect-4 5x5's
// bitmaps code to 0.41 of their bits by zstd's fastest level; Nine Men's
// Morris's moving phase to 0.024), so the files and parts written since
// this encoding hold the words as zstd frames of up to a MiB of words
// each, each frame's length before it (a uint32), coded and decoded on
// every core. The header's bytes 12–15 (zero in the files written
// before) say which: reachRaw, the words as they are, or reachZstd. The
// footer's checksum is of the bytes between the header and the footer
// either way (the words, or the frames with their lengths), so a damaged
// frame is caught before it is decoded, whatever zstd makes of it.
const (
	reachRaw  = 0
	reachZstd = 1

	reachChunkWords = 1 << 17 // 1 MiB of words a frame
)

var (
	reachEncOnce sync.Once
	reachEnc     *zstd.Encoder
	reachDecOnce sync.Once
	reachDec     *zstd.Decoder
)

func reachEncoder() *zstd.Encoder {
	reachEncOnce.Do(func() {
		reachEnc, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderCRC(false),
			zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)), zstd.WithZeroFrames(true))
	})
	return reachEnc
}

func reachDecoder() *zstd.Decoder {
	reachDecOnce.Do(func() {
		reachDec, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)),
			zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderMaxMemory(2*8*reachChunkWords))
	})
	return reachDec
}

// reachBatch is the number of frames coded at once, one a goroutine.
func reachBatch() int { return 2 * runtime.GOMAXPROCS(0) }

// writeReachWords writes words as zstd frames (reachZstd) to w and
// returns the crc32c of the bytes written and how many bits the words
// set.
func writeReachWords(w io.Writer, words []uint64) (sum uint32, count int64, err error) {
	type frame struct {
		raw, comp []byte
		count     int64
	}
	frames := make([]frame, reachBatch())
	for len(words) > 0 {
		n := min(len(frames), (len(words)+reachChunkWords-1)/reachChunkWords)
		var wg sync.WaitGroup
		for i := range n {
			chunk := words[i*reachChunkWords : min(len(words), (i+1)*reachChunkWords)]
			wg.Add(1)
			go func(f *frame) {
				defer wg.Done()
				f.raw, f.count = f.raw[:0], 0
				for _, x := range chunk {
					f.raw = binary.LittleEndian.AppendUint64(f.raw, x)
					f.count += int64(bits.OnesCount64(x))
				}
				f.comp = reachEncoder().EncodeAll(f.raw, f.comp[:0])
			}(&frames[i])
		}
		wg.Wait()
		var head [4]byte
		for _, f := range frames[:n] {
			count += f.count
			binary.LittleEndian.PutUint32(head[:], uint32(len(f.comp)))
			sum = crcUpdate(crcUpdate(sum, head[:]), f.comp)
			if _, err := w.Write(head[:]); err != nil {
				return 0, 0, err
			}
			if _, err := w.Write(f.comp); err != nil {
				return 0, 0, err
			}
		}
		words = words[min(len(words), n*reachChunkWords):]
	}
	return sum, count, nil
}

// readReachWords fills words from zstd frames (reachZstd) read from r
// and returns the crc32c of the bytes read and how many bits the words
// set; an error for a frame that is cut short, too long or does not
// decode to its words.
func readReachWords(r io.Reader, words []uint64) (sum uint32, count int64, err error) {
	type frame struct {
		comp, raw []byte
		words     []uint64
		count     int64
		err       error
	}
	frames := make([]frame, reachBatch())
	for len(words) > 0 {
		n := min(len(frames), (len(words)+reachChunkWords-1)/reachChunkWords)
		var head [4]byte
		for i := range n {
			if _, err := io.ReadFull(r, head[:]); err != nil {
				return 0, 0, fmt.Errorf("a frame's length: %w", err)
			}
			l := binary.LittleEndian.Uint32(head[:])
			if l > 16*reachChunkWords {
				return 0, 0, fmt.Errorf("a frame of %d bytes, longer than its words", l)
			}
			f := &frames[i]
			f.comp = append(f.comp[:0], make([]byte, l)...)
			if _, err := io.ReadFull(r, f.comp); err != nil {
				return 0, 0, fmt.Errorf("a frame: %w", err)
			}
			sum = crcUpdate(crcUpdate(sum, head[:]), f.comp)
			f.words = words[i*reachChunkWords : min(len(words), (i+1)*reachChunkWords)]
		}
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func(f *frame) {
				defer wg.Done()
				want := 8 * len(f.words)
				if cap(f.raw) < want {
					f.raw = make([]byte, 0, 8*reachChunkWords)
				}
				f.raw, f.err = reachDecoder().DecodeAll(f.comp, f.raw[:0])
				if f.err == nil && len(f.raw) != want {
					f.err = fmt.Errorf("a frame of %d bytes of words, want %d", len(f.raw), want)
				}
				if f.err != nil {
					return
				}
				f.count = 0
				for j := range f.words {
					f.words[j] = binary.LittleEndian.Uint64(f.raw[8*j:])
					f.count += int64(bits.OnesCount64(f.words[j]))
				}
			}(&frames[i])
		}
		wg.Wait()
		for _, f := range frames[:n] {
			if f.err != nil {
				return 0, 0, f.err
			}
			count += f.count
		}
		words = words[min(len(words), n*reachChunkWords):]
	}
	return sum, count, nil
}
