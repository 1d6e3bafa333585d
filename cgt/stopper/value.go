package stopper

import (
	"errors"
	"fmt"
)

// Value is the value of a finite loopy game: a stopper, or a sided
// value On & Off (onside and offside, stoppers with On ≥ Off; Siegel,
// CGT, ch. VI; ONAG ch. 16). Both sides are canonical stoppers; for a
// stopper they are the same graph.
//
// Sides is nil when the sides of a game graph could not be found
// (sidling did not settle); Graph then still holds the game, so its
// outcome with draws is known, and SidesErr says why.
type Value struct {
	On, Off *Graph
	// Graph is the game graph the value was made from when that graph
	// is not a stopper; nil otherwise.
	Graph    *Graph
	SidesErr error
}

// IsStopper reports whether v is a stopper (its sides are one game).
func (v *Value) IsStopper() bool { return v.On != nil && v.On == v.Off }

// HasSides reports whether both sides are known.
func (v *Value) HasSides() bool { return v.On != nil }

func stopperValue(g *Graph) *Value { return &Value{On: g, Off: g} }

// FromGraph values the game graph g (rooted at 0): its canonical form
// when it is a stopper, its sides found by sidling otherwise.
func FromGraph(g *Graph, lim *Limits) (*Value, error) {
	g.check()
	if IsStopper(g) {
		c, err := Canonical(g, lim)
		if err != nil {
			return nil, err
		}
		return stopperValue(c), nil
	}
	g = pack(g, 0)
	on, err := side(g, true, lim)
	var off *Graph
	if err == nil {
		off, err = side(g, false, lim)
	}
	var ns *NotSettledError
	if errors.As(err, &ns) {
		return &Value{Graph: g, SidesErr: err}, nil
	}
	if err != nil {
		return nil, err
	}
	return sided(on, off, g, lim)
}

// sided makes on & off, which is a stopper when the two are equal.
func sided(on, off, graph *Graph, lim *Limits) (*Value, error) {
	eq, err := Equal(on, off, lim)
	if err != nil {
		return nil, err
	}
	if eq {
		return stopperValue(on), nil
	}
	return &Value{On: on, Off: off, Graph: graph}, nil
}

// ErrSidesOrder is the error of S & T with S not ≥ T.
var ErrSidesOrder = errors.New("the onside must be greater than or equal to the offside")

// Sided is the sided value s & t of two values: the onside of s and the
// offside of t (CGSuite's G & H).
func Sided(s, t *Value, lim *Limits) (*Value, error) {
	if !s.HasSides() {
		return nil, fmt.Errorf("the left of '&' has no known onside: %w", s.SidesErr)
	}
	if !t.HasSides() {
		return nil, fmt.Errorf("the right of '&' has no known offside: %w", t.SidesErr)
	}
	ge, err := Geq(s.On, t.Off, lim)
	if err != nil {
		return nil, err
	}
	if !ge {
		return nil, ErrSidesOrder
	}
	return sided(s.On, t.Off, nil, lim)
}

// Geq reports a ≥ b for stoppers a and b (rooted at 0).
func Geq(a, b *Graph, lim *Limits) (bool, error) {
	if !IsStopper(a) || !IsStopper(b) {
		return false, ErrNotStopper
	}
	rel, err := geqTable(a, b, lim)
	if err != nil {
		return false, err
	}
	return rel.ge(0, 0), nil
}

// Equal reports a = b for stoppers.
func Equal(a, b *Graph, lim *Limits) (bool, error) {
	ge, err := Geq(a, b, lim)
	if err != nil || !ge {
		return false, err
	}
	return Geq(b, a, lim)
}

// Negate is −v: −(S & T) = −T & −S.
func Negate(v *Value) *Value {
	out := &Value{SidesErr: v.SidesErr}
	if v.Graph != nil {
		out.Graph = Neg(v.Graph)
	}
	if v.HasSides() {
		out.On, out.Off = Neg(v.Off), Neg(v.On)
		if v.IsStopper() {
			out.Off = out.On
		}
	}
	return out
}

