package native

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"reflect"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
	"github.com/grundy-go/grundy/script"
)

// instance is a native game in the catalog. Each request makes its own
// session (a solver and its memo), as a script's instance loads its
// script per request.
type instance[P comparable] struct {
	name     string // the spec as the user gave it: reports and errors say it
	path     string // absolute
	compiled string // the file's path as the compiler saw it
	sum      string // the SHA-256 of the file's text
	d        *Def[P]
	typ      reflect.Type
}

var (
	_ catalog.ScriptInstance = (*instance[int])(nil)
	_ catalog.Tabler         = (*instance[int])(nil)
	_ catalog.Explorer       = (*instance[int])(nil)
)

func newInstance[P comparable](name, path, compiled, sum string, d *Def[P]) *instance[P] {
	return &instance[P]{name: name, path: path, compiled: compiled, sum: sum, d: d, typ: reflect.TypeFor[P]()}
}

func (in *instance[P]) Spec() string { return in.name }

// session is one request's state: the game with its parameters applied
// and the Sprague–Grundy solver's memo, shared by every position the
// request asks about.
type session[P comparable] struct {
	in     *instance[P]
	opts   catalog.Options
	solver *impartial.Solver[P]
	loopy  *retro.Table[P] // set once positions are found to repeat
}

func (in *instance[P]) session(opts catalog.Options) (*session[P], error) {
	d := in.d
	if d.Init != nil {
		if err := d.Init(opts.Params); err != nil {
			return nil, fmt.Errorf("%s: Init: %w", in.name, err)
		}
	} else if len(opts.Params) > 0 {
		return nil, fmt.Errorf("%s takes no --param: it defines no func Init(params map[string]string) error", in.name)
	}
	s := &session[P]{in: in, opts: opts}
	iopts := impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory}
	// Rank is claimed only by a game that has one: a solver asks it on
	// every look-up.
	switch {
	case d.Split != nil && d.Rank != nil:
		s.solver = impartial.NewSplitting[P](rankedSplitGame[P]{splitGame[P]{d}}, iopts)
	case d.Split != nil:
		s.solver = impartial.NewSplitting[P](splitGame[P]{d}, iopts)
	case d.Rank != nil:
		s.solver = impartial.New[P](rankedGame[P]{plainGame[P]{d}}, iopts)
	default:
		s.solver = impartial.New[P](plainGame[P]{d}, iopts)
	}
	return s, nil
}

// ---- the game as the solvers see it

func canon[P comparable](d *Def[P], p P) P {
	if d.Key != nil {
		return d.Key(p)
	}
	return p
}

// plainGame is a game without Split: its moves, through Key.
type plainGame[P comparable] struct{ d *Def[P] }

func (g plainGame[P]) Moves(p P) iter.Seq[P] {
	return func(yield func(P) bool) {
		for _, q := range g.d.Moves(p) {
			if !yield(canon(g.d, q)) {
				return
			}
		}
	}
}

func (g plainGame[P]) AppendMoves(dst []P, p P) []P {
	n := len(dst)
	dst = append(dst, g.d.Moves(p)...)
	if g.d.Key != nil {
		for i := n; i < len(dst); i++ {
			dst[i] = g.d.Key(dst[i])
		}
	}
	return dst
}

// rankedGame and rankedSplitGame are the games with Rank.
type rankedGame[P comparable] struct{ plainGame[P] }

func (g rankedGame[P]) Rank(p P) int { return g.d.Rank(p) }

type rankedSplitGame[P comparable] struct{ splitGame[P] }

func (g rankedSplitGame[P]) Rank(p P) int { return g.d.Rank(p) }

func (g plainGame[P]) Format(p P) string { return format(g.d, p) }

// splitGame is a game with Split: each move leaves the components Split
// gives of the position it leaves.
type splitGame[P comparable] struct{ d *Def[P] }

func (g splitGame[P]) Options(p P) iter.Seq[[]P] {
	return func(yield func([]P) bool) {
		for _, q := range g.d.Moves(p) {
			if !yield(components(g.d, q)) {
				return
			}
		}
	}
}

