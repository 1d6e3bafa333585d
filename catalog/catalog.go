package catalog

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/payoff"
)

// Entry describes a built-in game.
type Entry struct {
	Name     string   // the spec name, e.g. "subtract"
	Aliases  []string // other accepted names
	Params   string   // syntax of the parameters after ':', "" if none are taken
	Position string   // syntax of a position
	Summary  string   // the rules, in a sentence or two
	Example  string   // a command line that shows the game, without "grundy "
	Kind     string   // "impartial", "partizan", "loopy", "payoff", ...
	// OptionalParams is set when a game takes parameters but has defaults.
	OptionalParams bool
	// ReadsFiles is set when the game's parameters or position name a file
	// that it reads: front ends that take specs from strangers (the
	// server) refuse such games.
	ReadsFiles bool
	// Make builds the game for the parameters (the text after ':', "" when
	// there is none).
	Make func(params string) (Instance, error)
}

// Instance is a game with its parameters fixed, ready to solve positions.
type Instance interface {
	// Spec is the canonical spec of the game, e.g. "subtract:1,3,4".
	Spec() string
	// Solve solves the position written as tokens.
	Solve(ctx context.Context, tokens []string, opts Options) (*Report, error)
}

// Tabler is implemented by instances that can tabulate their values:
// one-heap games give G(0..upto-1), two-heap games the grid of their
// values (upto × upto). Options.Template, when set, names the position of
// each cell (game scripts).
type Tabler interface {
	Table(ctx context.Context, upto int, opts Options) (*Table, error)
}

// Table is a value table for the table command: a row of cells n = 0 …
// upto-1, or a grid of cells (a, b). Which fields are set says what a
// cell holds:
//
//   - Sprague–Grundy values: Values (a row) or Grid. These two are as
//     they always were, for every impartial game that has the values.
//   - an outcome ("P", "N", "D", or for more players the one the report
//     names) and the remoteness (nil when unknown), for games whose
//     positions have no Sprague–Grundy value (misère play, ends won by
//     the rules, positions that repeat, payoffs): Outcomes and
//     Remoteness, or OutcomeGrid and RemotenessGrid.
//   - the canonical form of a partizan game, in CGSuite's notation:
//     Canonical, or CanonicalGrid.
type Table struct {
	Game string `json:"game"`
	// Values holds G(0), …, G(n-1) for a one-heap game.
	Values []uint64 `json:"values,omitempty"`
	// Grid holds, for a two-heap game, Grid[a][b] = the value of (a, b), or
	// -1 where only the outcome is known and it is N, 0 for P.
	Grid [][]int64 `json:"grid,omitempty"`
	// Outcomes and Remoteness, or their grids, hold what a game without
	// Sprague–Grundy values has.
	Outcomes       []string   `json:"outcomes,omitempty"`
	Remoteness     []*int     `json:"remoteness,omitempty"`
	OutcomeGrid    [][]string `json:"outcome_grid,omitempty"`
	RemotenessGrid [][]*int   `json:"remoteness_grid,omitempty"`
	// Canonical, or CanonicalGrid, holds the canonical forms of a
	// partizan game's positions.
	Canonical     []string   `json:"canonical,omitempty"`
	CanonicalGrid [][]string `json:"canonical_grid,omitempty"`
	// Classes, or ClassGrid, holds beside a built-in partizan game's
	// canonical forms each cell's outcome class (L, R, N or P), which a
	// picture colours the cells by.
	Classes   []string   `json:"classes,omitempty"`
	ClassGrid [][]string `json:"class_grid,omitempty"`
	// First is the number of the first row and column when it is not 0
	// (a cake has no side of 0, so Cutcake's table starts at 1×1): the
	// cell [i] (or [i][j]) stands for n = First+i (a = First+i,
	// b = First+j).
	First int `json:"first,omitempty"`
	// Template is the position template the cells stand for (see
	// ParseTemplate), "" when a cell is the game's own heap or pair.
	Template string `json:"template,omitempty"`
	// Caption says what the numbers mean.
	Caption string `json:"caption"`
}

// IsGrid reports whether the table's cells are pairs (a, b).
func (t *Table) IsGrid() bool {
	return t.Grid != nil || t.OutcomeGrid != nil || t.CanonicalGrid != nil
}

// Method selects how Solve finds its answer.
type Method int

const (
	Auto       Method = iota // the closed form where there is one, else search
	ClosedForm               // the closed form only; an error if the game has none
	Search                   // exhaustive search only
)

