package native_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/native"
)

// TestDatabase: a Go game with Tier is solved into a database whose
// every answer is solve's. The game is a loopy one, so that the tiers
// hold cycles: a token on 0..29 moves one step left or right, or jumps
// three left; a move past the left end is not allowed, and the token at
// 0 has lost (no moves); the jumps left (at most 3) never grow back, so
// the jumps used are the tier.
func TestDatabase(t *testing.T) {
	type pos struct{ At, Jumps int }
	d := native.New(func(p pos) []pos {
		if p.At == 0 {
			return nil
		}
		out := []pos{{p.At - 1, p.Jumps}}
		if p.At < 29 {
			out = append(out, pos{p.At + 1, p.Jumps})
		}
		if p.Jumps > 0 && p.At >= 3 {
			out = append(out, pos{p.At - 3, p.Jumps - 1})
		}
		return out
	})
	d.SetStart(pos{20, 3})
	d.Tier = func(p pos) int { return 3 - p.Jumps }
	dir := t.TempDir()
	file := filepath.Join(dir, "walk.go")
	src := []byte("// walk")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	native.Register(file, file, native.Sum(src), d)
	inst, err := catalog.Lookup(file)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "db")
	res, err := strong.Build(context.Background(), inst, out, strong.BuildOptions{Memory: budget.NewBytes(1 << 30)})
	if err != nil {
		t.Fatal(err)
	}
	// Every (at, jumps) is reached: steps right and left from (20, 3),
	// then jumps down.
	if res.Positions != 30*4 {
		t.Errorf("%d positions built, want 120", res.Positions)
	}
	for at := range 30 {
		for jumps := range 4 {
			text := fmt.Sprintf("(%d, %d)", at, jumps)
			want, err := inst.Solve(context.Background(), nil, catalog.Options{PositionExpr: text})
			if err != nil {
				t.Fatal(err)
			}
			got, err := strong.Query(out, []string{text})
			if err != nil {
				t.Fatalf("query %s: %v", text, err)
			}
			want.Grundy = nil // a database keeps outcomes and remoteness
			if d := same(got, want); d != "" {
				t.Errorf("%s: database and solve differ: %s", text, d)
			}
		}
	}
}
