package tier

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
)

// TestWalkerSameBytes builds Connect-4 databases with the game's fast
// path (Walker) and without it: every file is the same, byte for byte,
// and the fast path's database agrees with the retrograde analysis of
// the whole game.
func TestWalkerSameBytes(t *testing.T) {
	for _, c := range [][3]int{{4, 4, 4}, {5, 3, 3}, {3, 4, 3}} {
		g, err := connect4.New(c[0], c[1], c[2])
		if err != nil {
			t.Fatal(err)
		}
		spec := "connect4:" + g.S.String()
		fast, fastDir := build(t, g, spec, Options{})
		_, plainDir := build(t, g, spec, Options{plain: true})
		sameFiles(t, fastDir, plainDir)
		if c[0]*c[1] <= 12 {
			checkAgainstRetro(t, g, fast)
		}
	}
}

// sameFiles fails unless directories a and b hold the same files with
// the same bytes.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	ea, err := os.ReadDir(a)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := os.ReadDir(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(ea) != len(eb) {
		t.Fatalf("%s has %d files, %s %d", a, len(ea), b, len(eb))
	}
	for i, e := range ea {
		if eb[i].Name() != e.Name() {
			t.Fatalf("file %d: %s against %s", i, e.Name(), eb[i].Name())
		}
		x, err := os.ReadFile(filepath.Join(a, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs (%d and %d bytes)", e.Name(), len(x), len(y))
		}
	}
}