// Options tune Solve.
type Options struct {
	Method    Method
	MaxStates int              // bound on positions a search explores; 0 for the default
	Progress  func(solved int) // called now and then by long searches
	// Params are a game script's parameters (--param k=v), read by the
	// script as params["k"].
	Params map[string]string
	// PositionExpr is a position written as a Starlark expression (--pos),
	// for game scripts.
	PositionExpr string
	// Template, when not nil, is the position a table's cell stands for
	// (grundy table --pos-template), for game scripts.
	Template *Template
	// ScriptSteps is the Starlark step budget of one call of a script's
	// function (--max-steps); 0 for the default.
	ScriptSteps uint64
	// TieBreak is how a player of a payoff game chooses among moves that
	// are equally good for it (--tie-break); the default is TieFirst.
	TieBreak payoff.TieBreak
	// Float computes payoffs and probabilities in float64 instead of exact
	// rationals (--float).
	Float bool
	// Memory, when not nil, is the memory budget of the computation: the
	// searches' big tables (memos, graphs) charge it before they grow, and
	// stop with a *budget.Exceeded (Resource Memory) when it runs out. A
	// front end makes one per request or per command.
	Memory *budget.Bytes
	// TTSize is the memory of a game-tree search's transposition table in
	// bytes (--tt-size); 0 for the search's default. It is allocated once,
	// whole, besides Memory's budget.
	TTSize int64
	// MaxNodes bounds the nodes a game-tree search visits (--max-nodes);
	// past it the search stops with a *budget.Exceeded of Resource Nodes.
	// 0 means no bound.
	MaxNodes int64
}

// MethodError is the error of a game asked for a method it does not
// answer by: Method ClosedForm for a game with no closed form (here, or
// at that position), Search for one solved by its closed form only (or at
// a position too large to search, or a game whose positions repeat).
// Msg says so in words that name no flag, e.g. "kuhn has no closed
// form"; a front end adds how to ask otherwise (the CLI advises dropping
// its --method flag).
type MethodError struct {
	Game   string // the game as given
	Method Method // the method asked for and refused
	Msg    string
	// Instead is how the game is solved when no method is asked for,
	// where that is not the closed form (a refused search) or a search (a
	// refused closed form): "retrograde analysis".
	Instead string
}

func (e *MethodError) Error() string { return e.Msg }

// RefuseMethod returns a *MethodError with a formatted message.
func RefuseMethod(game string, m Method, format string, args ...any) *MethodError {
	return &MethodError{Game: game, Method: m, Msg: fmt.Sprintf(format, args...)}
}

// DefaultMaxStates is the state cap of Options with MaxStates 0, the
// solvers' own default (impartial.DefaultMaxStates, retro's): 0 means this
// cap everywhere, never "no limit".
const DefaultMaxStates = 20_000_000

// StateCap is opts.MaxStates, or DefaultMaxStates when it is 0.
func StateCap(opts Options) int {
	if opts.MaxStates > 0 {
		return opts.MaxStates
	}
	return DefaultMaxStates
}

// Report is the answer for one position: the JSON contract of DESIGN.md.
type Report struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Outcome is "N", "P" or "D" for two-player games; games with more
	// players name the result.
	Outcome      string   `json:"outcome"`
	Grundy       *big.Int `json:"grundy"`
	Remoteness   *int     `json:"remoteness"`
	WinningMoves []string `json:"winning_moves"`
	// Payoff is the value vector, one entry per player from the player to
	// move, for games with payoffs.
	Payoff any `json:"payoff,omitempty"`
	// Value is the expected result for the player to move, for two-player
	// zero-sum games with numeric results or chance.
	Value any `json:"value,omitempty"`
	// Score is the final margin under perfect play for the player to move
	// (points for minus points against, both players maximising their own
	// margin; game.Scored), for games whose end has a score: Kalah's
	// store difference, Othello's disc difference. Outcome is its sign.
	Score *int `json:"score,omitempty"`
	// Extra holds further fields of a game's own, added to the JSON object.
	Extra map[string]any `json:"-"`

	// For people, not in JSON:
	Method string   `json:"-"` // how the answer was found
	Notes  []string `json:"-"` // further explanation
	// MovesIncomplete is set when WinningMoves lists only some of the
	// winning moves (a closed form can exhibit one but not enumerate all,
	// or the list would be too long to print).
	MovesIncomplete bool `json:"-"`
	// MoveCount, when not 0, is the number of winning moves, which may
	// exceed the number listed.
	MoveCount int `json:"-"`
}

// MaxMoveText bounds the total length of the winning moves a report
// lists: in a sum of 10^5 heaps each move is a 600 KB position, and tens
// of thousands of them would be gigabytes.
const MaxMoveText = 4 << 20

// AddMoves lists count winning moves, the i-th written by move(i), as long
// as their total length stays within MaxMoveText; it records the count,
// and that the list is incomplete when it is.
func (r *Report) AddMoves(count int, move func(i int) string) {
	r.MoveCount = count
	size := 0
	for i := range count {
		m := move(i)
		size += len(m)
		if size > MaxMoveText && len(r.WinningMoves) > 0 {
			r.MovesIncomplete = true
			return
		}
		r.WinningMoves = append(r.WinningMoves, m)
	}
}

// OutcomeOfValue is N for a non-zero Sprague–Grundy value, P for zero.
func OutcomeOfValue(g *big.Int) string {
	if g.Sign() == 0 {
		return "P"
	}
	return "N"
}

