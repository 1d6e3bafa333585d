package morris

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog/strong"
)

// TestBuiltDatabase checks databases built by grundy db build, named by
// GRUNDY_MORRIS_DB as SPEC=DIR pairs separated by commas (for example
// 9=/data/morris9,6=/data/morris6; the builds take from a minute to
// hours, so the default run leaves this out):
//
//   - the start's published value: six men's morris a draw (De Clercq),
//     nine men's morris a draw (R. Gasser, "Solving Nine Men's Morris",
//     1996);
//   - on random play-outs, every record agrees with its moves' records:
//     won in 1 + the least remoteness of a lost move's, lost in 1 + the
//     greatest of its moves' (all won), drawn when no move loses and one
//     draws, and the rules' verdict (the model's) without moves. A table of exact remoteness that
//     agrees so everywhere is the retrograde analysis's (by induction
//     on remoteness), so this checks the build without building again;
//   - wherever the model of the rules (ref_test.go) decides a position
//     by negamax to depth 3 (2 from nine men on: the model's depth 3
//     takes about 0.2 s a position there), the database says the same.
//
// GRUNDY_MORRIS_PLAYOUTS sets the number of play-outs (default 60).
func TestBuiltDatabase(t *testing.T) {
	env := os.Getenv("GRUNDY_MORRIS_DB")
	if env == "" {
		t.Skip("GRUNDY_MORRIS_DB names no databases (SPEC=DIR,...)")
	}
	for _, pair := range strings.Split(env, ",") {
		spec, dir, ok := strings.Cut(pair, "=")
		if !ok {
			t.Fatalf("GRUNDY_MORRIS_DB: %q is not SPEC=DIR", pair)
		}
		g := mustGame(t, spec)
		d, err := strong.OpenFor(dir, instance{g})
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		start, err := d.Query(nil)
		if err != nil {
			t.Fatal(err)
		}
		if start.Outcome != "D" {
			t.Fatalf("%s: the start is %s; published: a draw", g.Spec(), start.Outcome)
		}
		model := refOf(t, g)
		rng := rand.New(rand.NewPCG(9, 9))
		checked, depthChecked := 0, 0
		depth := 3
		if g.Men >= 9 {
			depth = 2
		}
		playouts := 60
		if n, err := strconv.Atoi(os.Getenv("GRUNDY_MORRIS_PLAYOUTS")); err == nil && n > 0 {
			playouts = n
		}
		for range playouts {
			p := g.Start()
			for ply := 0; ply < 160; ply++ {
				text := g.Format(p)
				got := queryValue(t, g, d, text)
				var kids []Pos
				g.EachMove(p, func(_ Move, q Pos) { kids = append(kids, q) })
				want, _ := refDepth(model, refStateOf(g, p), 0) // the rules' verdict on a finished game
				if len(kids) > 0 {
					want = fromMoves(t, g, d, kids)
				}
				if got != want {
					t.Fatalf("%s: %s: record %v, its moves' records say %v", g.Spec(), text, got, want)
				}
				if v, ok := refDepth(model, refStateOf(g, p), depth); ok {
					depthChecked++
					if v != got {
						t.Fatalf("%s: %s: database %v, the model to depth 3 %v", g.Spec(), text, got, v)
					}
				}
				checked++
				if len(kids) == 0 {
					break
				}
				p = kids[rng.IntN(len(kids))]
			}
		}
		t.Logf("%s: the start %s; %d positions of %d random play-outs agree with their moves, %d with the model to depth %d", g.Spec(), start.Outcome, checked, playouts, depthChecked, depth)
	}
}

// queryValue is the database's value of the position text, as the
// model writes values (remoteness -1 for a draw).
func queryValue(t *testing.T, g *Game, d *strong.DB, text string) refValue {
	t.Helper()
	r, err := d.Query([]string{text})
	if err != nil {
		t.Fatalf("%s: %s: %v", g.Spec(), text, err)
	}
	v := refValue{r.Outcome, -1}
	if r.Remoteness != nil {
		v.remoteness = *r.Remoteness
	}
	return v
}

// fromMoves is the value the moves' records give a position with the
// moves to kids (at least one).
func fromMoves(t *testing.T, g *Game, d *strong.DB, kids []Pos) refValue {
	t.Helper()
	minLost, maxWon := -1, 0
	drawn := false
	for _, q := range kids {
		switch v := queryValue(t, g, d, g.Format(q)); v.outcome {
		case "P":
			if minLost < 0 || v.remoteness < minLost {
				minLost = v.remoteness
			}
		case "D":
			drawn = true
		default:
			maxWon = max(maxWon, v.remoteness)
		}
	}
	switch {
	case minLost >= 0:
		return refValue{"N", minLost + 1}
	case drawn:
		return refValue{"D", -1}
	}
	return refValue{"P", maxWon + 1}
}