func (g splitGame[P]) Split(dst []P, p P) []P { return append(dst, components(g.d, p)...) }

func (g splitGame[P]) Format(p P) string { return format(g.d, p) }

// components is Split(Key(p)), each component through Key.
func components[P comparable](d *Def[P], p P) []P {
	cs := d.Split(canon(d, p))
	if d.Key != nil {
		cs = append([]P(nil), cs...)
		for i, c := range cs {
			cs[i] = d.Key(c)
		}
	}
	return cs
}

// ---- notation

func format[P comparable](d *Def[P], p P) string {
	if d.Format != nil {
		return d.Format(p)
	}
	if checkType(reflect.TypeFor[P]()) != nil {
		return fmt.Sprint(p)
	}
	return script.FormatPosition(toValue(reflect.ValueOf(p)))
}

// parse reads a position: from expr (a Starlark literal, --pos) or from
// tokens; with neither, the game's start.
func (s *session[P]) parse(tokens []string, expr string) (P, error) {
	var p P
	d := s.in.d
	text := strings.TrimSpace(strings.Join(tokens, " "))
	if expr == "" && text != "" && strings.ContainsAny(text[:1], `([{"'`) {
		expr, text = text, ""
	}
	switch {
	case expr == "" && text == "":
		if d.Start == nil && !d.hasStart {
			return p, fmt.Errorf("%s has no Start: give a position", s.in.name)
		}
		if d.Start != nil {
			p = d.Start()
		} else {
			p = d.start
		}
	case d.Parse != nil:
		if expr != "" {
			text = expr
		}
		q, err := d.Parse(text)
		if err != nil {
			return p, fmt.Errorf("bad position %q: %v", shorten(text), err)
		}
		p = q
	default:
		if err := checkType(s.in.typ); err != nil {
			return p, fmt.Errorf("%s: %v", s.in.name, err)
		}
		var v starlark.Value
		if expr != "" {
			var err error
			if v, err = script.ParseLiteral(expr); err != nil {
				return p, err
			}
			text = expr
		} else {
			v = script.TokensPosition(tokens)
		}
		if err := fromValue(v, reflect.ValueOf(&p).Elem()); err != nil {
			return p, fmt.Errorf("bad position %q for %s: %v", shorten(text), s.in.name, err)
		}
	}
	return canon(d, p), nil
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// ---- values

// value is p's Sprague–Grundy value, the nim-sum of its components'
// (the Sprague–Grundy theorem), and its remoteness when p does not split.
func (s *session[P]) value(ctx context.Context, p P) (uint64, int, error) {
	d := s.in.d
	if d.Split != nil {
		cs := components(d, p)
		if len(cs) != 1 || cs[0] != p {
			var x uint64
			for _, c := range cs {
				v, err := s.solver.Grundy(ctx, c)
				if err != nil {
					return 0, 0, err
				}
				x ^= v
			}
			return x, impartial.UnknownRemoteness, nil
		}
	}
	v, err := s.solver.Grundy(ctx, p)
	if err != nil {
		return 0, 0, err
	}
	r, err := s.solver.Remoteness(ctx, p)
	return v, r, err
}

// moves lists the distinct positions one move from p leaves, through Key.
func (s *session[P]) moves(p P) []P {
	var out []P
	seen := map[P]bool{}
	for _, q := range s.in.d.Moves(p) {
		q = canon(s.in.d, q)
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}

// formats writes positions in the game's notation.
func formats[P comparable](d *Def[P], ps []P) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = format(d, p)
	}
	return out
}

// solve reports on p: by Sprague–Grundy search, or by retrograde analysis
// of the positions reachable from p once positions are found to repeat.
func (s *session[P]) solve(ctx context.Context, p P) (*catalog.Report, error) {
	if s.loopy == nil {
		r, err := s.solveAcyclic(ctx, p)
		if !errors.Is(err, impartial.ErrCycle) {
			return r, err
		}
	}
	return s.solveLoopy(ctx, p)
}

