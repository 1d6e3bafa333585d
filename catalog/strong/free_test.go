package strong_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
)

// TestRepackFree: databases repacked into format 7 (free records) answer
// every position reachable from the start exactly as the format-5
// databases they came from (every explored position and every move's
// record, walked from the start), and a sample as `grundy solve` does;
// their manifests' counts are the old ones, and they do store other
// values at free places (else the test would not test the lookup's
// computing them).
func TestRepackFree(t *testing.T) {
	for _, c := range []struct {
		spec  string
		every int // sameAsSolve on every n-th position walked (0: none; solve lists morris's drawing moves, a database does not)
	}{{"tictactoe", 1}, {"connect4:4x4", 37}, {"morris:3", 0}} {
		src := build(t, c.spec)
		out := filepath.Join(t.TempDir(), "r")
		if _, err := strong.Repack(context.Background(), src, out, db.FreeFormat, 0, nil); err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		a, err := db.Open(src, "")
		if err != nil {
			t.Fatal(err)
		}
		b, err := db.Open(out, "")
		if err != nil {
			t.Fatal(err)
		}
		if b.Manifest().Format != db.FreeFormat || !b.FreeRecords() || a.FreeRecords() {
			t.Fatalf("%s: format %d", c.spec, b.Manifest().Format)
		}
		// Connect-4's positions are written as moves from the start:
		// its files keep no presence of computed records either.
		if played := strings.HasPrefix(c.spec, "connect4"); b.Played() != played || a.Played() {
			t.Fatalf("%s: played %v", c.spec, b.Played())
		}
		if err := b.Verify(); err != nil {
			t.Fatal(err)
		}
		var changed, free int
		eachTierPair(t, c.spec, a, b, func(ti db.TierInfo, ra, rb db.Records) {
			for x := range ra.Len() {
				ca, cb := ra.Get(x), rb.Get(x)
				if db.FreeCode(ca) {
					free++
					if cb == db.Empty && !b.Played() {
						t.Fatalf("%s, tier %s, rank %d: a free record became Empty", c.spec, ti.Name, x)
					}
				}
				if ca != cb {
					changed++
				}
			}
		})
		a.Close()
		b.Close()
		if free == 0 || changed == 0 {
			t.Fatalf("%s: %d free records, %d ranks changed: nothing to test", c.spec, free, changed)
		}

		da, err := strong.Open(src)
		if err != nil {
			t.Fatal(err)
		}
		db7, err := strong.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		inst, _ := catalog.Lookup(c.spec)
		start, err := da.Start()
		if err != nil {
			t.Fatal(err)
		}
		// The first positions from the start breadth first, then random
		// play-outs to the end (deep positions, where most free
		// records are).
		n := 0
		same := func(pos string) *catalog.Exploration {
			xa := sameExploration(t, da, db7, src, out, pos)
			if c.every > 0 && n%c.every == 0 {
				sameAsSolve(t, db7, inst, positionTokens(pos))
			}
			n++
			return xa
		}
		seen := map[string]bool{start: true}
		queue := []string{start}
		for len(queue) > 0 && len(seen) < 2000 {
			x := same(queue[0])
			queue = queue[1:]
			for _, m := range x.Moves {
				if !seen[m.Position] {
					seen[m.Position] = true
					queue = append(queue, m.Position)
				}
			}
		}
		r := rand.New(rand.NewPCG(uint64(len(c.spec)), 35))
		for range 100 {
			pos := start
			for depth := 0; depth < 60; depth++ {
				x := same(pos)
				seen[pos] = true
				if len(x.Moves) == 0 {
					break
				}
				pos = x.Moves[r.IntN(len(x.Moves))].Position
			}
		}
		da.Close()
		db7.Close()
		t.Logf("%s: %d positions explored (%d distinct), %d free records, %d ranks changed", c.spec, n, len(seen), free, changed)
		if len(seen) < 100 {
			t.Fatalf("%s: only %d positions walked", c.spec, len(seen))
		}
	}
}

