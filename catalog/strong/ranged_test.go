package strong_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/games/connect4"
)

// checkRanged builds spec (Connect-4 of w columns) under a memory
// budget of limit bytes, which the in-memory build would pass so the
// build goes by rank ranges, and without a limit: the two directories
// hold the same bytes, the counts are Tromp's, and random positions
// answer from the database as solve's search answers them.
func checkRanged(t *testing.T, spec string, w, h int, limit, positions int64, lookups int) {
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	small, whole := t.TempDir(), t.TempDir()
	mem := budget.NewBytes(limit)
	res, err := strong.Build(context.Background(), inst, small, strong.BuildOptions{Memory: mem})
	if err != nil {
		t.Fatal(err)
	}
	if res.Positions != positions {
		t.Errorf("%s in %s: %d positions, Tromp counts %d", spec, budget.FormatBytes(limit), res.Positions, positions)
	}
	if mem.Used() != 0 {
		t.Errorf("%d bytes still charged after the build", mem.Used())
	}
	if _, err := strong.Build(context.Background(), inst, whole, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	sameDirs(t, small, whole)
	d, err := strong.Open(small)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g, err := connect4.New(w, h, 4)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(35, uint64(w)))
	sameAsSolve(t, d, inst, nil)
	for range lookups {
		var moves []byte
		b := connect4.Board{}
		for n := 8 + r.IntN(12); len(moves) < n && !g.Over(b); {
			c := r.IntN(w)
			if !g.S.CanPlay(b, c) {
				continue
			}
			b = g.S.Play(b, c)
			moves = append(moves, byte('1'+c))
		}
		sameAsSolve(t, d, inst, []string{string(moves)})
	}
}

// sameDirs fails unless directories a and b hold the same files with the
// same bytes.
func sameDirs(t *testing.T, a, b string) {
	t.Helper()
	list := func(dir string) []string {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	na, nb := list(a), list(b)
	if fmt.Sprint(na) != fmt.Sprint(nb) {
		t.Fatalf("%s holds %v, %s %v", a, na, b, nb)
	}
	for _, n := range na {
		x, err := os.ReadFile(filepath.Join(a, n))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, n))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs (%d and %d bytes)", n, len(x), len(y))
		}
	}
}

// TestConnect4Ranged: Connect-4 5x4 in 1 MiB, by ranges.
func TestConnect4Ranged(t *testing.T) {
	checkRanged(t, "connect4:5x4", 5, 4, 1<<20, 3945711, 150)
}

// TestConnect4Ranged5x5 is issue 35's check: Connect-4 5x5 in 64 MiB
// (a minute or two of CPU: GRUNDY_C4_5X5=1 runs it).
func TestConnect4Ranged5x5(t *testing.T) {
	if os.Getenv("GRUNDY_C4_5X5") == "" {
		t.Skip("builds Connect-4 5x5 twice; GRUNDY_C4_5X5=1 runs it")
	}
	checkRanged(t, "connect4:5x5", 5, 5, 64<<20, 69763700, 300)
}

// TestDiskRefused: a build whose disk estimate passes the filesystem's
// free space is refused before it writes a tier, in one line giving
// both; given the room, the same directory then builds.
func TestDiskRefused(t *testing.T) {
	inst, err := catalog.Lookup("connect4:4x4")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	_, err = strong.Build(context.Background(), inst, dir, strong.BuildOptions{DiskFree: func() (int64, error) { return 20 << 10, nil }})
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "the build needs about") ||
		!strings.Contains(err.Error(), "20 KiB free") {
		t.Fatalf("a build with 20 KiB of disk: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "tier-*")); len(m) != 0 {
		t.Errorf("a refused build wrote %v", m)
	}
	if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
}
