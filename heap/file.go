package heap

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"

	"github.com/klauspost/compress/zstd"
)

// The value file: a zstd stream (github.com/klauspost/compress) holding
// the line "grundy-seq 1", a JSON header line {"game","count","width"},
// then count values of width bytes each, little-endian. Periodic values
// compress to almost nothing; others to about their entropy.
const fileMagic = "grundy-seq 1\n"

type fileHeader struct {
	Game  string `json:"game"`
	Count int    `json:"count"`
	Width int    `json:"width"`
}

// Save writes the values of the game spec to w, compressed.
func Save(w io.Writer, spec string, v *Values) error {
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedDefault))
	if err != nil {
		return err
	}
	hdr, _ := json.Marshal(fileHeader{Game: spec, Count: v.Len(), Width: v.Width()})
	if _, err := io.WriteString(zw, fileMagic+string(hdr)+"\n"); err != nil {
		zw.Close()
		return err
	}
	if err := v.writeValues(zw); err != nil {
		zw.Close()
		return err
	}
	return zw.Close()
}

// writeValues writes the values as little-endian bytes, a chunk at a
// time: a copy of all of them would double the memory of a long run.
func (v *Values) writeValues(w io.Writer) error {
	if v.u8 != nil {
		_, err := w.Write(unsafe.Slice(unsafe.SliceData(v.u8), len(v.u8)))
		return err
	}
	const chunk = 1 << 16
	width := v.Width()
	buf := make([]byte, 0, chunk*width)
	for lo := 0; lo < v.Len(); lo += chunk {
		buf = buf[:0]
		for i := lo; i < min(lo+chunk, v.Len()); i++ {
			if width == 2 {
				buf = binary.LittleEndian.AppendUint16(buf, v.u16[i])
			} else {
				buf = binary.LittleEndian.AppendUint32(buf, v.u32[i])
			}
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// Load reads values written by Save and returns the game spec they belong
// to. maxCount bounds the number of values accepted. The header's count is
// believed only as values arrive: they are read in pieces that grow with
// the data, so a header that claims more than the stream holds costs no
// more memory than the values it does hold.
func Load(r io.Reader, maxCount int) (spec string, v *Values, err error) {
	return load(r, -1, maxCount, maxCount)
}

// LoadFile is Load for the file at path that keeps only the first keep
// values, or opens the spill file a spilled run left there (spill.go: the
// values it holds, mapped, not read; Close releases them) (the rest are read, to check the file's length, and dropped). The
// header is checked against the file's size before anything is allocated
// for the values: zstd expands a file at most maxExpansion times.
func LoadFile(path string, maxCount, keep int) (spec string, v *Values, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", nil, err
	}
	if !fi.Mode().IsRegular() {
		return "", nil, errors.New("not a regular file")
	}
	magic := make([]byte, len(spillMagic))
	if _, err := f.ReadAt(magic, 0); err == nil && string(magic) == spillMagic {
		// A spill file (spill.go): mapped, not read.
		s, err := openSpill(path, maxCount)
		if err != nil {
			return "", nil, err
		}
		v = &Values{spill: s}
		n := min(int(s.count.Load()), max(keep, 0))
		switch s.width {
		case 1:
			v.u8 = spillSlice[uint8](s, n)
		case 2:
			v.u16 = spillSlice[uint16](s, n)
		default:
			v.u32 = spillSlice[uint32](s, n)
		}
		return s.game, v, nil
	}
	return load(f, fi.Size(), maxCount, keep)
}

// maxExpansion bounds how many bytes a zstd stream of n bytes decodes to:
// a block decodes to at most 128 KiB and takes at least 4 bytes (a 3-byte
// header and one byte repeated), so at most 32768·n.
const maxExpansion = 128 << 10 / 4

// loadPiece is the number of bytes of values read before the buffer first
// grows (then it doubles, up to the count the header claims).
const loadPiece = 16 << 20

// load reads a value file of size bytes (-1: unknown) and keeps its first
// keep values.
func load(r io.Reader, size int64, maxCount, keep int) (spec string, v *Values, err error) {
	// Windows of at most 64 MiB (Save's encoder uses 8): a frame that
	// claims more is refused instead of allocated.
	zr, err := zstd.NewReader(r, zstd.WithDecoderMaxWindow(64<<20))
	if err != nil {
		return "", nil, err
	}
	defer zr.Close()
	br := bufio.NewReader(zr)
	magic := make([]byte, len(fileMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != fileMagic {
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return "", nil, fmt.Errorf("not a value file written by 'grundy seq --out' (%v)", err)
		}
		return "", nil, errors.New("not a value file written by 'grundy seq --out'")
	}
	line, err := br.ReadSlice('\n')
	var h fileHeader
	if err != nil || json.Unmarshal(line, &h) != nil {
		return "", nil, errors.New("damaged header in value file")
	}
	if h.Count < 0 || h.Count > maxCount || h.Width != 1 && h.Width != 2 && h.Width != 4 {
		return "", nil, fmt.Errorf("value file header out of range: %d values of %d bytes (at most %d values)", h.Count, h.Width, maxCount)
	}
	if size >= 0 && uint64(h.Count)*uint64(h.Width) > uint64(size)*maxExpansion {
		return "", nil, fmt.Errorf("value file header claims %d values of %d bytes, more than a compressed file of %d bytes can hold", h.Count, h.Width, size)
	}
	v = &Values{}
	keep = max(0, min(keep, h.Count))
	switch h.Width {
	case 1:
		v.u8, err = readValues[uint8](br, h.Count, keep)
	case 2:
		v.u16, err = readValues[uint16](br, h.Count, keep)
	case 4:
		v.u32, err = readValues[uint32](br, h.Count, keep)
	}
	if err != nil {
		return "", nil, err
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return "", nil, errors.New("value file has data after its values")
	}
	return h.Game, v, nil
}

// readValues reads count little-endian values of type T and returns the
// first keep of them. The slice grows as values arrive, doubling from
// loadPiece bytes, so that its size is never more than twice what was
// read.
func readValues[T unsigned](r io.Reader, count, keep int) ([]T, error) {
	size := int(unsafe.Sizeof(T(0)))
	truncated := func(got int) error {
		return fmt.Errorf("value file truncated: its header says %d values, it holds %d", count, got)
	}
	v := make([]T, 0, min(keep, loadPiece/size))
	for len(v) < keep {
		if len(v) == cap(v) {
			w := make([]T, len(v), min(keep, 2*cap(v)))
			copy(w, v)
			v = w
		}
		free := v[len(v):cap(v)]
		n, err := io.ReadFull(r, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(free))), len(free)*size))
		v = v[:len(v)+n/size]
		if err != nil {
			return nil, truncated(len(v))
		}
	}
	if rest := int64(count-keep) * int64(size); rest > 0 {
		if n, err := io.CopyN(io.Discard, r, rest); err != nil {
			return nil, truncated(keep + int(n)/size)
		}
	}
	// The values were read in the machine's byte order; the file is
	// little-endian.
	if size > 1 && !littleEndian() {
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*size)
		switch v := any(v).(type) {
		case []uint16:
			for i := range v {
				v[i] = binary.LittleEndian.Uint16(b[2*i:])
			}
		case []uint32:
			for i := range v {
				v[i] = binary.LittleEndian.Uint32(b[4*i:])
			}
		}
	}
	return v, nil // never nil: Values tells widths apart by it
}

func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}
