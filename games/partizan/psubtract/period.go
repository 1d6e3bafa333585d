package psubtract

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// Period is a proven arithmetic period of a partizan subtraction game:
// G(n+Period) = G(n) + Shift for every heap n ≥ Preperiod, Shift a
// number (0 for plain periodicity). Values holds G(0), …, G(Known−1) in
// the Space the period was found in; every heap's value follows from
// them (At).
type Period struct {
	Preperiod, Period int
	Shift             cgt.Dyadic
	// Known is the number of heaps valued directly; the proof used the
	// heaps Preperiod … Preperiod+Window+Period−1, all below Known.
	Known  int
	Window int
	Values []cgt.Game
}

// checkpoints are the heap counts at which FindPeriod looks for a
// period: small ones first, so that a game periodic early is answered
// after little work.
var checkpoints = []int{24, 48, 96, 192, 384, 768, 1536, 3072}

// FindPeriod values heaps 0, 1, … up to limit−1 (at most) in s and
// returns the first arithmetic period it proves (see the package doc for
// the proof and its window). When none is proven its error is a
// *NoPeriodError, which wraps the evaluator's error (a limit of s or e,
// the context) when that is what stopped it.
func (g Game) FindPeriod(ctx context.Context, s *cgt.Space, e *partizan.Evaluator[int], limit int) (*Period, error) {
	var vals []cgt.Game
	for _, cp := range append(checkpoints, limit) {
		if cp > limit {
			cp = limit
		}
		for n := len(vals); n < cp; n++ {
			v, err := e.Value(ctx, n)
			if err != nil {
				return nil, &NoPeriodError{Game: g.Spec(), Known: n, Observed: g.observe(s, vals), Err: err}
			}
			vals = append(vals, v)
		}
		if p, err := g.detect(s, vals); p != nil || err != nil {
			return p, err
		}
		if cp == limit {
			break
		}
	}
	return nil, &NoPeriodError{Game: g.Spec(), Known: len(vals), Observed: g.observe(s, vals)}
}

// NoPeriodError says that no period was proven among the heaps valued:
// Known heaps were valued (Err, when set, is why no more were), and
// Observed describes a repetition seen in them that the proof does not
// cover (a shift that is not a number), if any.
type NoPeriodError struct {
	Game     string
	Known    int
	Observed string
	Err      error
}

func (e *NoPeriodError) Error() string {
	msg := fmt.Sprintf("%s: no arithmetic period is proven among heaps 0 to %d", e.Game, e.Known-1)
	if e.Err != nil {
		msg = fmt.Sprintf("%s: no arithmetic period is proven among heaps 0 to %d (heap %d: %v)", e.Game, e.Known-1, e.Known, e.Err)
	}
	if e.Observed != "" {
		msg += "; " + e.Observed
	}
	return msg
}

func (e *NoPeriodError) Unwrap() error { return e.Err }

// maxObserved bounds the periods observe tries.
const maxObserved = 64

// observe looks, in the values found, for G(n+p) = G(n) + d with d any
// game (not only a number) over the last stretch of at least 2p+m heaps,
// and describes the first it sees: a pattern that FindPeriod cannot
// prove, told to the user as seen, never used for an answer.
func (g Game) observe(s *cgt.Space, vals []cgt.Game) string {
	n := len(vals)
	m := g.maxMove()
	saved := s.MaxSteps
	s.MaxSteps = s.Steps() + 100_000
	defer func() { s.MaxSteps = saved }()
	for p := 1; p <= maxObserved && 3*p+m <= n; p++ {
		top := n - 1 - p
		// G+d has G's stops moved by d's (equal) stops, when d is a
		// number or an infinitesimal.
		dl, err1 := s.LeftStop(vals[top+p]).Sub(s.LeftStop(vals[top]))
		dr, err2 := s.RightStop(vals[top+p]).Sub(s.RightStop(vals[top]))
		if err1 != nil || err2 != nil || dl != dr {
			continue
		}
		d, err := s.Sub(vals[top+p], vals[top])
		if err != nil {
			return ""
		}
		a := top + 1
		for a > 0 {
			t, err := s.Add(vals[a-1], d)
			if err != nil || t != vals[a-1+p] {
				break
			}
			a--
		}
		if top+1-a >= 2*p+m {
			return fmt.Sprintf("from heap %d to %d the values grow by %s every %d heaps, but only a shift that is a number is proven to go on (number translation)", a, n-1, s.String(d), p)
		}
	}
	return ""
}

