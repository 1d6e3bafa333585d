package heap

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
// to. maxCount bounds the number of values accepted.
func Load(r io.Reader, maxCount int) (spec string, v *Values, err error) {
	zr, err := zstd.NewReader(r, zstd.WithDecoderMaxMemory(1<<34))
	if err != nil {
		return "", nil, err
	}
	defer zr.Close()
	br := bufio.NewReader(zr)
	magic := make([]byte, len(fileMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != fileMagic {
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
	v = &Values{}
	var dst []byte
	switch h.Width {
	case 1:
		v.u8 = make([]uint8, h.Count)
		dst = v.u8
	case 2:
		v.u16 = make([]uint16, h.Count)
		dst = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v.u16))), 2*h.Count)
	case 4:
		v.u32 = make([]uint32, h.Count)
		dst = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v.u32))), 4*h.Count)
	}
	if _, err := io.ReadFull(br, dst); err != nil {
		return "", nil, fmt.Errorf("value file truncated: expected %d values", h.Count)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return "", nil, errors.New("value file has data after its values")
	}
	// dst was filled in the machine's byte order; the file is little-endian.
	if h.Width > 1 && !littleEndian() {
		for i := range v.u16 {
			v.u16[i] = binary.LittleEndian.Uint16(dst[2*i:])
		}
		for i := range v.u32 {
			v.u32[i] = binary.LittleEndian.Uint32(dst[4*i:])
		}
	}
	if h.Width == 1 && v.u8 == nil {
		v.u8 = []uint8{}
	}
	return h.Game, v, nil
}

func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}