func (s *session[P]) solveAcyclic(ctx context.Context, p P) (*catalog.Report, error) {
	v, rem, err := s.value(ctx, p)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:     s.in.name,
		Position: format(s.in.d, p),
		Outcome:  outcome.FromGrundy(v).String(),
		Grundy:   new(big.Int).SetUint64(v),
		Method:   fmt.Sprintf("exhaustive Sprague–Grundy search of the game written in Go (%d positions)", s.solver.States()),
	}
	if s.in.d.Split != nil {
		r.Method += "; Split components nim-summed (Sprague–Grundy theorem)"
	}
	if rem != impartial.UnknownRemoteness {
		r.Remoteness = &rem
	}
	qs := s.moves(p)
	var wins []string
	for _, q := range qs {
		w, _, err := s.value(ctx, q)
		if err != nil {
			return nil, err
		}
		if w == 0 {
			wins = append(wins, format(s.in.d, q))
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	if len(qs) == 0 {
		r.Notes = append(r.Notes, "the game is over at this position")
	}
	return r, nil
}

// solveLoopy solves the whole positions reachable from p by retrograde
// analysis (Split is not used: a sum of loopy games is not decided by its
// parts' nim values).
func (s *session[P]) solveLoopy(ctx context.Context, p P) (*catalog.Report, error) {
	if s.loopy != nil {
		if _, _, ok := s.loopy.Lookup(p); !ok {
			s.loopy = nil
		}
	}
	if s.loopy == nil {
		t, err := retro.SolveFrom[P](ctx, plainGame[P]{s.in.d}, p, retro.GameOptions{MaxStates: s.opts.MaxStates, Memory: s.opts.Memory})
		if err != nil {
			return nil, err
		}
		s.loopy = t
	}
	o, rem, _ := s.loopy.Lookup(p)
	r := &catalog.Report{
		Game:     s.in.name,
		Position: format(s.in.d, p),
		Outcome:  o.String(),
		Method:   fmt.Sprintf("retrograde analysis of the %d positions reachable (positions repeat; endless play is a draw)", s.loopy.Len()),
	}
	if rem != retro.NoRemoteness {
		n := int(rem)
		r.Remoteness = &n
	}
	var wins, draws []string
	for _, q := range s.moves(p) {
		switch qo, _, _ := s.loopy.Lookup(q); {
		case qo == outcome.P:
			wins = append(wins, format(s.in.d, q))
		case qo == outcome.D && o == outcome.D:
			draws = append(draws, format(s.in.d, q))
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	if o == outcome.D {
		if draws == nil {
			draws = []string{} // a list in JSON, as every other report's
		}
		r.Extra = map[string]any{"drawing_moves": draws}
	}
	return r, nil
}

// ---- the catalog's questions

func (in *instance[P]) Solve(ctx context.Context, tokens []string, opts catalog.Options) (r *catalog.Report, err error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.name, catalog.ClosedForm, "%s has no closed form: it is searched", in.name)
	}
	err = in.atPosition(ctx, tokens, opts, func(s *session[P], p P) error {
		r, err = s.solve(ctx, p)
		return err
	})
	return r, err
}

// atPosition runs f, under run's watch, with a session for opts and the
// position tokens (or opts.PositionExpr) write.
func (in *instance[P]) atPosition(ctx context.Context, tokens []string, opts catalog.Options, f func(s *session[P], p P) error) error {
	return in.run(ctx, opts.Memory, func() error {
		s, err := in.session(opts)
		if err != nil {
			return err
		}
		p, err := s.parse(tokens, opts.PositionExpr)
		if err != nil {
			return err
		}
		return f(s, p)
	})
}

// Start is the start position, written so that Solve reads it back.
func (in *instance[P]) Start() string {
	start, _ := in.StartWith(catalog.Options{})
	return start
}

func (in *instance[P]) StartWith(opts catalog.Options) (start string, err error) {
	err = in.run(context.Background(), nil, func() error {
		if in.d.Start == nil && !in.d.hasStart {
			return nil
		}
		s, err := in.session(opts)
		if err != nil {
			return err
		}
		p, err := s.parse(nil, "")
		start = format(in.d, p)
		return err
	})
	return start, err
}

// Table gives G(0), …, G(upto-1) for a game whose positions are one
// integer, and the grid G(a, b) for a game whose positions are two.
func (in *instance[P]) Table(ctx context.Context, upto int, opts catalog.Options) (t *catalog.Table, err error) {
	if upto < 0 {
		return nil, fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	arity := intArity(in.typ)
	if arity == 0 && in.d.Parse == nil {
		return nil, fmt.Errorf("%s has no value table: its positions (%s) are not one or two integers", in.name, in.typ)
	}
	if arity == 0 {
		arity = 1
	}
	err = in.run(ctx, opts.Memory, func() error {
		s, err := in.session(opts)
		if err != nil {
			return err
		}
		at := func(xs ...int) (uint64, error) {
			var p P
			if in.d.Parse != nil {
				parts := make([]string, len(xs))
				for i, x := range xs {
					parts[i] = fmt.Sprint(x)
				}
				if p, err = s.parse(parts, ""); err != nil {
					return 0, err
				}
			} else {
				if err := fromValue(intTuple(xs...), reflect.ValueOf(&p).Elem()); err != nil {
					return 0, err
				}
				p = canon(in.d, p)
			}
			v, _, err := s.value(ctx, p)
			if errors.Is(err, impartial.ErrCycle) {
				return 0, fmt.Errorf("%s: %w; solve single positions instead (retrograde analysis)", in.name, err)
			}
			return v, err
		}
		t = &catalog.Table{Game: in.name}
		if arity == 1 {
			t.Caption = "G(n): the Sprague–Grundy value of the position n; 0 marks a P-position (the player to move loses)"
			t.Values = make([]uint64, upto)
			for n := range upto {
				if t.Values[n], err = at(n); err != nil {
					return err
				}
			}
			return nil
		}
		t.Caption = "G(a, b): the Sprague–Grundy value of the position (a, b); P marks a P-position (the player to move loses)"
		t.Grid = make([][]int64, upto)
		for a := range upto {
			t.Grid[a] = make([]int64, upto)
			for b := range upto {
				v, err := at(a, b)
				if err != nil {
					return err
				}
				t.Grid[a][b] = int64(v)
			}
		}
		return nil
	})
	return t, err
}

// intArity is 1 for an integer type, 2 for an array or struct of two
// integers, else 0.
func intArity(t reflect.Type) int {
	isInt := func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return true
		}
		return false
	}
	switch {
	case isInt(t):
		return 1
	case t.Kind() == reflect.Array && t.Len() == 2 && isInt(t.Elem()):
		return 2
	case t.Kind() == reflect.Struct && t.NumField() == 2 && isInt(t.Field(0).Type) && isInt(t.Field(1).Type):
		return 2
	}
	return 0
}