// MarshalJSON writes the contract's fields, then Extra's in key order.
func (r *Report) MarshalJSON() ([]byte, error) {
	type plain Report
	p := plain(*r)
	if p.WinningMoves == nil {
		p.WinningMoves = []string{}
	}
	b, err := json.Marshal(&p)
	if err != nil || len(r.Extra) == 0 && !r.MovesIncomplete {
		return b, err
	}
	extra := maps.Clone(r.Extra)
	if extra == nil {
		extra = map[string]any{}
	}
	if r.MovesIncomplete {
		extra["winning_moves_complete"] = false
		if r.MoveCount > 0 {
			extra["winning_move_count"] = r.MoveCount
		}
	}
	var sb strings.Builder
	sb.Write(b[:len(b)-1])
	for _, k := range slices.Sorted(maps.Keys(extra)) {
		v, err := json.Marshal(extra[k])
		if err != nil {
			return nil, err
		}
		kb, _ := json.Marshal(k)
		sb.WriteByte(',')
		sb.Write(kb)
		sb.WriteByte(':')
		sb.Write(v)
	}
	sb.WriteByte('}')
	return []byte(sb.String()), nil
}

var registry = map[string]*Entry{}

// Register adds a built-in game. It panics on a duplicate name, which is a
// programming error caught by every test run.
func Register(e Entry) {
	for _, name := range append([]string{e.Name}, e.Aliases...) {
		if _, dup := registry[name]; dup {
			panic("catalog: duplicate game name " + name)
		}
		registry[name] = &e
	}
}

// Entries returns the built-in games, sorted by name.
func Entries() []*Entry {
	seen := map[*Entry]bool{}
	var out []*Entry
	for _, e := range registry {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *Entry) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// Resolver turns specs that are not built-in names (a script path, say)
// into instances; it reports ok=false for specs it does not handle.
type Resolver func(spec string) (inst Instance, ok bool, err error)

var resolvers []Resolver

// RegisterResolver adds a resolver, tried in order before the built-in
// names.
func RegisterResolver(r Resolver) { resolvers = append(resolvers, r) }

// Lookup returns the game a spec names: "NAME" or "NAME:PARAMS".
func Lookup(spec string) (Instance, error) {
	for _, r := range resolvers {
		if inst, ok, err := r(spec); ok || err != nil {
			return inst, err
		}
	}
	return lookupEntry(spec, false)
}

// lookupEntry resolves a built-in spec; with noFiles it refuses games that
// read files.
func lookupEntry(spec string, noFiles bool) (Instance, error) {
	name, params, hasParams := strings.Cut(spec, ":")
	e, ok := registry[name]
	if !ok {
		return nil, unknownGame(name)
	}
	if noFiles && e.ReadsFiles {
		return nil, fmt.Errorf("game %q reads a file named in its parameters or position, which is not allowed here", name)
	}
	switch {
	case e.Params == "" && hasParams:
		return nil, fmt.Errorf("game %q takes no parameters, but got %q", name, params)
	case e.Params != "" && !hasParams && !e.OptionalParams:
		return nil, fmt.Errorf("game %q needs parameters: %s:%s (e.g. %s)", name, name, e.Params, e.Example)
	case hasParams && params == "":
		return nil, fmt.Errorf("game %q: empty parameters after ':'; expected %s:%s", name, name, e.Params)
	}
	inst, err := e.Make(params)
	if err != nil {
		return nil, fmt.Errorf("game %q: %w", spec, err)
	}
	return inst, nil
}

func unknownGame(name string) error {
	if name == "" {
		return fmt.Errorf("no game named; run 'grundy games' for the list")
	}
	best, bestDist := "", 3
	for n := range registry {
		if d := editDistance(strings.ToLower(name), n); d < bestDist || d == bestDist && n < best {
			best, bestDist = n, d
		}
	}
	if best != "" && bestDist <= max(1, len(name)/3) {
		return fmt.Errorf("unknown game %q; did you mean %q? (run 'grundy games' for the list)", name, best)
	}
	return fmt.Errorf("unknown game %q; run 'grundy games' for the list", name)
}

// editDistance is the optimal-string-alignment distance (Levenshtein's,
// with a swap of neighbours counting as one edit), for "did you mean".
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// ParseTieBreak reads a tie-break rule by name (first, last, spiteful,
// generous), for Options.TieBreak.
func ParseTieBreak(name string) (payoff.TieBreak, error) { return payoff.ParseTieBreak(name) }

// DescribeOutcome says in words what a report's outcome means for the
// player to move: "" when the outcome is not one of the classes N, P, D,
// L, R (a game with more players names its own). A D with a value is a
// game of chance or of mixed strategies, where nobody can force a win and
// the value says how the player to move fares on average.
func (r *Report) DescribeOutcome() string {
	var o outcome.Outcome
	if err := o.UnmarshalText([]byte(r.Outcome)); err != nil {
		return ""
	}
	if o == outcome.D && r.Value != nil {
		return "neither player can force a win; value is the expected result for the player to move"
	}
	return o.Describe()
}

// Usage is how a spec of e's game is written: "octal:CODE", "kayles".
func (e *Entry) Usage() string {
	if e.Params == "" {
		return e.Name
	}
	return e.Name + ":" + e.Params
}
