package gobblet

import (
	"context"
	"os"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
	"github.com/grundy-go/grundy/tier"
)

func same(o outcome.Outcome, rem uint32, v plainValue) bool {
	switch v.o {
	case 'W':
		return o == outcome.N && int(rem) == v.rem
	case 'L':
		return o == outcome.P && int(rem) == v.rem
	}
	return o == outcome.D && rem == retro.NoRemoteness
}

// TestSubgames: the tier solver's database of the rules with fewer
// sizes or one piece of each size agrees with the plain analysis on
// every position reachable from the start, and holds one record for
// each class of them up to the 16 symmetries.
func TestSubgames(t *testing.T) {
	cases := [][2]int{{1, 2}, {2, 1}, {3, 1}}
	if os.Getenv("GRUNDY_GOBBLET_LONG") != "" {
		cases = append(cases, [2]int{2, 2})
	}
	for _, c := range cases {
		g := newGame(c[0], c[1])
		r := plainRules{c[0], c[1]}
		all, vals := r.solve()
		dir := t.TempDir()
		b, err := db.Create(dir, "gobblet-test")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tier.Solve(context.Background(), g, b, tier.Options{}); err != nil {
			t.Fatal(err)
		}
		d, err := db.Open(dir, "gobblet-test")
		if err != nil {
			t.Fatal(err)
		}
		classes := map[Pos]bool{}
		count := map[byte]int{}
		for i, pp := range all {
			text := r.text(pp)
			p, err := g.Parse(text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if g.Format(p) != text {
				t.Fatalf("%s formats as %s", text, g.Format(p))
			}
			classes[g.Canonical(p)] = true
			want := vals[i]
			count[want.o]++
			o, rem, ok, err := d.Lookup(uint64(g.TierOf(p)), g.TierRank(p))
			if err != nil || !ok || !same(o, rem, want) {
				t.Fatalf("sizes %d per %d: %s: database %v %d %v %v; plain %v", c[0], c[1], text, o, rem, ok, err, want)
			}
			if len(r.moves(pp)) != len(g.AppendMoves(nil, p)) {
				t.Fatalf("%s: %d moves; the plain rules %d", text, len(g.AppendMoves(nil, p)), len(r.moves(pp)))
			}
		}
		if got := d.Stats().Total.Positions(); got != int64(len(classes)) {
			t.Fatalf("sizes %d per %d: the database counts %d positions; the plain rules reach %d classes", c[0], c[1], got, len(classes))
		}
		d.Close()
		t.Logf("sizes %d, %d a size: %d positions reachable, %d classes: %d won, %d lost, %d drawn; the start %v",
			c[0], c[1], len(all), len(classes), count['W'], count['L'], count['D'], vals[0])
	}
}
