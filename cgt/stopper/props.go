package stopper

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/cgt"
)

// Outcome is the outcome class of v as CGSuite names it, from who wins
// with Left moving first and with Right moving first (an infinite play
// is a draw): L, R, N, P, D and the classes with draws PHat (draw/Left),
// PCheck (Right/draw), NHat (Left/draw), NCheck (draw/Right).
func Outcome(v *Value, lim *Limits) (string, error) {
	lf, rf, err := FirstResults(v, lim)
	if err != nil {
		return "", err
	}
	return OutcomeName(lf, rf), nil
}

// OutcomeName names the pair of results (Left moving first, Right moving
// first) as CGSuite's LoopyOutcomeClass does.
func OutcomeName(leftFirst, rightFirst Result) string {
	return map[[2]Result]string{
		{RightWins, LeftWins}:  "P",
		{LeftWins, RightWins}:  "N",
		{LeftWins, LeftWins}:   "L",
		{RightWins, RightWins}: "R",
		{Draw, Draw}:           "D",
		{LeftWins, Draw}:       "NHat",
		{RightWins, Draw}:      "PCheck",
		{Draw, LeftWins}:       "PHat",
		{Draw, RightWins}:      "NCheck",
	}[[2]Result{leftFirst, rightFirst}]
}

// FirstResults gives who wins v with Left and with Right moving first.
// For a value with sides S & T: Left moving first wins when she wins T
// moving first (the offside counts an endless play as Right's) and
// reaches at least a draw when she wins S moving first; Right likewise
// with the sides exchanged. Without sides, the game graph is played out
// (Results).
func FirstResults(v *Value, lim *Limits) (leftFirst, rightFirst Result, err error) {
	if !v.HasSides() {
		lf, rf := Results(v.Graph)
		return lf[0], rf[0], nil
	}
	lOn, rOn := Results(v.On)
	lOff, rOff := Results(v.Off)
	switch {
	case lOff[0] == LeftWins:
		leftFirst = LeftWins
	case lOn[0] == LeftWins:
		leftFirst = Draw
	default:
		leftFirst = RightWins
	}
	switch {
	case rOn[0] == RightWins:
		rightFirst = RightWins
	case rOff[0] == RightWins:
		rightFirst = Draw
	default:
		rightFirst = LeftWins
	}
	return leftFirst, rightFirst, nil
}

// Pseudo is a pseudonumber: a number x, x over ({x|pass}), x under
// ({pass|x}), on or off — the values a stop of a stopper takes.
type Pseudo struct {
	Inf int        // +1 on, −1 off, 0 a number
	X   cgt.Dyadic // the number
	Tag int        // +1 over, −1 under, 0 neither
}

func (p Pseudo) cmp(q Pseudo) int {
	if p.Inf != q.Inf {
		return p.Inf - q.Inf
	}
	if p.Inf != 0 {
		return 0
	}
	if c := p.X.Cmp(q.X); c != 0 {
		return c
	}
	return p.Tag - q.Tag
}

func (p Pseudo) String() string {
	switch {
	case p.Inf > 0:
		return "on"
	case p.Inf < 0:
		return "off"
	}
	s := p.X.String()
	switch {
	case p.Tag > 0 && p.X.Sign() == 0:
		return "over"
	case p.Tag < 0 && p.X.Sign() == 0:
		return "under"
	case p.Tag > 0:
		return s + "over"
	case p.Tag < 0:
		return s + "under"
	}
	return s
}

// stops computes the Left and Right stops of every vertex of a canonical
// stopper: a pseudonumber is its own stop; otherwise the Left stop is
// the greatest Right stop of a Left option and the Right stop the least
// Left stop of a Right option (CGSuite's CanonicalStopper). The
// recursion alternates Left and Right moves, so in a stopper it ends.
type stopper struct {
	g      *Graph
	space  *cgt.Space
	num    []*cgt.Dyadic // the number of a short numeric vertex
	pseudo []*Pseudo
	memo   [2]map[int32]Pseudo
	busy   [2]map[int32]bool
}

