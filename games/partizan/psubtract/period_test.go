package psubtract

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// TestPeriodAgainstDirect finds periods of random games over {1..7},
// each from at most 120 heaps, and checks every heap's value from the
// period against the evaluator far past the proof point: up to 1,500
// heaps, at least ten periods past the last heap the proof used. One
// game in five gives a player no move at all (not a game the catalog
// offers): its values are numbers that grow by a number shift, the case
// of the proof that needs the stops of the options.
func TestPeriodAgainstDirect(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 19))
	ctx := context.Background()
	var proven, shifted, numbers, none int
	for range 100 {
		g := Game{L: randomSet7(r), R: randomSet7(r)}
		switch r.IntN(10) {
		case 0:
			g.L = nil
		case 1:
			g.R = nil
		}
		s := cgt.NewSpace()
		e, _ := partizan.New[int](s, g)
		p, err := g.FindPeriod(ctx, s, e, 120)
		var np *NoPeriodError
		if errors.As(err, &np) {
			none++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		proven++
		if p.Shift.Sign() != 0 {
			shifted++
			for n := p.Preperiod; n < p.Preperiod+p.Period; n++ {
				if _, ok := s.IsNumber(p.Values[n]); ok {
					numbers++
					break
				}
			}
		}
		upto := max(1500, p.Preperiod+p.Window+11*p.Period)
		for n := range upto {
			want, err := e.Value(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.At(s, int64(n))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%s heap %d: the period (%d from %d, shift %s) gives %s, the evaluator %s", g.Spec(), n, p.Period, p.Preperiod, p.Shift, s.String(got), s.String(want))
			}
		}
	}
	t.Logf("%d proven (%d with a nonzero shift, %d of them with numbers among the values), %d not", proven, shifted, numbers, none)
	if proven < 25 || shifted < 5 || numbers < 5 {
		t.Errorf("too few cases of each kind: %d proven, %d shifted, %d with numbers", proven, shifted, numbers)
	}
}

func randomSet7(r *rand.Rand) []int {
	var set []int
	for k := 1; k <= 7; k++ {
		if r.IntN(3) == 0 {
			set = append(set, k)
		}
	}
	if set == nil {
		set = []int{1 + r.IntN(7)}
	}
	return set
}

// TestPeriodPublished: with L = R the game is S-Nim, whose periods
// Winning Ways (ch. 4) gives: S = {1,2}: 0,1,2 from heap 0 (period 3);
// S = {1,3,4}: period 7 from 0; S = {2,3}: period 5 from 0. The detector
// proves each with no shift.
func TestPeriodPublished(t *testing.T) {
	for _, c := range []struct {
		set         []int
		pre, period int
	}{
		{[]int{1, 2}, 0, 3},
		{[]int{1, 3, 4}, 0, 7},
		{[]int{2, 3}, 0, 5},
	} {
		g := Game{L: c.set, R: c.set}
		s := cgt.NewSpace()
		e, _ := partizan.New[int](s, g)
		p, err := g.FindPeriod(context.Background(), s, e, 200)
		if err != nil {
			t.Fatal(err)
		}
		if p.Preperiod != c.pre || p.Period != c.period || p.Shift.Sign() != 0 {
			t.Errorf("S = %v: %s, want period %d from %d", c.set, p, c.period, c.pre)
		}
	}
}

// TestNoPeriod: L = {1}, R = {4,5} grows by ↓* every heap from heap 19
// (an infinitesimal shift, which the proof does not cover): FindPeriod
// proves nothing and says what it saw.
func TestNoPeriod(t *testing.T) {
	g := Game{L: []int{1}, R: []int{4, 5}}
	s := cgt.NewSpace()
	e, _ := partizan.New[int](s, g)
	p, err := g.FindPeriod(context.Background(), s, e, 300)
	var np *NoPeriodError
	if !errors.As(err, &np) || p != nil {
		t.Fatalf("%v, %v: want a NoPeriodError", p, err)
	}
	if want := "from heap 19 to 299 the values grow by v* every 1 heaps"; !strings.Contains(err.Error(), want) {
		t.Errorf("%v: want it to say %q", err, want)
	}
}
