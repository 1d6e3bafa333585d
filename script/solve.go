package script

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/loopy"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/payoff"
	"github.com/grundy-go/grundy/retro"
)

// SolveOptions tune a Solver.
type SolveOptions struct {
	// MaxStates bounds the positions a solver explores; 0 for the
	// solvers' defaults.
	MaxStates int
	// Progress, if not nil, is called now and then with the number of
	// positions solved.
	Progress func(solved int)
	// TieBreak is how a player of a payoff game chooses among equally
	// good moves; the default is payoff.TieFirst.
	TieBreak payoff.TieBreak
	// Memory, if not nil, is charged for every position the game meets
	// (its node in the intern table, its value, its successors and the
	// Sprague–Grundy memo's entry: about 110 bytes for a small int, more
	// for larger values; see nodeBytes), ahead of the table's growth in
	// chunks of at least 4096 positions, and for retrograde analysis's
	// tables; a search that would pass it stops with a *budget.Exceeded
	// (Resource Memory). What is charged stays charged while the Game
	// lives; SetMemory gives a Solver kept between requests the next
	// request's budget.
	Memory *budget.Bytes
}

// Result is a position of a script solved.
type Result struct {
	Position string // the position, formatted as Game.Format does
	// Outcome is N (the player to move wins), P (the player to move
	// loses) or D (a draw) for two players; for more players it names
	// the player with the greatest payoff ("player 2") or those sharing it
	// ("tie: players 0, 2").
	Outcome string
	// Grundy is the Sprague–Grundy value, set only for normal-play games
	// solved by Sprague–Grundy search.
	Grundy *big.Int
	// Remoteness is the number of moves left under perfect play, when
	// known.
	Remoteness *int
	// WinningMoves are the positions the winning moves leave (for payoff
	// games: the moves that give the player to move its best payoff);
	// WinningLabels their labels when the script names its moves.
	WinningMoves  []string
	WinningLabels []string
	// DrawingMoves are the moves that keep a drawn position drawn.
	DrawingMoves []string
	// Loopy is the generalized Sprague–Grundy value (a nimber, or ∞ with
	// the finite values it reaches) of a normal-play game with cycles.
	Loopy string
	// Payoff is the payoff vector in turn order from the player to move,
	// as exact fractions, for games solved by backward induction; Value
	// is the first entry in two-player games; Final is the position where
	// best play ends (the first chance move, if any, stops it); ToMove is
	// the player to move (-1 for chance).
	Payoff []string
	Value  string
	Final  string
	ToMove int
	// Solver names the solver used: "impartial", "retro" or "payoff".
	Solver string
	Method string   // how the answer was found, for people
	Notes  []string // further explanation
}

// Solver answers positions of a Game with the solver its rules call for:
// Sprague–Grundy search (package impartial) for two-player win/lose games,
// retrograde analysis (package retro) when positions repeat or ends are
// drawn, and backward induction over payoff vectors (package payoff) for
// games with payoffs, chance or other than two players. It keeps the
// solvers' memos between queries. It is not safe for concurrent use.
type Solver struct {
	g      *Game
	opts   SolveOptions
	normal game.Game[Pos]
	imp    *impartial.Solver[Pos]
	pay    *payoff.Solver[Pos]

	// After a cycle or a drawn end, positions go to retrograde analysis;
	// the last table (with its generalized values) answers every position
	// it holds.
	retroWhy string
	loopy    *Loopy
	table    *retro.Table[Pos]
	vals     *loopy.Values
	index    map[Pos]int32
}

// NewSolver returns a Solver for g.
func NewSolver(g *Game, opts SolveOptions) *Solver {
	g.setMemory(opts.Memory)
	return &Solver{g: g, opts: opts}
}

// SetMemory makes b the memory budget (SolveOptions.Memory) of what the
// Solver and its Game add from now on, for a Solver kept between requests
// that each bring their own budget; what is already in the tables stays
// paid for by the budgets that paid.
func (s *Solver) SetMemory(b *budget.Bytes) {
	s.opts.Memory = b
	s.g.setMemory(b)
}