var (
	errNoStop        = errors.New("a stop is undefined here (a player has no option)")
	errNotIdempotent = errors.New("the degree is not an idempotent, so the variety is undefined")
)

func newStopper(g *Graph) *stopper {
	st := &stopper{g: g, space: cgt.NewSpace(), num: make([]*cgt.Dyadic, g.Len()), pseudo: make([]*Pseudo, g.Len())}
	st.memo = [2]map[int32]Pseudo{{}, {}}
	st.busy = [2]map[int32]bool{{}, {}}
	short := isLoopfree(g)
	b := &builder{}
	_ = b
	var mk func(v int32) cgt.Game
	made := map[int32]cgt.Game{}
	mk = func(v int32) cgt.Game {
		if x, ok := made[v]; ok {
			return x
		}
		var L, R []cgt.Game
		for _, w := range g.L[v] {
			L = append(L, mk(w))
		}
		for _, w := range g.R[v] {
			R = append(R, mk(w))
		}
		x, err := st.space.Make(L, R)
		if err != nil {
			panic(err) // small canonical graphs only
		}
		made[v] = x
		return x
	}
	for v := int32(0); v < int32(g.Len()); v++ {
		if short[v] {
			if x, ok := st.space.IsNumber(mk(v)); ok {
				st.num[v] = &x
			}
		}
	}
	for v := int32(0); v < int32(g.Len()); v++ {
		L, R := g.L[v], g.R[v]
		switch {
		case st.num[v] != nil:
			st.pseudo[v] = &Pseudo{X: *st.num[v]}
		case len(L) == 1 && L[0] == v && len(R) == 0:
			st.pseudo[v] = &Pseudo{Inf: 1}
		case len(R) == 1 && R[0] == v && len(L) == 0:
			st.pseudo[v] = &Pseudo{Inf: -1}
		case len(L) == 1 && len(R) == 1 && R[0] == v && st.num[L[0]] != nil:
			st.pseudo[v] = &Pseudo{X: *st.num[L[0]], Tag: 1}
		case len(L) == 1 && len(R) == 1 && L[0] == v && st.num[R[0]] != nil:
			st.pseudo[v] = &Pseudo{X: *st.num[R[0]], Tag: -1}
		}
	}
	return st
}

// stop is the Left (side 0) or Right (side 1) stop of v.
func (st *stopper) stop(v int32, side int) (Pseudo, error) {
	if p := st.pseudo[v]; p != nil {
		return *p, nil
	}
	if p, ok := st.memo[side][v]; ok {
		return p, nil
	}
	if st.busy[side][v] {
		return Pseudo{}, ErrNotStopper
	}
	st.busy[side][v] = true
	defer delete(st.busy[side], v)
	opts := st.g.L[v]
	if side == 1 {
		opts = st.g.R[v]
	}
	if len(opts) == 0 {
		return Pseudo{}, errNoStop
	}
	var best Pseudo
	for i, w := range opts {
		p, err := st.stop(w, 1-side)
		if err != nil {
			return Pseudo{}, err
		}
		if i == 0 || side == 0 && p.cmp(best) > 0 || side == 1 && p.cmp(best) < 0 {
			best = p
		}
	}
	st.memo[side][v] = best
	return best, nil
}

// Properties are what 'grundy cgt --all' reports of a loopy value, with
// CGSuite's names in snake_case. A property that is undefined, or that
// could not be computed, is nil and Messages says why.
type Properties struct {
	Kind           string            `json:"kind"` // "stopper", "sided value" or "loopy game"
	IsStopper      bool              `json:"is_stopper"`
	IsStopperSided *bool             `json:"is_stopper_sided"`
	IsLoopfree     bool              `json:"is_loopfree"`
	IsPlumtree     *bool             `json:"is_plumtree"`
	IsPseudonumber *bool             `json:"is_pseudonumber"`
	Onside         *string           `json:"onside"`
	Offside        *string           `json:"offside"`
	LeftStop       *string           `json:"left_stop"`
	RightStop      *string           `json:"right_stop"`
	LeftOptions    *string           `json:"left_options"`
	RightOptions   *string           `json:"right_options"`
	FollowerCount  *int              `json:"follower_count"`
	Followers      *string           `json:"followers"`
	Degree         *string           `json:"degree"`
	IsIdempotent   *bool             `json:"is_idempotent"`
	Variety        *string           `json:"variety"`
	IsStable       *bool             `json:"is_stable"`
	Messages       map[string]string `json:"messages,omitempty"`
}