// TestRepackFreeRefuses: a scored database is not repacked into format 7
// (its records are margins, not outcomes), nor a database of format 7
// into any format (its free records mean nothing without the game).
func TestRepackFreeRefuses(t *testing.T) {
	src := build(t, "kalah:2,2")
	out := filepath.Join(t.TempDir(), "r")
	_, err := strong.Repack(context.Background(), src, out, db.FreeFormat, 0, nil)
	if err == nil || !strings.Contains(err.Error(), "is a scored database: format 7's free records are outcomes") {
		t.Fatalf("kalah:2,2 in format 7: %v", err)
	}
	c4 := build(t, "connect4:4x4")
	v7 := filepath.Join(t.TempDir(), "v7")
	if _, err := strong.Repack(context.Background(), c4, v7, db.FreeFormat, 0, nil); err != nil {
		t.Fatal(err)
	}
	for _, f := range []int{5, db.FreeFormat} {
		_, err := strong.Repack(context.Background(), v7, filepath.Join(t.TempDir(), "r"), f, 0, nil)
		if err == nil || err.Error() != v7+" has free records (format 7), which only its game's lookups read: repack the database it was repacked from" {
			t.Errorf("format 7 to %d: %v", f, err)
		}
	}
}

// TestFreeDatabasesAgree compares built databases with their format-7
// repacks, named by GRUNDY_FREE_PAIRS ("OLD:NEW,OLD:NEW"; out of CI, the
// databases take minutes to build): on random play-outs from the start,
// every position's exploration (its record and every move's) is the
// same in both, and every 50th position past the 10th move of a
// Connect-4 play-out is also what `grundy solve` says.
func TestFreeDatabasesAgree(t *testing.T) {
	pairs := os.Getenv("GRUNDY_FREE_PAIRS")
	if pairs == "" {
		t.Skip("GRUNDY_FREE_PAIRS names no databases")
	}
	for _, pair := range strings.Split(pairs, ",") {
		src, out, _ := strings.Cut(pair, ":")
		da, err := strong.Open(src)
		if err != nil {
			t.Fatal(err)
		}
		d7, err := strong.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := catalog.Lookup(da.Game())
		if err != nil {
			t.Fatal(err)
		}
		start, _ := da.Start()
		r := rand.New(rand.NewPCG(7, 35))
		var n, solved, free int
		for range 200 {
			pos := start
			for depth := 0; depth < 40; depth++ {
				xa := sameExploration(t, da, d7, src, out, pos)
				for _, m := range xa.Moves {
					if m.Remoteness != nil && (*m.Remoteness <= 2) {
						free++
					}
				}
				n++
				if strings.HasPrefix(da.Game(), "connect4") && depth >= 10 && n%50 == 0 {
					sameAsSolve(t, d7, inst, positionTokens(pos))
					solved++
				}
				if len(xa.Moves) == 0 {
					break
				}
				pos = xa.Moves[r.IntN(len(xa.Moves))].Position
			}
		}
		t.Logf("%s against %s: %d positions explored, %d moves to positions decided in 0-2 moves, %d against grundy solve", src, out, n, free, solved)
		da.Close()
		d7.Close()
	}
}

// sameExploration explores the position pos writes in both databases
// (a, in directory da, and b, in db) and fails unless the explorations
// are the same but for the directory named; it returns a's.
func sameExploration(t *testing.T, a, b *strong.DB, da, db string, pos string) *catalog.Exploration {
	t.Helper()
	xa, err := a.Explore(positionTokens(pos), 1000)
	if err != nil {
		t.Fatalf("%s %q: %v", da, pos, err)
	}
	xb, err := b.Explore(positionTokens(pos), 1000)
	if err != nil {
		t.Fatalf("%s %q: %v", db, pos, err)
	}
	ja, _ := json.Marshal(xa)
	jb, _ := json.Marshal(xb)
	if sa, sb := strings.ReplaceAll(string(ja), da, "DIR"), strings.ReplaceAll(string(jb), db, "DIR"); sa != sb {
		t.Fatalf("%q:\n%s: %s\n%s: %s", pos, da, sa, db, sb)
	}
	return xa
}

// positionTokens is a position's text as tokens: none for the start's "".
func positionTokens(pos string) []string {
	if pos == "" {
		return nil
	}
	return []string{pos}
}
