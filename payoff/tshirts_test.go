package payoff

import (
	"context"
	"fmt"
	"iter"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// shirts is the T-Shirts game (PROBLEMS.md item 18): n shirts, three
// players with strict preference orders delete one shirt each in turn
// 0, 1, 2, 0, … until one remains; each wants the last shirt as good as
// possible for itself. pref[k][s] is player k's rank of shirt s (0 best);
// the payoff of player k is n − rank.
type shirts struct {
	n    int
	pref [3][]int
}

type shirtPos struct {
	mask uint32 // the shirts still on the table
	who  int8   // the player to delete next
}

func (g *shirts) Players() int             { return 3 }
func (g *shirts) ToMove(p shirtPos) int    { return int(p.who) }
func (g *shirts) Format(p shirtPos) string { return fmt.Sprintf("%b/%d", p.mask, p.who) }
func (g *shirts) Moves(p shirtPos) iter.Seq[shirtPos] {
	return func(yield func(shirtPos) bool) {
		if bits.OnesCount32(p.mask) < 2 {
			return
		}
		for m := p.mask; m != 0; m &= m - 1 {
			if !yield(shirtPos{mask: p.mask &^ (m & -m), who: (p.who + 1) % 3}) {
				return
			}
		}
	}
}
func (g *shirts) Payoff(p shirtPos) []*big.Rat {
	s := bits.TrailingZeros32(p.mask)
	out := make([]*big.Rat, 3)
	for k := range out {
		out[k] = big.NewRat(int64(g.n-g.pref[k][s]), 1)
	}
	return out
}

func randomPrefs(r *rand.Rand, n int) [3][]int {
	var pref [3][]int
	for k := range pref {
		order := r.Perm(n) // order[i] = the shirt ranked i
		pref[k] = make([]int, n)
		for rank, s := range order {
			pref[k][s] = rank
		}
	}
	return pref
}

// bruteShirt returns the shirt left by optimal play: every deletion tried,
// no memo, each player keeping the final shirt it ranks best.
func bruteShirt(pref [3][]int, left []int, who int) int {
	if len(left) == 1 {
		return left[0]
	}
	best := -1
	for i := range left {
		rest := append(append([]int{}, left[:i]...), left[i+1:]...)
		s := bruteShirt(pref, rest, (who+1)%3)
		if best == -1 || pref[who][s] < pref[who][best] {
			best = s
		}
	}
	return best
}

func TestTShirtsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 18))
	ctx := context.Background()
	for trial := 0; trial < 300; trial++ {
		n := 1 + r.IntN(8)
		g := &shirts{n: n, pref: randomPrefs(r, n)}
		left := make([]int, n)
		for i := range left {
			left[i] = i
		}
		want := bruteShirt(g.pref, left, 0)
		for _, tie := range []TieBreak{TieFirst, TieSpiteful} {
			s, _ := New[shirtPos](g, Options{TieBreak: tie})
			v, err := s.Payoff(ctx, shirtPos{mask: 1<<n - 1})
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k < 3; k++ {
				if w := int64(n - g.pref[k][want]); v[k].Rat.Cmp(big.NewRat(w, 1)) != 0 {
					t.Fatalf("trial %d (n=%d): player %d gets %s, want %d (shirt %d)", trial, n, k, v[k], w, want)
				}
			}
		}
	}
}

// TestTShirts13 solves the largest case of the problem and checks the
// number of positions: every subset of at least one shirt, the mover fixed
// by the subset's size.
func TestTShirts13(t *testing.T) {
	g := &shirts{n: 13, pref: randomPrefs(rand.New(rand.NewPCG(13, 13)), 13)}
	s, _ := New[shirtPos](g, Options{})
	if _, err := s.Payoff(context.Background(), shirtPos{mask: 1<<13 - 1}); err != nil {
		t.Fatal(err)
	}
	if s.States() != 1<<13-1 {
		t.Fatalf("%d positions, want %d", s.States(), 1<<13-1)
	}
}

func BenchmarkTShirts13(b *testing.B) {
	g := &shirts{n: 13, pref: randomPrefs(rand.New(rand.NewPCG(13, 13)), 13)}
	for b.Loop() {
		s, _ := New[shirtPos](g, Options{})
		if _, err := s.Payoff(context.Background(), shirtPos{mask: 1<<13 - 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTShirts13Float(b *testing.B) {
	g := &shirts{n: 13, pref: randomPrefs(rand.New(rand.NewPCG(13, 13)), 13)}
	for b.Loop() {
		s, _ := New[shirtPos](g, Options{Float: true})
		if _, err := s.Payoff(context.Background(), shirtPos{mask: 1<<13 - 1}); err != nil {
			b.Fatal(err)
		}
	}
}