// MaxFollowersListed bounds the followers written out.
const MaxFollowersListed = 64

func ptr[T any](x T) *T { return &x }

// Describe computes v's properties. Only limits are errors; a property
// that cannot be had is nil with a message.
func Describe(v *Value, lim *Limits) (*Properties, error) { return describe(v, lim, true) }

// DescribeBasic computes only the kind, sides and stops, which need no
// sums: what the calculator shows without --all.
func DescribeBasic(v *Value, lim *Limits) (*Properties, error) { return describe(v, lim, false) }

func describe(v *Value, lim *Limits, all bool) (*Properties, error) {
	p := &Properties{Messages: map[string]string{}}
	note := func(name string, err error) error {
		var ns *NotSettledError
		if err == nil || errors.As(err, &ns) || errors.Is(err, ErrNotStopper) || errors.Is(err, errNoStop) || errors.Is(err, errNotIdempotent) || errors.Is(err, ErrTooLong) || strings.HasPrefix(err.Error(), "the sum has no value") {
			if err != nil {
				p.Messages[name] = err.Error()
			}
			return nil
		}
		return err
	}
	str := func(g *Graph) (*string, error) {
		s, err := GraphString(g, lim)
		if err != nil {
			return nil, err
		}
		return &s, nil
	}
	switch {
	case v.IsStopper():
		p.Kind = "stopper"
	case v.HasSides():
		p.Kind = "sided value"
	default:
		p.Kind = "loopy game"
	}
	p.IsStopper = v.IsStopper()
	if v.HasSides() {
		p.IsStopperSided = ptr(true)
		var err error
		if p.Onside, err = str(v.On); note("onside", err) != nil {
			return nil, err
		}
		if p.Offside, err = str(v.Off); note("offside", err) != nil {
			return nil, err
		}
	} else {
		p.Messages["onside"] = v.SidesErr.Error()
		p.Messages["offside"] = v.SidesErr.Error()
		p.Messages["is_stopper_sided"] = "unknown: " + v.SidesErr.Error()
	}
	g := graphOf(v)
	if g != nil {
		p.IsLoopfree = isLoopfree(g)[0]
	}
	if !v.IsStopper() {
		for _, name := range []string{"is_plumtree", "is_pseudonumber", "left_stop", "right_stop", "left_options", "right_options", "follower_count", "followers", "degree", "variety", "is_stable"} {
			p.Messages[name] = "defined for stoppers; this is not one"
		}
		if v.HasSides() && all {
			idem, err := isIdempotent(v, lim)
			if note("is_idempotent", err) != nil {
				return nil, err
			}
			p.IsIdempotent = idem
		}
		return p, nil
	}
	p.IsPlumtree = ptr(isPlumtree(g))
	st := newStopper(g)
	p.IsPseudonumber = ptr(st.pseudo[0] != nil)
	for side, dst := range []**string{&p.LeftStop, &p.RightStop} {
		s, err := st.stop(0, side)
		name := []string{"left_stop", "right_stop"}[side]
		if err != nil {
			p.Messages[name] = err.Error()
			continue
		}
		*dst = ptr(s.String())
	}
	if !all {
		return p, nil
	}
	for side, opts := range [][]int32{g.L[0], g.R[0]} {
		var parts []string
		for _, w := range opts {
			s, err := GraphString(pack(g, w), lim)
			if err != nil {
				return nil, err
			}
			parts = append(parts, s)
		}
		set := "{" + strings.Join(parts, ",") + "}"
		if side == 0 {
			p.LeftOptions = &set
		} else {
			p.RightOptions = &set
		}
	}
	p.FollowerCount = ptr(g.Len())
	if g.Len() <= MaxFollowersListed {
		var parts []string
		for w := 0; w < g.Len(); w++ {
			s, err := GraphString(pack(g, int32(w)), lim)
			if err != nil {
				return nil, err
			}
			parts = append(parts, s)
		}
		p.Followers = ptr("{" + strings.Join(parts, ",") + "}")
	} else {
		p.Messages["followers"] = fmt.Sprintf("more than %d followers; follower_count gives their number", MaxFollowersListed)
	}
	idem, err := isIdempotent(v, lim)
	if note("is_idempotent", err) != nil {
		return nil, err
	}
	p.IsIdempotent = idem
	deg, err := Degree(g, lim)
	if note("degree", err) != nil {
		return nil, err
	}
	if deg != nil {
		if p.Degree, err = str(deg); err != nil {
			return nil, err
		}
		variety, stable, err := Variety(g, deg, lim)
		if note("variety", err) != nil {
			return nil, err
		}
		if err != nil {
			p.Messages["is_stable"] = p.Messages["variety"]
		} else {
			p.IsStable = &stable
			if stable {
				if p.Variety, err = str(variety); err != nil {
					return nil, err
				}
			} else {
				p.Messages["variety"] = "the game is not stable"
			}
		}
	} else {
		p.Messages["variety"] = "needs the degree"
		p.Messages["is_stable"] = "needs the degree"
	}
	return p, nil
}

