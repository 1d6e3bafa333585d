package heap

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"unsafe"
)

// Values beyond memory. When a run's values would take more than
// Options.SpillBudget bytes, they are kept in a file mapped into memory
// (mmap, MAP_SHARED) instead of the Go heap: the kernel keeps the pages
// the sweep reads in memory and writes the others back to the file, so
// the ceiling of a run is the disk, not the RAM. The sweep reads values
// along a few thousand streams that move forward one heap per heap (the
// partners n−k−h of each rare heap h, and of the scanned windows), and
// the pages ahead of each stream are read in order, so a run whose values
// no longer fit in RAM pays page faults, not random reads.
//
// The spill file: a header of spillHeader bytes, the line "grundy-spill
// 1", a JSON line {"game","width","capacity"} and, in its last 8 bytes,
// the number of values written so far (little-endian), then capacity
// values of width bytes, little-endian. The count is stored after the
// values it counts (every 65536 values, and when the run stops), so a
// file left by a killed process holds at least that many good values:
// stores into a shared mapping are in the kernel's page cache as soon as
// they are made, whatever becomes of the process. (A crash of the machine
// itself may lose pages not yet written back.) LoadFile opens such a file
// for --resume, and Extend then continues in it, in place.
const (
	spillMagic  = "grundy-spill 1\n"
	spillHeader = 4096
)

type spillHeaderJSON struct {
	Game     string `json:"game"`
	Width    int    `json:"width"`
	Capacity int    `json:"capacity"`
}

// spillFile is one mapped value file.
type spillFile struct {
	path     string
	f        *os.File
	data     []byte // the mapping: header, then the values
	width    int
	capacity int
	game     string
	count    atomic.Int64 // the count stored in the header
}

// createSpill makes the file path (replacing any file there) for
// capacity values of width bytes and maps it.
func createSpill(path, game string, width, capacity int) (*spillFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	s := &spillFile{path: path, f: f, width: width, capacity: capacity, game: game}
	hdr, _ := json.Marshal(spillHeaderJSON{Game: game, Width: width, Capacity: capacity})
	head := make([]byte, spillHeader)
	n := copy(head, spillMagic)
	n += copy(head[n:], hdr)
	if n >= spillHeader-9 {
		f.Close()
		return nil, fmt.Errorf("game spec too long for a spill file: %q", game)
	}
	head[n] = '\n'
	if _, err := f.WriteAt(head, 0); err != nil {
		f.Close()
		return nil, err
	}
	if err := s.mapSize(); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

// openSpill maps an existing spill file for reading and writing.
func openSpill(path string, maxCount int) (*spillFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	fail := func(format string, args ...any) (*spillFile, error) {
		f.Close()
		return nil, fmt.Errorf(format, args...)
	}
	head := make([]byte, spillHeader)
	if _, err := f.ReadAt(head, 0); err != nil {
		return fail("spill file shorter than its header")
	}
	if string(head[:len(spillMagic)]) != spillMagic {
		return fail("not a spill file")
	}
	line := head[len(spillMagic):]
	end := 0
	for end < len(line) && line[end] != '\n' {
		end++
	}
	var h spillHeaderJSON
	if end == len(line) || json.Unmarshal(line[:end], &h) != nil {
		return fail("damaged header in spill file")
	}
	count := int64(binary.LittleEndian.Uint64(head[spillHeader-8:]))
	if h.Width != 1 && h.Width != 2 && h.Width != 4 || h.Capacity < 0 || h.Capacity > maxCount || count < 0 || count > int64(h.Capacity) {
		return fail("spill file header out of range: %d of %d values of %d bytes (at most %d values)", count, h.Capacity, h.Width, maxCount)
	}
	fi, err := f.Stat()
	if err != nil {
		return fail("%v", err)
	}
	if fi.Size() != int64(spillHeader)+int64(h.Capacity)*int64(h.Width) {
		return fail("spill file has %d bytes, its header says %d values of %d bytes", fi.Size(), h.Capacity, h.Width)
	}
	s := &spillFile{path: path, f: f, width: h.Width, capacity: h.Capacity, game: h.Game}
	s.count.Store(count)
	if err := s.mapSize(); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

// setCount stores in the header that the first n values are written; the
// count never goes down.
func (s *spillFile) setCount(n int) {
	if s == nil || int64(n) <= s.count.Load() {
		return
	}
	s.count.Store(int64(n))
	binary.LittleEndian.PutUint64(s.data[spillHeader-8:spillHeader], uint64(n))
}

// grow makes room for capacity values (the mapping moves: slices of the
// old one must not be used).
func (s *spillFile) grow(capacity int) error {
	if capacity <= s.capacity {
		return nil
	}
	s.capacity = capacity
	// Rewrite the header's capacity, keeping the count.
	count := s.count.Load()
	hdr, _ := json.Marshal(spillHeaderJSON{Game: s.game, Width: s.width, Capacity: capacity})
	head := make([]byte, spillHeader)
	n := copy(head, spillMagic)
	n += copy(head[n:], hdr)
	head[n] = '\n'
	binary.LittleEndian.PutUint64(head[spillHeader-8:], uint64(count))
	if err := s.mapSize(); err != nil {
		return err
	}
	copy(s.data, head)
	return nil
}

// spillSlice is the values of s as a slice of T of length n and capacity
// s.capacity.
func spillSlice[T unsigned](s *spillFile, n int) []T {
	p := unsafe.Pointer(unsafe.SliceData(s.data[spillHeader:]))
	return unsafe.Slice((*T)(p), s.capacity)[:n]
}

// newValues returns a slice for capacity values of T holding src: in the
// Go heap, or, when capacity values of T take more than the spill budget,
// in a new spill file at the spill path (st.spill is then that file, and
// the file of narrower values it replaces is removed).
func newValues[T, U unsigned](st *state, src []T, capacity int) ([]U, error) {
	width := int(unsafe.Sizeof(U(0)))
	if st.opts.SpillPath == "" || int64(capacity)*int64(width) <= st.opts.SpillBudget {
		return widen[T, U](src, capacity), nil
	}
	// A new file beside the old one, renamed over it once it holds the
	// values: a kill in between leaves the old file whole.
	tmp := st.opts.SpillPath + ".new"
	s, err := createSpill(tmp, st.r.Spec, width, capacity)
	if err != nil {
		return nil, err
	}
	dst := spillSlice[U](s, len(src))
	for i, x := range src {
		dst[i] = U(x)
	}
	old := st.spill
	st.spill = s
	s.setCount(len(src))
	if err := os.Rename(tmp, st.opts.SpillPath); err != nil {
		return nil, err
	}
	s.path = st.opts.SpillPath
	if old != nil {
		old.close()
	}
	return dst, nil
}

// sameFile reports whether two paths name the same file.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	ca, _ := filepath.Abs(a)
	cb, _ := filepath.Abs(b)
	return ca == cb
}

// Close releases the file that holds the values of a run that spilled
// (nothing to do for values in memory). The values must not be used
// afterwards.
func (v *Values) Close() error {
	if v == nil || v.spill == nil {
		return nil
	}
	err := v.spill.close()
	*v = Values{}
	return err
}

// Spilled reports whether the values are held in a spill file.
func (v *Values) Spilled() bool { return v != nil && v.spill != nil }
