package paper

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// paperWitness plays the cutting game by its literal rules: any cut of
// any sheet along a grid line; producing a 1×1 piece wins at once. It
// returns whether the player to move wins, and the remoteness (the winner
// hurries, the loser delays).
type paperWitness map[string][2]int

type pSheet struct{ w, h int }

func paperKey(s []pSheet) string {
	n := make([]string, len(s))
	for i, x := range s {
		a, b := min(x.w, x.h), max(x.w, x.h)
		n[i] = fmt.Sprintf("%dx%d", a, b)
	}
	slices.Sort(n)
	return strings.Join(n, " ")
}

// cuts lists, for sheet i, every cut as its two parts.
func paperCuts(s pSheet) [][2]pSheet {
	var out [][2]pSheet
	for a := 1; a < s.w; a++ {
		out = append(out, [2]pSheet{{a, s.h}, {s.w - a, s.h}})
	}
	for b := 1; b < s.h; b++ {
		out = append(out, [2]pSheet{{s.w, b}, {s.w, s.h - b}})
	}
	return out
}

func (w paperWitness) solve(s []pSheet) (bool, int) {
	k := paperKey(s)
	if v, ok := w[k]; ok {
		return v[0] == 1, v[1]
	}
	// A strip (1×k, k ≥ 2) offers the cut of a 1×1: a win in one move,
	// which no other line of play beats, so the rest need not be searched.
	for _, x := range s {
		if x.w == 1 || x.h == 1 {
			w[k] = [2]int{1, 1}
			return true, 1
		}
	}
	win, best, worst := false, 1<<30, 0
	for i, x := range s {
		for _, c := range paperCuts(x) {
			if c[0] == (pSheet{1, 1}) || c[1] == (pSheet{1, 1}) {
				win, best = true, 1
				continue
			}
			next := slices.Concat(s[:i], c[:], s[i+1:])
			ow, or := w.solve(next)
			if !ow {
				win = true
				best = min(best, or+1)
			}
			worst = max(worst, or+1)
		}
	}
	rem := worst
	if win {
		rem = best
	}
	w[k] = [2]int{map[bool]int{true: 1}[win], rem}
	return win, rem
}

func TestPaperAgainstWitness(t *testing.T) {
	w := paperWitness{}
	rng := rand.New(rand.NewPCG(21, 3))
	for i := 0; i < 150; i++ {
		n := 1 + rng.IntN(2)
		if i%10 == 0 {
			n = 3
		}
		var s []pSheet
		for len(s) < n {
			x := pSheet{1 + rng.IntN(6), 1 + rng.IntN(6)}
			if n == 3 {
				x = pSheet{1 + rng.IntN(4), 1 + rng.IntN(4)}
			}
			if x != (pSheet{1, 1}) {
				s = append(s, x)
			}
		}
		win, rem := w.solve(s)
		toks := make([]string, len(s))
		for j, x := range s {
			toks[j] = fmt.Sprintf("%dx%d", x.w, x.h)
		}
		// Winning moves in the game's notation: the sheet replaced in place
		// by its two parts, the narrower (in the cut direction) first.
		var moves []string
		seen := map[string]bool{}
		for j, x := range s {
			for _, c := range paperCuts(x) {
				ok := c[0] == (pSheet{1, 1}) || c[1] == (pSheet{1, 1})
				if !ok {
					ow, _ := w.solve(slices.Concat(s[:j], c[:], s[j+1:]))
					ok = !ow
				}
				if !ok {
					continue
				}
				a, b := c[0], c[1]
				if a.w+a.h > b.w+b.h {
					a, b = b, a
				}
				m := slices.Concat(toks[:j], []string{fmt.Sprintf("%dx%d", a.w, a.h), fmt.Sprintf("%dx%d", b.w, b.h)}, toks[j+1:])
				if ms := strings.Join(m, " "); !seen[ms] {
					seen[ms] = true
					moves = append(moves, ms)
				}
			}
		}
		want := "P"
		if win {
			want = "N"
		}
		strip := false
		for _, x := range s {
			strip = strip || x.w == 1 || x.h == 1
		}
		for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
			r := catalogtest.Solve(t, "paper", m, toks...)
			if strip {
				catalogtest.Check(t, r, want, -1, moves)
			} else {
				// The reduced game's value is not the witness's; its outcome
				// and moves are.
				if r.Grundy == nil || (r.Grundy.Sign() == 0) != !win {
					t.Fatalf("paper %v: grundy %v for win=%v", toks, r.Grundy, win)
				}
				catalogtest.Check(t, r, want, int(r.Grundy.Int64()), moves)
			}
			if r.Remoteness != nil && *r.Remoteness != rem {
				t.Fatalf("paper %v: remoteness %d, witness %d", toks, *r.Remoteness, rem)
			}
			if r.Remoteness == nil && n == 1 && strip {
				t.Fatalf("paper %v: no remoteness", toks)
			}
		}
	}
}

func TestPaperErrors(t *testing.T) {
	catalogtest.Error(t, "paper", `bad sheet "0x3": sides must be at least 1`, "0x3")
	catalogtest.Error(t, "paper", `bad sheet "1x1"`, "2x2", "1x1")
	catalogtest.Error(t, "paper", `bad sheet "3y3"`, "3y3")
	catalogtest.Error(t, "paper", `bad sheet "3x-2"`, "3x-2")
	catalogtest.Error(t, "paper", "expected at least 1 sheet", "")
	inst, _ := catalog.Lookup("paper")
	if _, err := inst.Solve(t.Context(), []string{"401x2"}, catalog.Options{}); err == nil || !strings.Contains(err.Error(), `bad sheet "401x2"`) {
		t.Fatalf("a sheet too large to search: %v", err)
	}
	// A strip decides the game whatever the size of the others.
	r := catalogtest.Solve(t, "paper", catalog.Auto, "1x3", "100000000000000000000x5")
	catalogtest.Check(t, r, "N", -1, []string{"1x1 1x2 100000000000000000000x5"})
}

// FuzzPositions feeds arbitrary positions to paper under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "4x2"}, {0, "1x1"}, {0, "0x3"}, {0, "1x5 4x4"}, {0, "x"}, {0, "2x"}, {0, "3×3"}, {1, "2x2"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "paper", method, pos)
	})
}