// Upsum is the onside of the sum of two stoppers a and b (Siegel's
// G +↑ H: infinite play counts for Left), Downsum the offside (G +↓ H).
// When a + b is a stopper both are its canonical form.
func Upsum(a, b *Graph, lim *Limits) (*Graph, error) { return sideOfSum(a, b, true, lim) }

// Downsum is the offside of a + b; see Upsum.
func Downsum(a, b *Graph, lim *Limits) (*Graph, error) { return sideOfSum(a, b, false, lim) }

func sideOfSum(a, b *Graph, onside bool, lim *Limits) (*Graph, error) {
	s, err := Sum(a, b, lim)
	if err != nil {
		return nil, err
	}
	return side(s, onside, lim)
}

// side finds the onside (onside true) or offside of the game graph g as
// a canonical stopper: g itself when it is a stopper; else a stopper
// found by deleting moves on alternating cycles that the comparison of
// sides shows irrelevant (sideByElimination); else by sidling. It is a
// *NotSettledError when neither finds one.
func side(g *Graph, onside bool, lim *Limits) (*Graph, error) {
	if IsStopper(g) {
		return Canonical(g, lim)
	}
	// Sidling first, for a few rounds: it settles at once on sides that
	// are short games or simple loops; then the elimination of moves,
	// which finds sides that sidling only approaches (over); then
	// sidling to the end.
	if s, err := sidleRounds(g, onside, quickSidleRounds, lim); err == nil {
		return s, nil
	} else if !isNotSettled(err) {
		return nil, err
	}
	s, ok, err := sideByElimination(g, onside, lim)
	if err != nil {
		return nil, err
	}
	if ok {
		return s, nil
	}
	return sidle(g, onside, lim)
}

// quickSidleRounds is how long side sidles before it tries elimination.
const quickSidleRounds = 12

func isNotSettled(err error) bool {
	var ns *NotSettledError
	return errors.As(err, &ns)
}

// Add is v + w. Sided values add side by side: the onsides by Upsum and
// the offsides by Downsum (Siegel, CGT, ch. VI). The sum of two
// stoppers is a stopper when no play of it can alternate forever; when
// it can (on + off), it is the sided value of its upsum and downsum.
func Add(v, w *Value, lim *Limits) (*Value, error) {
	if !v.HasSides() || !w.HasSides() {
		if v.Graph == nil && !v.HasSides() || w.Graph == nil && !w.HasSides() {
			return nil, errors.New("a summand has no value")
		}
		gv, gw := graphOf(v), graphOf(w)
		if gv == nil || gw == nil {
			return nil, errors.New("the sum has no value: a summand's sides are unknown and the other is not one game graph")
		}
		s, err := Sum(gv, gw, lim)
		if err != nil {
			return nil, err
		}
		return FromGraph(s, lim)
	}
	on, err := Upsum(v.On, w.On, lim)
	if err != nil {
		return nil, sumErr(err)
	}
	off := on
	if !v.IsStopper() || !w.IsStopper() || !IsStopperSum(v.On, w.On, lim) {
		if off, err = Downsum(v.Off, w.Off, lim); err != nil {
			return nil, sumErr(err)
		}
	}
	return sided(on, off, nil, lim)
}

// IsStopperSum reports whether a + b is a stopper.
func IsStopperSum(a, b *Graph, lim *Limits) bool {
	s, err := Sum(a, b, lim)
	return err == nil && IsStopper(s)
}

func sumErr(err error) error {
	var ns *NotSettledError
	if errors.As(err, &ns) {
		return fmt.Errorf("the sum has no value found: %w", err)
	}
	return err
}

// graphOf is a game graph of v: the graph it was made from, or its
// stopper form.
func graphOf(v *Value) *Graph {
	if v.Graph != nil {
		return v.Graph
	}
	if v.IsStopper() {
		return v.On
	}
	return nil
}

// ValueGeq reports v ≥ w: onside ≥ onside and offside ≥ offside.
func ValueGeq(v, w *Value, lim *Limits) (bool, error) {
	if !v.HasSides() || !w.HasSides() {
		return false, errors.New("cannot compare a game whose sides are unknown")
	}
	ge, err := Geq(v.On, w.On, lim)
	if err != nil || !ge {
		return false, err
	}
	return Geq(v.Off, w.Off, lim)
}