// Game is the game the Solver answers for.
func (s *Solver) Game() *Game { return s.g }

// Solve solves root.
func (s *Solver) Solve(ctx context.Context, root Pos) (*Result, error) {
	g := s.g
	if g.Multiplayer() {
		return s.solvePayoff(ctx, root)
	}
	if s.retroWhy != "" {
		return s.solveRetro(ctx, root)
	}
	r, err := s.solveNormal(ctx, root)
	switch {
	case errors.Is(err, impartial.ErrCycle):
		s.retroWhy = "positions repeat"
	case err == nil && r == nil:
		s.retroWhy = "it has drawn ends"
	default:
		return r, err
	}
	return s.solveRetro(ctx, root)
}

// Grundy returns the Sprague–Grundy value of p in the normal-play view
// (see Normal); ok is false when the rules decide the ends (misère,
// terminal results), so that the value is only an outcome witness.
func (s *Solver) Grundy(ctx context.Context, p Pos) (v uint64, ok bool, err error) {
	s.initNormal()
	err = s.g.Run(ctx, func(ctx context.Context) error {
		var err error
		v, err = s.imp.Grundy(ctx, p)
		return err
	})
	return v, NormalView(s.normal).Pure(), err
}

func (s *Solver) initNormal() {
	if s.imp == nil {
		s.normal = s.g.Normal()
		s.imp = impartial.New(s.normal, impartial.Options{MaxStates: s.opts.MaxStates, Progress: s.opts.Progress})
	}
}