func isIdempotent(v *Value, lim *Limits) (*bool, error) {
	s, err := Add(v, v, lim)
	if err != nil {
		return nil, err
	}
	eq, err := ValueEqual(s, v, lim)
	if err != nil {
		return nil, err
	}
	return &eq, nil
}

// ValueEqual reports v = w (both sides equal).
func ValueEqual(v, w *Value, lim *Limits) (bool, error) {
	ge, err := ValueGeq(v, w, lim)
	if err != nil || !ge {
		return false, err
	}
	return ValueGeq(w, v, lim)
}

// isPlumtree reports whether the only cycles of g are passes (cycles of
// one move), CGSuite's plumtree.
func isPlumtree(g *Graph) bool {
	h := &Graph{L: make([][]int32, g.Len()), R: make([][]int32, g.Len())}
	for v := range g.L {
		for _, w := range g.L[v] {
			if int(w) != v {
				h.L[v] = append(h.L[v], w)
			}
		}
		for _, w := range g.R[v] {
			if int(w) != v {
				h.R[v] = append(h.R[v], w)
			}
		}
	}
	for _, ok := range isLoopfree(h) {
		if !ok {
			return false
		}
	}
	return true
}

// Degree is the degree of loopiness of the stopper g, G +↑ (−G), and 0
// for a short game (CGSuite's CanonicalStopper.degree; Siegel, CGT,
// ch. VI).
func Degree(g *Graph, lim *Limits) (*Graph, error) {
	if isLoopfree(g)[0] {
		return &Graph{L: [][]int32{nil}, R: [][]int32{nil}}, nil
	}
	return Upsum(g, Neg(g), lim)
}

// Variety is the variety of the stopper g of degree deg: G is stable
// when G +↑ ((−G) +↓ (−deg)) equals G +↓ ((−G) +↑ deg), and the variety
// is that game; the degree must be an idempotent (CGSuite's
// CanonicalStopper.variety).
func Variety(g, deg *Graph, lim *Limits) (*Graph, bool, error) {
	dv := stopperValue(deg)
	idem, err := isIdempotent(dv, lim)
	if err != nil {
		return nil, false, err
	}
	if !*idem {
		return nil, false, errNotIdempotent
	}
	a, err := Downsum(Neg(g), Neg(deg), lim)
	if err != nil {
		return nil, false, err
	}
	up, err := Upsum(g, a, lim)
	if err != nil {
		return nil, false, err
	}
	b, err := Upsum(Neg(g), deg, lim)
	if err != nil {
		return nil, false, err
	}
	down, err := Downsum(g, b, lim)
	if err != nil {
		return nil, false, err
	}
	eq, err := Equal(up, down, lim)
	if err != nil {
		return nil, false, err
	}
	return up, eq, nil
}
