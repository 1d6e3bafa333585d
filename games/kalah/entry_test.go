package kalah_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/games/kalah"
)

// TestEveryPathAgrees: for kalah:3,2 and kalah:2,3:nonempty, grundy solve
// (the margin search), the database's query and both explorers give the
// same outcome, score, remoteness, winning moves and per-move scores on
// random positions; the statistics count every position once by score.
func TestEveryPathAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, spec := range []string{"kalah:3,2", "kalah:2,3:nonempty"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{}); err != nil {
			t.Fatal(err)
		}
		d, err := strong.OpenFor(dir, inst)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		st, err := strong.ReadStats(dir)
		if err != nil {
			t.Fatal(err)
		}
		var sum, pos, neg int64
		for k, n := range st.Scores {
			sum += n
			switch {
			case k[0] == '-':
				neg += n
			case k != "0":
				pos += n
			}
		}
		if sum != st.Positions || pos != st.Outcomes.N || neg != st.Outcomes.P {
			t.Fatalf("%s: scores %v against %d positions, %+v", spec, st.Scores, st.Positions, st.Outcomes)
		}
		ex := inst.(catalog.Explorer)
		opts := catalog.Options{TTSize: 1 << 20}
		p := ""
		for range 60 {
			var tokens []string
			if p != "" {
				tokens = []string{p}
			}
			want, err := inst.Solve(context.Background(), tokens, opts)
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.Query(tokens)
			if err != nil {
				t.Fatal(err)
			}
			if got.Outcome != want.Outcome || *got.Score != *want.Score || !sameInt(got.Remoteness, want.Remoteness) ||
				!slices.Equal(sorted(got.WinningMoves), sorted(want.WinningMoves)) {
				a, _ := json.Marshal(got)
				b, _ := json.Marshal(want)
				t.Fatalf("%s %q: the database says %s, the search %s", spec, p, a, b)
			}
			xs, err := ex.Explore(context.Background(), tokens, opts, 0)
			if err != nil {
				t.Fatal(err)
			}
			xd, err := d.Explore(tokens, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(xs.Moves) != len(xd.Moves) {
				t.Fatalf("%s %q: %d moves searched, %d from the database", spec, p, len(xs.Moves), len(xd.Moves))
			}
			scores := map[string]int{}
			for _, m := range xs.Moves {
				scores[m.Position] = *m.Score
			}
			for _, m := range xd.Moves {
				if s, ok := scores[m.Position]; !ok || m.Score == nil || *m.Score != s {
					t.Fatalf("%s %q: the move to %s scores %v in the database, %d searched", spec, p, m.Position, m.Score, s)
				}
			}
			if len(xs.Moves) == 0 {
				p = ""
				continue
			}
			p = xs.Moves[rng.IntN(len(xs.Moves))].Position
		}
	}
}

func sameInt(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func sorted(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

// TestLabelsInExplorer: the catalog's labelling names Kalah's turns by
// their pits, for the explorer and the command line alike.
func TestLabelsInExplorer(t *testing.T) {
	inst, err := catalog.Lookup("kalah:3,3")
	if err != nil {
		t.Fatal(err)
	}
	x, err := inst.(catalog.Explorer).Explore(context.Background(), nil, catalog.Options{TTSize: 1 << 20}, 0)
	if err != nil {
		t.Fatal(err)
	}
	catalog.LabelMoves(inst, x)
	var labels []string
	for _, m := range x.Moves {
		labels = append(labels, m.Label)
	}
	want := []string{"pit 1, pit 2", "pit 1, pit 3", "pit 2", "pit 3"}
	if !slices.Equal(labels, want) {
		t.Fatalf("labels %v, want %v", labels, want)
	}
	g, _ := kalah.New(3, 3, false)
	if x.Report.Position != g.Format(g.Start()) || *x.Report.Score != 2 {
		t.Fatalf("start %s scored %d", x.Report.Position, *x.Report.Score)
	}
}
