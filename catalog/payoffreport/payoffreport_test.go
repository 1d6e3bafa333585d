package payoffreport

import (
	"context"
	"encoding/json"
	"iter"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/payoff"
)

// race is a three-player game on a counter: each player in turn adds 1 or
// 2; whoever reaches the target gets 2, the player after it 1, the other 0.
type race struct{ target int }

type raceState struct{ n, who int }

func (g race) Players() int           { return 3 }
func (g race) ToMove(p raceState) int { return p.who }
func (g race) Moves(p raceState) iter.Seq[raceState] {
	return func(yield func(raceState) bool) {
		if p.n >= g.target {
			return
		}
		for d := 1; d <= 2 && p.n+d <= g.target; d++ {
			if !yield(raceState{p.n + d, (p.who + 1) % 3}) {
				return
			}
		}
	}
}
func (g race) Payoff(p raceState) []*big.Rat {
	winner := (p.who + 2) % 3 // the player who moved last
	out := make([]*big.Rat, 3)
	for k := range out {
		out[k] = new(big.Rat)
	}
	out[winner].SetInt64(2)
	out[(winner+1)%3].SetInt64(1)
	return out
}

func TestSolve(t *testing.T) {
	format := func(p raceState) string { return strconv.Itoa(p.n) + "/" + strconv.Itoa(p.who) }
	// From 1 short of the target the mover takes it: payoff (2, 1, 0) from
	// the mover.
	r, err := Solve(context.Background(), "race", race{target: 5}, raceState{4, 1}, format, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	got := string(b)
	for _, want := range []string{`"payoff":["2","1","0"]`, `"winning_moves":["5/2"]`, `"outcome":"best: player 1"`, `"tie_break":"first"`} {
		if !strings.Contains(got, want) {
			t.Errorf("report %s lacks %s", got, want)
		}
	}
	r, err = Solve(context.Background(), "race", race{target: 5}, raceState{0, 0}, format, Options{Options: catalog.Options{TieBreak: payoff.TieLast, Float: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Payoff.([]any)) != 3 {
		t.Errorf("payoff %v", r.Payoff)
	}
}

// nimZero is one-heap Nim (take 1 or 2) as a zero-sum game: the player who
// takes the last token scores +1.
type nimZero struct{}

type nzPos struct{ n, who int }

func (nimZero) Players() int       { return 2 }
func (nimZero) ToMove(p nzPos) int { return p.who }
func (nimZero) Moves(p nzPos) iter.Seq[nzPos] {
	return func(yield func(nzPos) bool) {
		for d := 1; d <= 2 && d <= p.n; d++ {
			if !yield(nzPos{p.n - d, 1 - p.who}) {
				return
			}
		}
	}
}
func (nimZero) Payoff(p nzPos) []*big.Rat {
	// the player to move cannot move: the other took the last token
	if p.who == 0 {
		return []*big.Rat{big.NewRat(-1, 1), big.NewRat(1, 1)}
	}
	return []*big.Rat{big.NewRat(1, 1), big.NewRat(-1, 1)}
}

func TestSolveRootOnly(t *testing.T) {
	format := func(p nzPos) string { return strconv.Itoa(p.n) }
	for n := 0; n <= 12; n++ {
		full, err := Solve(context.Background(), "nz", nimZero{}, nzPos{n, 1}, format, Options{})
		if err != nil {
			t.Fatal(err)
		}
		root, err := Solve(context.Background(), "nz", nimZero{}, nzPos{n, 1}, format, Options{RootOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		want := "1"
		if n%3 == 0 {
			want = "-1"
		}
		if full.Value != want || root.Value != want || full.Outcome != root.Outcome {
			t.Errorf("n=%d: full %v %v, root %v %v, want %s", n, full.Value, full.Outcome, root.Value, root.Outcome, want)
		}
	}
}

// TestWinProbability: certain wins and losses are N and P, anything
// between is D, and the payoff is (v, 1 − v).
func TestWinProbability(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{1, "N"}, {0, "P"}, {0.5, "D"}, {1 - 1e-12, "D"}, {1e-300, "D"}} {
		r := WinProbability("g", "p", c.v)
		if ChanceOutcome(c.v) != c.want || r.Outcome != c.want || r.Value != c.v {
			t.Errorf("%v: outcome %s (report %s), want %s", c.v, ChanceOutcome(c.v), r.Outcome, c.want)
		}
		if p := r.Payoff.([]float64); len(p) != 2 || p[0] != c.v || p[1] != 1-c.v {
			t.Errorf("%v: payoff %v", c.v, p)
		}
	}
}
