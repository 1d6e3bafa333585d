package tier

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// checkRanger computes every reachable position of g's acyclic tiers
// from its options' records alone (Ranger.Options, Ranger.Record) and
// compares it with the record SolveOne gave it.
func checkRanger[P comparable](t *testing.T, g game.Tiered[P], name string) int {
	t.Helper()
	recs := buildByOne(t, g)
	plan, err := PlanOf(g)
	if err != nil {
		t.Fatal(err)
	}
	x, err := NewRanger(g)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	var opts []Option
	for _, pt := range plan.Tiers {
		if pt.Loopy {
			if _, err := x.Options(pt.Tier, 0, nil); err == nil {
				t.Fatalf("%s: Options of loopy tier %s: no error", name, pt.Name)
			}
			continue
		}
		for r := range pt.Size {
			want := recs[pt.Tier].Get(r)
			if want == db.Empty {
				continue
			}
			opts, err = x.Options(pt.Tier, r, opts[:0])
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			codes := make([]uint16, len(opts))
			for i, o := range opts {
				codes[i] = recs[o.Tier].Get(o.Rank)
			}
			got, err := x.Record(pt.Tier, r, codes)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got != want {
				t.Fatalf("%s: rank %d of tier %s: Record %d, SolveOne %d", name, r, pt.Name, got, want)
			}
			checked++
		}
	}
	return checked
}

func TestRangerAgreesWithSolveOne(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	checked := 0
	for iter := range 60 {
		g := randomTierGraph(r, 1+r.IntN(6), 1+r.IntN(12), iter%2 == 1)
		var tg game.Tiered[int32] = g
		if iter%2 == 1 {
			tg = tierGraphEndless{g}
		}
		checked += checkRanger(t, tg, "random graph")
	}
	checked += checkRanger(t, takeAway{n0: 40, k: 7, seed: 5}, "takeAway")
	checked += checkRanger(t, takeAway{n0: 300, k: 3, seed: 6, long: true}, "long takeAway")
	if checked < 500 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestNegamaxEmptyOption(t *testing.T) {
	if _, err := Negamax([]uint16{5, db.Empty}, nil); err != ErrEmptyOption {
		t.Fatalf("an Empty option: %v, want ErrEmptyOption", err)
	}
}