// maxMove is m, the largest amount either player may remove: from heap
// m on, a heap's options are G(n−k) for every k of L and R.
func (g Game) maxMove() int {
	m := 0
	for _, k := range append(append([]int(nil), g.L...), g.R...) {
		m = max(m, k)
	}
	return m
}

// detect looks for the least period p (and for it the least preperiod)
// proven by the values vals = G(0 … N−1).
func (g Game) detect(s *cgt.Space, vals []cgt.Game) (*Period, error) {
	n := len(vals)
	m := g.maxMove()
	lstop := make([]cgt.Dyadic, n)
	rstop := make([]cgt.Dyadic, n)
	for i, v := range vals {
		lstop[i], rstop[i] = s.LeftStop(v), s.RightStop(v)
	}
	for p := 1; 3*p <= n; p++ {
		top := n - 1 - p // the last heap i with i+p valued
		// A number shift shows in both stops: L(G+x) = L(G)+x.
		shift, err := lstop[top+p].Sub(lstop[top])
		if err != nil {
			return nil, err
		}
		if d, err := rstop[top+p].Sub(rstop[top]); err != nil || d != shift {
			continue
		}
		var x cgt.Game
		if shift.Sign() != 0 {
			x = s.Number(shift)
		}
		holds := func(i int) (bool, error) {
			if shift.Sign() == 0 {
				return vals[i+p] == vals[i], nil
			}
			if lstop[i+p] != mustAdd(lstop[i], shift) {
				return false, nil
			}
			t, err := s.Add(vals[i], x)
			return t == vals[i+p], err
		}
		a := top + 1
		for a > 0 {
			ok, err := holds(a - 1)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			a--
		}
		window := m
		if shift.Sign() != 0 {
			window = m + p
		}
		// The stretch a … top holds; find the least a' ≥ a from which
		// a whole window and the translation condition hold.
		for a2 := a; a2+window <= top+1; a2++ {
			ok, err := g.translates(s, vals, a2, m, p, shift)
			if err != nil {
				return nil, err
			}
			if ok {
				return &Period{Preperiod: a2, Period: p, Shift: shift, Known: n, Window: window, Values: vals}, nil
			}
		}
	}
	return nil, nil
}

func mustAdd(a, b cgt.Dyadic) cgt.Dyadic {
	c, err := a.Add(b)
	if err != nil {
		return a // an overflowing stop never matches a value
	}
	return c
}

// translates reports whether a number shift carries each residue's value
// along: for a heap n0 of a+m … a+m+p−1 whose value is a number, the
// shift must be an integer and the numbers between n0's options must lie
// on the side the shift moves away from zero (some Left option with
// right stop ≥ 0 for a positive shift, some Right option with left stop
// ≤ 0 for a negative one). Values that are not numbers need nothing
// (Number Translation). A zero shift needs nothing either.
func (g Game) translates(s *cgt.Space, vals []cgt.Game, a, m, p int, shift cgt.Dyadic) (bool, error) {
	if shift.Sign() == 0 {
		return true, nil
	}
	for n0 := a + m; n0 < a+m+p; n0++ {
		if _, ok := s.IsNumber(vals[n0]); !ok {
			continue
		}
		if !shift.IsInt() {
			return false, nil
		}
		found := false
		if shift.Sign() > 0 {
			for _, k := range g.L {
				if s.RightStop(vals[n0-k]).Sign() >= 0 {
					found = true
				}
			}
		} else {
			for _, k := range g.R {
				if s.LeftStop(vals[n0-k]).Sign() <= 0 {
					found = true
				}
			}
		}
		if !found {
			return false, nil
		}
	}
	return true, nil
}

// At returns G(n) for any heap n ≥ 0: the value computed when n is below
// Known, else G(n0) + k·Shift for n = n0 + k·Period with n0 in
// Preperiod … Preperiod+Period−1.
func (p *Period) At(s *cgt.Space, n int64) (cgt.Game, error) {
	if n < 0 {
		return 0, fmt.Errorf("negative heap %d", n)
	}
	if n < int64(p.Known) {
		return p.Values[n], nil
	}
	k := (n - int64(p.Preperiod)) / int64(p.Period)
	n0 := n - k*int64(p.Period)
	if p.Shift.Sign() == 0 {
		return p.Values[n0], nil
	}
	x, err := p.Shift.MulInt(k)
	if err != nil {
		return 0, err
	}
	return s.Add(p.Values[n0], s.Number(x))
}