// solveNormal searches the game's normal-play view. It returns a nil
// result (and no error) when the game turns out to have drawn ends.
func (s *Solver) solveNormal(ctx context.Context, root Pos) (*Result, error) {
	g := s.g
	s.initNormal()
	view := NormalView(s.normal)
	var (
		value uint64
		rem   int
	)
	err := g.Run(ctx, func(ctx context.Context) error {
		var err error
		value, rem, err = s.sumValue(ctx, root, true)
		return err
	})
	if view.SawDraw() {
		s.imp, s.normal = nil, nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	moves, err := g.MoveList(ctx, root)
	if err != nil {
		return nil, err
	}
	r := &Result{
		Position: g.Format(root),
		Outcome:  outcome.FromGrundy(value).String(),
		Solver:   "impartial",
		Method:   fmt.Sprintf("exhaustive Sprague–Grundy search of the script (%d positions)", s.imp.States()),
		ToMove:   -2,
	}
	err = g.Run(ctx, func(ctx context.Context) error {
		for _, m := range moves {
			v, _, err := s.sumValue(ctx, m.To, false)
			if err != nil {
				return err
			}
			if v == 0 {
				r.WinningMoves = append(r.WinningMoves, g.Format(m.To))
				r.WinningLabels = append(r.WinningLabels, m.Label)
			}
		}
		return nil
	})
	if view.SawDraw() {
		s.imp, s.normal = nil, nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !labelled(g, moves) {
		r.WinningLabels = nil
	}
	if view.Pure() {
		r.Grundy = new(big.Int).SetUint64(value)
		if g.HasSplit() {
			r.Method += "; split(pos) components nim-summed (Sprague–Grundy theorem)"
		}
	} else {
		r.Notes = append(r.Notes, "the rules decide who wins at the end (misère play or terminal results), so positions have no Sprague–Grundy value: grundy is null")
	}
	if shift, ok := view.Shift(); ok && rem != impartial.UnknownRemoteness {
		rem -= shift
		if len(moves) == 0 {
			rem = 0
		}
		r.Remoteness = &rem
	}
	if len(moves) == 0 {
		r.Notes = append(r.Notes, "the game is over at this position")
	}
	return r, nil
}

// labelled reports whether the moves carry labels: with move_labels =
// True, or when moves(pos) returned a dict {label: position}, whose keys
// are labels just as the pairs' first elements are.
func labelled(g *Game, moves []Move) bool {
	if g.Labelled() {
		return true
	}
	for _, m := range moves {
		if m.Label != "" {
			return true
		}
	}
	return false
}

// sumValue returns the value of p, and its remoteness when asked for and
// known. When the view splits, the value is the nim-sum of the values of
// p's components (the Sprague–Grundy theorem), so that the moves of a sum
// as a whole are never enumerated.
func (s *Solver) sumValue(ctx context.Context, p Pos, withRem bool) (uint64, int, error) {
	if _, ok := s.normal.(*splitNormal); ok {
		comps, err := s.g.components(p)
		if err != nil {
			return 0, 0, err
		}
		if len(comps) != 1 || comps[0] != p {
			var x uint64
			for _, c := range comps {
				v, err := s.imp.Grundy(ctx, c)
				if err != nil {
					return 0, 0, err
				}
				x ^= v
			}
			if len(comps) == 0 {
				return 0, 0, nil
			}
			return x, impartial.UnknownRemoteness, nil
		}
	}
	v, err := s.imp.Grundy(ctx, p)
	if err != nil || !withRem {
		return v, 0, err
	}
	rem, err := s.imp.Remoteness(ctx, p)
	return v, rem, err
}

// solveRetro solves the positions reachable from root by retrograde
// analysis: for games with cycles or drawn ends.
func (s *Solver) solveRetro(ctx context.Context, root Pos) (*Result, error) {
	g := s.g
	if _, _, ok := lookup(s.table, root); !ok {
		s.loopy, s.table, s.vals, s.index = nil, nil, nil, nil
		l, err := g.Loopy(ctx, root)
		if err != nil {
			return nil, err
		}
		err = g.Run(ctx, func(ctx context.Context) error {
			var err error
			s.table, err = retro.SolveGame(ctx, l, retro.GameOptions{MaxStates: s.opts.MaxStates, Memory: s.opts.Memory, Progress: func(done, total int) {
				if s.opts.Progress != nil {
					s.opts.Progress(done)
				}
			}})
			return err
		})
		if err != nil {
			s.table = nil
			return nil, err
		}
		s.loopy = l
	}
	o, rem, _ := s.table.Lookup(root)
	r := &Result{
		Position: g.Format(root),
		Outcome:  o.String(),
		Solver:   "retro",
		Method:   fmt.Sprintf("retrograde analysis of the %d positions reachable (%s; endless play is a draw)", s.loopy.Len(), s.retroWhy),
		ToMove:   -2,
	}
	if rem != retro.NoRemoteness {
		n := int(rem)
		r.Remoteness = &n
	}
	if s.loopy.Pure() {
		if err := s.loopyValue(ctx, root, r); err != nil {
			return nil, err
		}
	}
	moves, err := g.MoveList(ctx, root)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		switch q, _, _ := s.table.Lookup(m.To); {
		case q == outcome.P:
			r.WinningMoves = append(r.WinningMoves, g.Format(m.To))
			r.WinningLabels = append(r.WinningLabels, m.Label)
		case q == outcome.D && o == outcome.D:
			r.DrawingMoves = append(r.DrawingMoves, g.Format(m.To))
		}
	}
	if !labelled(g, moves) {
		r.WinningLabels = nil
	}
	if o == outcome.D {
		if r.DrawingMoves == nil {
			r.DrawingMoves = []string{}
		}
	}
	return r, nil
}

// loopyValue adds the generalized Sprague–Grundy value of root (Smith
// 1966; Fraenkel & Yesha 1986; package loopy) to a normal-play game with
// cycles: a finite value is the grundy field, ∞(K) goes to Loopy. The
// outcome it implies must agree with retrograde analysis.
func (s *Solver) loopyValue(ctx context.Context, root Pos, r *Result) error {
	if s.vals == nil {
		succ, index, err := s.loopy.Graph()
		if err != nil {
			return err
		}
		err = s.g.Run(ctx, func(ctx context.Context) error {
			var err error
			s.vals, err = loopy.Solve(ctx, succ, succ.Transpose(), loopy.Options{})
			return err
		})
		if err != nil {
			s.vals = nil
			return err
		}
		s.index = index
	}
	vals := s.vals
	v := s.index[root]
	if o := vals.Outcome(v).String(); o != r.Outcome {
		return fmt.Errorf("script: internal disagreement at %s: retrograde analysis says %s, generalized Sprague–Grundy values say %s", r.Position, r.Outcome, o)
	}
	val := vals.Value(v)
	r.Loopy = val.String()
	if n, ok := val.Nimber(); ok {
		r.Grundy = new(big.Int).SetUint64(n)
	}
	r.Method += "; generalized Sprague–Grundy value " + r.Loopy
	return nil
}

// lookup is t.Lookup, false for a nil table.
func lookup(t *retro.Table[Pos], p Pos) (outcome.Outcome, uint32, bool) {
	if t == nil {
		return outcome.Unknown, 0, false
	}
	return t.Lookup(p)
}

// solvePayoff solves by backward induction over payoff vectors.
func (s *Solver) solvePayoff(ctx context.Context, root Pos) (*Result, error) {
	g := s.g
	if s.pay == nil {
		p, err := payoff.New(g.Multi(), payoff.Options{TieBreak: s.opts.TieBreak, MaxStates: s.opts.MaxStates, Progress: s.opts.Progress})
		if err != nil {
			return nil, err
		}
		s.pay = p
	}
	var a *payoff.Analysis[Pos]
	final := root
	err := g.Run(ctx, func(ctx context.Context) error {
		var err error
		a, err = s.pay.Analyze(ctx, root)
		if err != nil {
			return err
		}
		// Follow the equilibrium line to its end, or to a chance move.
		for cur := a; cur.Chosen >= 0; {
			final = cur.Options[cur.Chosen].Position
			if cur, err = s.pay.Analyze(ctx, final); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	vec := a.Payoff.Rotate(max(a.Mover, 0))
	r := &Result{
		Position: g.Format(root),
		Outcome:  payoffOutcome(a.Payoff, a.Mover),
		Solver:   "payoff",
		Method:   fmt.Sprintf("backward induction over payoff vectors (%d positions; ties go to the first best move)", s.pay.States()),
		Final:    g.Format(final),
		ToMove:   a.Mover,
	}
	for _, v := range vec {
		r.Payoff = append(r.Payoff, v.String())
	}
	if g.Players() == 2 {
		r.Value = r.Payoff[0]
	}
	for _, i := range a.Optimal {
		r.WinningMoves = append(r.WinningMoves, g.Format(a.Options[i].Position))
	}
	if a.Mover == game.Chance {
		r.Notes = append(r.Notes, "nature moves at this position; payoff is listed from player 0")
	}
	r.Notes = append(r.Notes, "best play ends at "+r.Final, "payoff: one entry per player in turn order from the player to move; winning moves: those giving the player to move its best payoff")
	return r, nil
}

// payoffOutcome names the result: N, P or D for two players (from the
// player to move); for more, the player with the greatest payoff or the
// players sharing it, numbered as the script numbers them.
func payoffOutcome(v payoff.Vector, mover int) string {
	if len(v) == 2 && mover >= 0 {
		switch c := cmpValue(v[mover], v[1-mover]); {
		case c > 0:
			return "N"
		case c < 0:
			return "P"
		}
		return "D"
	}
	var best []int
	for i := range v {
		switch {
		case len(best) == 0 || cmpValue(v[i], v[best[0]]) > 0:
			best = []int{i}
		case cmpValue(v[i], v[best[0]]) == 0:
			best = append(best, i)
		}
	}
	if len(best) == 1 {
		return fmt.Sprintf("player %d", best[0])
	}
	parts := make([]string, len(best))
	for i, b := range best {
		parts[i] = fmt.Sprint(b)
	}
	return "tie: players " + strings.Join(parts, ", ")
}

func cmpValue(a, b payoff.Value) int {
	if a.Rat != nil && b.Rat != nil {
		return a.Rat.Cmp(b.Rat)
	}
	switch {
	case a.Float < b.Float:
		return -1
	case a.Float > b.Float:
		return 1
	}
	return 0
}
