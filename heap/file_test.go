package heap

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/internal/memtest"
	"github.com/klauspost/compress/zstd"
)

// craft writes a value file whose header says count values of width bytes
// of kayles, followed by payload instead of them, and returns its path and
// size.
func craft(t *testing.T, count, width int, payload []byte) (string, int64) {
	t.Helper()
	var buf bytes.Buffer
	zw, err := zstd.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write([]byte(fileMagic))
	zw.Write([]byte(`{"game":"kayles","count":` + strconv.Itoa(count) + `,"width":` + strconv.Itoa(width) + "}\n"))
	zw.Write(payload)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "crafted.zst")
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	return path, int64(buf.Len())
}

// TestLoadCraftedHeader is the memory bomb of issue 13: a file of about
// 135 KB whose header claims 2^31 values of 2 bytes (4 GiB, within the
// count seq accepts) drove the resident size past 2.5 GB, as Load
// allocated what the header said before reading. Now it is an error after
// allocating about what the file holds.
func TestLoadCraftedHeader(t *testing.T) {
	const claimed = 1 << 31
	rng := rand.New(rand.NewPCG(5, 6))
	payload := make([]byte, 135<<10) // incompressible: the file is about 135 KB
	for i := range payload {
		payload[i] = byte(rng.Uint32())
	}
	path, size := craft(t, claimed, 2, payload)
	if size < 130<<10 || uint64(claimed)*2 > uint64(size)*maxExpansion {
		t.Fatalf("crafted file of %d bytes: want about 135 KB, large enough that zstd could hold the claim", size)
	}
	var err error
	n := memtest.Allocated(func() { _, _, err = LoadFile(path, MaxUpto(&Rule{}), claimed) })
	if err == nil || err.Error() != "value file truncated: its header says 2147483648 values, it holds 69120" {
		t.Fatalf("err = %v", err)
	}
	if n > 64<<20 {
		t.Fatalf("allocated %d bytes for a file that claims %d", n, claimed*2)
	}
	t.Logf("allocated %d bytes", n)

	// The same claim in a file too small for it: refused from the header.
	path, size = craft(t, claimed, 2, payload[:1000])
	n = memtest.Allocated(func() { _, _, err = LoadFile(path, MaxUpto(&Rule{}), claimed) })
	want := "value file header claims 2147483648 values of 2 bytes, more than a compressed file of " + strconv.Itoa(int(size)) + " bytes can hold"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
	if n > 1<<20 {
		t.Fatalf("allocated %d bytes before refusing the header", n)
	}

	// Load, without the file's size, still allocates only what arrives.
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n = memtest.Allocated(func() { _, _, err = Load(f, MaxUpto(&Rule{})) })
	if err == nil || !strings.HasPrefix(err.Error(), "value file truncated: its header says 2147483648 values, it holds 500") {
		t.Fatalf("err = %v", err)
	}
	if n > 64<<20 {
		t.Fatalf("allocated %d bytes for a stream that claims %d", n, claimed*2)
	}
}

// TestLoadHugeWindow: a zstd frame that asks for a 1 GiB window is
// refused, not allocated.
func TestLoadHugeWindow(t *testing.T) {
	// Magic, a frame header with no content size and window descriptor
	// 2^(10+20), then a raw last block of 3 bytes.
	frame := []byte{0x28, 0xB5, 0x2F, 0xFD, 0x00, 20 << 3, 0x19, 0x00, 0x00, 'a', 'b', 'c'}
	var err error
	n := memtest.Allocated(func() { _, _, err = Load(bytes.NewReader(frame), 1<<20) })
	if err == nil || !strings.Contains(err.Error(), "window size exceeded") {
		t.Fatalf("err = %v", err)
	}
	if n > 16<<20 {
		t.Fatalf("allocated %d bytes", n)
	}
}

// TestLoadFileKeeps checks that LoadFile keeps a prefix and still checks
// the whole file.
func TestLoadFileKeeps(t *testing.T) {
	v := compute(t, "nim", 70000, Sparse) // 4-byte values
	var buf bytes.Buffer
	if err := Save(&buf, "nim", v); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "nim.zst")
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	spec, got, err := LoadFile(path, 1<<20, 1000)
	if err != nil || spec != "nim" || got.Len() != 1000 || got.Width() != 4 {
		t.Fatalf("LoadFile: %v %q %v", err, spec, got)
	}
	for i := range 1000 {
		if got.At(i) != uint32(i) {
			t.Fatalf("G(%d) = %d", i, got.At(i))
		}
	}
	if err := os.WriteFile(path, buf.Bytes()[:buf.Len()-40], 0o666); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadFile(path, 1<<20, 1000); err == nil {
		t.Fatal("a truncated file loaded")
	}
	if _, _, err := LoadFile(t.TempDir(), 1<<20, 1000); err == nil || err.Error() != "not a regular file" {
		t.Fatalf("a directory: %v", err)
	}
}

// FuzzLoad: any bytes load as values that save and load back the same, or
// give an error; never a panic, and never more memory than the stream
// holds (Load allocates as values arrive).
func FuzzLoad(f *testing.F) {
	for _, spec := range []string{"kayles", "nim", "grundy-game"} {
		var buf bytes.Buffer
		if err := Save(&buf, spec, compute(f, spec, 300, Sparse)); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte("hello"))
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, v, err := Load(bytes.NewReader(data), 1<<20)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Save(&buf, spec, v); err != nil {
			t.Fatal(err)
		}
		spec2, w, err := Load(&buf, 1<<20)
		if err != nil || spec2 != spec || w.Len() != v.Len() || w.Width() != v.Width() {
			t.Fatalf("round trip: %v, %q %v, want %q %v", err, spec2, w, spec, v)
		}
		for i := range v.Len() {
			if w.At(i) != v.At(i) {
				t.Fatalf("round trip: value %d is %d, want %d", i, w.At(i), v.At(i))
			}
		}
	})
}