// Explore lists the moves of a position, each solved, for the explorer.
func (in *instance[P]) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (x *catalog.Exploration, err error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	err = in.atPosition(ctx, tokens, opts, func(s *session[P], p P) error {
		report, err := s.solve(ctx, p)
		if err != nil {
			return err
		}
		x = &catalog.Exploration{Report: report, Board: in.board(p, report.Position), MovesCounted: true}
		qs := s.moves(p)
		x.MovesTotal = len(qs)
		for _, q := range qs[:min(len(qs), maxMoves)] {
			res, err := s.solve(ctx, q)
			if err != nil {
				return err
			}
			mi := catalog.MoveInfo{Component: -1, Position: res.Position, Outcome: res.Outcome, Grundy: res.Grundy, Remoteness: res.Remoteness, Board: in.board(q, res.Position)}
			if in.d.Label != nil {
				mi.Label = in.d.Label(p, q)
			}
			x.Moves = append(x.Moves, mi)
		}
		return nil
	})
	return x, err
}

// board draws p by View, or as its text.
func (in *instance[P]) board(p P, text string) *catalog.Board {
	if in.d.View != nil {
		rows := in.d.View(p)
		list := make([]starlark.Value, len(rows))
		for i, r := range rows {
			list[i] = starlark.String(r)
		}
		if b, err := script.ViewBoard(starlark.NewList(list)); err == nil {
			b.Text = text
			return b
		}
	}
	return &catalog.Board{Kind: catalog.BoardText, Text: text}
}

var _ game.Game[int] = plainGame[int]{}
