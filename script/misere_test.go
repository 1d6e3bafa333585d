package script

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Kayles rows as a script with split: under --misere the whole position
// is searched (split unused), and its outcome and winning moves must be
// the definition's, on random sums of rows, by the solver and by
// --method search.
const kaylesScript = `
start = (3, 4)

def rows(pos):
    return pos if type(pos) == "tuple" else (pos,)

def key(pos):
    return tuple(sorted([h for h in rows(pos) if h > 0]))

def split(pos):
    return [(h,) for h in rows(pos)]

def moves(pos):
    pos = rows(pos)
    out = []
    for i in range(len(pos)):
        n = pos[i]
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                if left <= right:
                    out.append(pos[:i] + (left, right) + pos[i + 1:])
    return out
`

func kaylesMoves(sum []int) [][]int {
	var out [][]int
	for i, n := range sum {
		for take := 1; take <= 2; take++ {
			for left := 0; left <= n-take; left++ {
				if right := n - take - left; left <= right {
					next := append(append(slices.Clone(sum[:i]), left, right), sum[i+1:]...)
					out = append(out, next)
				}
			}
		}
	}
	return out
}

// kaylesKey writes a position as the script's key is written: the
// non-empty rows, sorted.
func kaylesKey(sum []int) string {
	var hs []string
	rows := slices.Clone(sum)
	slices.Sort(rows)
	for _, h := range rows {
		if h > 0 {
			hs = append(hs, fmt.Sprint(h))
		}
	}
	switch len(hs) {
	case 0:
		return "()"
	case 1:
		return "(" + hs[0] + ",)" // a tuple of one, as Starlark writes it
	}
	return strings.Join(hs, " ")
}

func TestMisereScriptAgainstWitness(t *testing.T) {
	inst := openScript("kayles.star", []byte(kaylesScript))
	w := catalogtest.NewMisereWitness(kaylesMoves, kaylesKey)
	rng := rand.New(rand.NewPCG(20, 4))
	// Equal rows first: a move in either leaves the same position, one
	// winning move (it was listed twice).
	fixed := [][]int{{4, 4}, {5, 5}, {3, 3, 3}}
	for i := range 25 + len(fixed) {
		rows := catalogtest.RandomHeaps(rng, 3, 6)
		if i < len(fixed) {
			rows = fixed[i]
		}
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r, err := inst.(catalog.MisereSolver).SolveMisere(t.Context(), []string{catalog.JoinInts(rows)}, catalog.Options{Method: m})
			if err != nil {
				t.Fatalf("%v: %v", rows, err)
			}
			if want := catalogtest.OutcomeOf(w.Wins(rows)); r.Outcome != want {
				t.Errorf("%v (%v): outcome %s, want %s", rows, m, r.Outcome, want)
			}
			got := slices.Clone(r.WinningMoves)
			slices.Sort(got)
			if want := w.Winning(rows); !slices.Equal(got, want) {
				t.Errorf("%v (%v): winning moves %q, want %q", rows, m, got, want)
			}
			if r.Grundy != nil || r.Extra["misere"] != true {
				t.Errorf("%v: grundy %v, extra %v", rows, r.Grundy, r.Extra)
			}
		}
	}
}

// Scripts whose misère play is meaningless are refused with a reason.
func TestMisereScriptRefused(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"start = 1\nmisere = True\ndef moves(p):\n    return [p - 1] if p > 0 else []\n", "misère play already"},
		{"start = 1\ndef moves(p):\n    return [p - 1] if p > 0 else []\ndef terminal(p):\n    return 1 if p == 0 else None\n", "terminal(pos)"},
		{"start = 1\ndef left_moves(p):\n    return []\ndef right_moves(p):\n    return []\n", "partizan"},
	} {
		inst := openScript("g.star", []byte(c.src))
		_, err := inst.(catalog.MisereSolver).SolveMisere(t.Context(), nil, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line with %q", c.src, err, c.want)
		}
	}
}
