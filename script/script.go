package script

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy-go/grundy/budget"
	_ "github.com/grundy-go/grundy/internal/quietlog" // before go.starlark.net's init: see its doc
)

// Default limits.
const (
	// DefaultMaxSteps is the Starlark step budget of one call of a script
	// function (one moves(pos), one split(pos), …) and of running the
	// file's top level when the user set none and no wall-clock limit
	// bounds the run: a few seconds of work (a loop of 10^8 steps takes 2 s here). It only stops a call
	// that loops without growing; one that grows (a position with
	// millions of moves) meets its memory budget first. With a wall-clock
	// limit there is no default step budget: the limit cancels a runaway
	// call, and a step budget would only stop big positions unbidden.
	DefaultMaxSteps = 100_000_000
	// DefaultMaxPositions bounds the distinct positions a game interns.
	DefaultMaxPositions = 20_000_000
	// MaxPlayers bounds the players option.
	MaxPlayers = 64
)

// Options configure Load.
type Options struct {
	// Params are the script's parameters (grundy solve … --param k=v),
	// visible to the script as the frozen dict params of strings (a
	// script converts them: int(params.get("n", 10))).
	Params map[string]string
	// MaxSteps is the Starlark step budget of each call; 0 means none
	// while a wall-clock limit (Timeout, or a deadline of the Run's
	// context) bounds the call, and DefaultMaxSteps otherwise.
	MaxSteps uint64
	// MaxPositions bounds the distinct positions interned; 0 means
	// DefaultMaxPositions.
	MaxPositions int
	// MaxMemory is the memory budget in bytes of each call (see the
	// package documentation, "Memory"); 0 means DefaultMaxMemory, a
	// negative value no budget.
	MaxMemory int64
	// Timeout, if positive, is a wall-clock limit on loading and on each
	// Run: the running script is cancelled when it passes.
	Timeout time.Duration
	// Print receives the output of the script's print calls; nil
	// discards it.
	Print func(msg string)
}

// Names of the globals a script defines; see the package documentation.
var contractNames = []string{
	"moves", "start", "players", "misere", "terminal", "payoff", "to_move",
	"split", "key", "chance", "move_labels", "tier",
	"left_moves", "right_moves",
}

// Game is a loaded script: a game whose positions are the script's
// positions, interned as Pos. A Game is not safe for concurrent use: it
// owns one Starlark thread and one intern table, which grow with every
// position met.
type Game struct {
	file    string
	src     []byte
	thread  *starlark.Thread
	globals starlark.StringDict
	opts    Options

	movesFn, terminalFn, payoffFn, toMoveFn, splitFn, keyFn, chanceFn, tierFn *starlark.Function

	// A partizan script's left_moves and right_moves, and the values of
	// its positions (partizan.go).
	leftFn, rightFn *starlark.Function

	// canon is the canonical key the script declares by name (key =
	// "sorted"; canon.go) instead of a key function; nil when none.
	canon func(starlark.Value) (starlark.Value, error)
	pz    *partizan

	players   int
	misere    bool
	labelled  bool
	dictMoves bool           // some moves(pos) returned a dict: its keys are labels
	start     starlark.Value // nil when the script has none
	steps     uint64         // the step budget of a call in the Run in progress (see Options.MaxSteps)

	// the intern table
	ids    map[string]Pos
	packed map[uint64]Pos // tuples of a few small ints (packTuple)
	small  []Pos          // small[n] is the Pos of the int n, 0 if not interned
	nodes  []node
	succ   []Pos              // successor lists, one contiguous run per expanded node
	comps  []Pos              // component lists of split positions
	probs  map[Pos][]*big.Rat // chance positions: the outcomes' probabilities
	keybuf []byte
	args   starlark.Tuple // the one-argument tuple reused for calls

	// The memory budget the intern table charges as it grows (see
	// setMemory and nodeBytes): memUsed is the estimate of what the nodes
	// made since memory was set take, memCharged what was charged to
	// memory ahead of them.
	memory              *budget.Bytes
	memUsed, memCharged int64

	runs     atomic.Int32  // Runs in progress
	watching atomic.Bool   // the watchdog goroutine is running (see startWatch)
	callMu   sync.Mutex    // held while callSeq changes and while the watchdog cancels
	callSeq  atomic.Uint64 // odd while Starlark code runs; see enter
	// limitHit is the limit that cancelled the running call (steps, set
	// by OnMaxSteps; memory, set by the watchdog), the cause of its error.
	limitHit atomic.Pointer[budget.Exceeded]

	err    error           // the first error met inside a game method
	abort  func()          // cancels the Run in progress
	runCtx context.Context // the Run's context, before abort
}

// Pos is an interned position of a Game. Pos values are dense: 1, 2, …
// in the order positions were met, so solvers can keep flat tables. The
// zero Pos is End, a position of no script: the game after a move that
// ends it (see Normal).
type Pos uint32

// End is the synthetic position reached by the extra move that Normal
// gives a position the player to move has won.
const End Pos = 0

type node struct {
	val     starlark.Value
	succOff uint32
	succN   int32 // -1 until expanded
	compOff uint32
	compN   int32 // -1 until split
	term    termKind
	mover   int16 // to_move; -2 until asked, -1 (game.Chance) for chance
}

type termKind uint8

const (
	termNone  termKind = iota // the game goes on (it may still have no moves)
	termEnded                 // terminal(pos) said True: as if there were no moves
	termWin                   // the player to move has won
	termLoss                  // the player to move has lost
	termDraw                  // a drawn end
)

// Error is a script error: where it happened (file:line:col), what went
// wrong, and the Starlark backtrace when there is one.
type Error struct {
	Pos       string // file:line:col, or the file name alone
	Msg       string
	Backtrace string
	cause     error
}

func (e *Error) Error() string {
	s := e.Pos + ": " + e.Msg
	if e.Backtrace != "" {
		s += "\n" + strings.TrimRight(e.Backtrace, "\n")
	}
	return s
}

func (e *Error) Unwrap() error { return e.cause }

// Load reads, checks and runs a game script. src holds the file's text;
// when it is nil the file is read from disk. ctx (and Options.Timeout)
// bound the running of the file's top level.
func Load(ctx context.Context, filename string, src []byte, opts Options) (*Game, error) {
	if src == nil {
		b, err := os.ReadFile(filename)
		if err != nil {
			return nil, fmt.Errorf("cannot read the game script: %w", err)
		}
		src = b
	}
	if opts.MaxMemory == 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	if opts.MaxPositions <= 0 {
		opts.MaxPositions = DefaultMaxPositions
	}
	g := &Game{
		file:  filename,
		src:   src,
		opts:  opts,
		ids:   make(map[string]Pos),
		probs: make(map[Pos][]*big.Rat),
		nodes: make([]node, 1, 1024), // node 0 is End
		args:  make(starlark.Tuple, 1),
	}
	g.thread = &starlark.Thread{
		Name: filename,
		Print: func(_ *starlark.Thread, msg string) {
			if opts.Print != nil {
				opts.Print(msg)
			}
		},
		OnMaxSteps: func(t *starlark.Thread) {
			note := fmt.Sprintf("more than %d steps in one call; a script function must return promptly", g.steps)
			g.limitHit.CompareAndSwap(nil, budget.Exceed(budget.Steps, int64(min(g.steps, math.MaxInt64)), "%s", note))
			t.Cancel(note)
		},
	}
	params, err := makeParams(opts.Params)
	if err != nil {
		return nil, err
	}
	predeclared := g.guards()
	predeclared["params"], predeclared["range"] = params, boundedRange

	f, err := fileOptions().Parse(filename, src, 0)
	if err != nil {
		return nil, syntaxError(filename, err)
	}
	rewriteFile(f)
	prog, err := starlark.FileProgram(f, predeclared.Has)
	if err != nil {
		return nil, syntaxError(filename, err)
	}
	if prog.NumLoads() > 0 {
		name, pos := prog.Load(0)
		return nil, &Error{Pos: pos.String(), Msg: fmt.Sprintf("load(%q): a game script cannot load other files; put everything in one file", name)}
	}
	err = g.Run(ctx, func(context.Context) error {
		g.budget()
		g.enter()
		globals, err := prog.Init(g.thread, predeclared)
		g.leave()
		globals.Freeze()
		g.globals = globals
		if err != nil {
			return g.evalError(err, "running the script")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := g.bind(); err != nil {
		return nil, err
	}
	return g, nil
}

// fileOptions are the dialect of game scripts: Starlark with while loops,
// sets and top-level control flow, but without recursion (so a runaway
// recursion is an error at once, not a deep Go stack).
func fileOptions() *syntax.FileOptions {
	return &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true}
}

// MaxRange bounds the length of a range: a range is lazy, but list(r)
// materialises it inside one built-in call, which the step budget cannot
// interrupt, and a billion elements would exhaust memory.
const MaxRange = 1 << 24

// boundedRange is Starlark's range, refusing ranges longer than MaxRange.
var boundedRange = starlark.NewBuiltin("range", func(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	r, err := starlark.Call(thread, starlark.Universe["range"], args, kwargs)
	if err != nil {
		return nil, err
	}
	if n := starlark.Len(r); n > MaxRange {
		// A budget error about size: such a range is a position with
		// billions of moves (Euclid's game at (2^31 - 1, 1)), which no
		// memory budget would hold as positions anyway.
		return nil, budget.Exceed(budget.Size, MaxRange, "range of %d elements: game scripts allow at most %d, and %d moves of one position would take more than %s of memory as positions", n, MaxRange, n, budget.FormatBytes(int64(n)*nodeBytes))
	}
	return r, nil
})

// makeParams builds the params dict.
func makeParams(params map[string]string) (*starlark.Dict, error) {
	d := starlark.NewDict(len(params))
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if k == "" {
			return nil, fmt.Errorf("bad --param %q: expected NAME=VALUE", "="+params[k])
		}
		d.SetKey(starlark.String(k), starlark.String(params[k]))
	}
	d.Freeze()
	return d, nil
}

func syntaxError(file string, err error) error {
	var se syntax.Error
	if errors.As(err, &se) {
		return &Error{Pos: se.Pos.String(), Msg: "syntax error: " + se.Msg, cause: err}
	}
	msg := err.Error()
	if i := strings.Index(msg, ": "); i > 0 && strings.HasPrefix(msg, file) {
		return &Error{Pos: msg[:i], Msg: msg[i+2:], cause: err}
	}
	return &Error{Pos: file, Msg: msg, cause: err}
}

// bind reads the contract's globals and checks their types.
func (g *Game) bind() error {
	fn := func(name string, required bool) (*starlark.Function, error) {
		v, ok := g.globals[name]
		if !ok {
			if required {
				return nil, &Error{Pos: g.file, Msg: fmt.Sprintf("the script defines no %s(pos) function; a game script must define moves(pos), returning the positions one move leaves, or left_moves(pos) and right_moves(pos) for a partizan game (see 'grundy new-script')", name)}
			}
			return nil, nil
		}
		f, ok := v.(*starlark.Function)
		if !ok {
			return nil, &Error{Pos: g.file, Msg: fmt.Sprintf("%s is %s; it must be a function of one position, def %s(pos): …", name, article(v.Type()), name)}
		}
		required1 := 0
		for i := 0; i < f.NumParams(); i++ {
			if f.ParamDefault(i) == nil {
				required1++
			}
		}
		if required1 > 1 || f.NumParams() == 0 && !f.HasVarargs() {
			return nil, &Error{Pos: f.Position().String(), Msg: fmt.Sprintf("%s must take exactly one parameter, the position", name)}
		}
		return f, nil
	}
	var err error
	if name, ok := g.globals["key"].(starlark.String); ok {
		if g.canon = canonKinds[string(name)]; g.canon == nil {
			return &Error{Pos: g.file, Msg: fmt.Sprintf("key = %q: a named key is %s; for another, define key(pos)", string(name), canonNames)}
		}
	}
	if err = g.bindPartizan(fn); err != nil {
		return err
	}
	if g.movesFn, err = fn("moves", g.leftFn == nil); err != nil {
		return err
	}
	for _, b := range []struct {
		name string
		dst  **starlark.Function
	}{
		{"terminal", &g.terminalFn}, {"payoff", &g.payoffFn}, {"to_move", &g.toMoveFn},
		{"split", &g.splitFn}, {"chance", &g.chanceFn},
		{"tier", &g.tierFn},
	} {
		if *b.dst, err = fn(b.name, false); err != nil {
			return err
		}
	}
	if g.canon == nil {
		if g.keyFn, err = fn("key", false); err != nil {
			return err
		}
	}
	g.players = 2
	if v, ok := g.globals["players"]; ok {
		n, err := starlark.AsInt32(v)
		if err != nil || n < 1 || n > MaxPlayers {
			return &Error{Pos: g.file, Msg: fmt.Sprintf("players = %s: expected the number of players, an int from 1 to %d", describe(v), MaxPlayers)}
		}
		g.players = n
	}
	boolean := func(name string) (bool, error) {
		v, ok := g.globals[name]
		if !ok {
			return false, nil
		}
		b, ok := v.(starlark.Bool)
		if !ok {
			return false, &Error{Pos: g.file, Msg: fmt.Sprintf("%s = %s: expected True or False", name, describe(v))}
		}
		return bool(b), nil
	}
	if g.misere, err = boolean("misere"); err != nil {
		return err
	}
	if g.labelled, err = boolean("move_labels"); err != nil {
		return err
	}
	if v, ok := g.globals["start"]; ok {
		if err := checkPosition(v); err != nil {
			return &Error{Pos: g.file, Msg: "start: " + err.Error()}
		}
		g.start = v
	}
	multi := g.players != 2 || g.payoffFn != nil || g.chanceFn != nil
	switch {
	case multi && g.toMoveFn == nil && g.players > 1:
		return &Error{Pos: g.file, Msg: "a game with payoffs, chance or other than two players must define to_move(pos), the number (0, 1, …) of the player to move"}
	case g.players != 2 && g.payoffFn == nil:
		return &Error{Pos: g.file, Msg: fmt.Sprintf("a game of %d players must define payoff(pos), the tuple of what each player gets at the end", g.players)}
	case g.misere && g.payoffFn != nil:
		return &Error{Pos: g.file, Msg: "misere = True and payoff(pos) do not go together: the payoff already says who wins"}
	case g.misere && g.players != 2:
		return &Error{Pos: g.file, Msg: "misere = True needs two players"}
	}
	return nil
}

// Players is the number of players (the script's players, default 2).
func (g *Game) Players() int { return g.players }

// Misere reports whether the script sets misere = True.
func (g *Game) Misere() bool { return g.misere }

// File is the script's file name.
func (g *Game) File() string { return g.file }

// HasPayoff reports whether the script defines payoff(pos).
func (g *Game) HasPayoff() bool { return g.payoffFn != nil }

// HasChance reports whether the script defines chance(pos).
func (g *Game) HasChance() bool { return g.chanceFn != nil }

// HasSplit reports whether the script defines split(pos).
func (g *Game) HasSplit() bool { return g.splitFn != nil }

// Labelled reports whether the script names its moves.
func (g *Game) Labelled() bool { return g.labelled }

// Functions lists the contract's functions the script defines.
func (g *Game) Functions() []string {
	var out []string
	for _, name := range contractNames {
		if _, ok := g.globals[name].(*starlark.Function); ok {
			out = append(out, name)
		}
	}
	return out
}

// Multiplayer reports whether the game needs the payoff solver: more or
// fewer than two players, payoffs or chance.
func (g *Game) Multiplayer() bool {
	return g.players != 2 || g.payoffFn != nil || g.chanceFn != nil
}

// Warnings lists likely mistakes that are not errors: globals whose names
// are one or two letters away from a name of the contract.
func (g *Game) Warnings() []string {
	var out []string
	for _, name := range g.globals.Keys() {
		if slices.Contains(contractNames, name) {
			continue
		}
		for _, c := range contractNames {
			if d := editDistance(name, c); d > 0 && d <= 2 && len(name) > 2 {
				out = append(out, fmt.Sprintf("%s is defined but not used: did you mean %s?", name, c))
				break
			}
		}
	}
	return out
}

// Err returns the first error met while the game's methods ran, if any.
// A Game that met an error stays failed.
func (g *Game) Err() error { return g.err }

// Run calls f with a context that is cancelled when a script error
// happens inside a game method (so a solver stops promptly), and returns
// that error in preference to f's. The wall-clock limit (Options.Timeout)
// and ctx's cancellation cancel the running Starlark code.
func (g *Game) Run(ctx context.Context, f func(ctx context.Context) error) error {
	if g.err != nil {
		return g.err
	}
	if g.opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.opts.Timeout)
		defer cancel()
	}
	g.runs.Add(1)
	defer g.runs.Add(-1)
	g.startWatch()
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g.thread.Uncancel()
	g.steps = g.opts.MaxSteps
	if g.steps == 0 {
		g.steps = DefaultMaxSteps
		if _, ok := ctx.Deadline(); ok {
			g.steps = math.MaxUint64
		}
	}
	stop := context.AfterFunc(parent, func() { g.thread.Cancel(g.ctxNote(parent)) })
	g.abort, g.runCtx = cancel, parent
	err := f(ctx)
	stop()
	g.abort, g.runCtx = nil, nil
	if g.err != nil {
		return g.err
	}
	if err != nil && parent.Err() != nil {
		if errors.Is(parent.Err(), context.DeadlineExceeded) {
			return &Error{Pos: g.file, Msg: g.ctxNote(parent), cause: parent.Err()}
		}
		return parent.Err()
	}
	return err
}

// runGCPercent is the collector's GOGC while scripts run. A script's
// calls make a great deal of short-lived garbage (the lists moves builds,
// the tuples in them) over a small live heap, so the default of 100
// collected often: at 400 the examples' solves take 20–30% less CPU.
// The heap may then hold up to five times the live data in garbage, but
// the soft memory limit (budget.SetProcessLimit) still makes the
// collector work harder near the budget, and charges are of live data.
const runGCPercent = 400

var (
	gcMu    sync.Mutex
	gcRuns  int // Runs in progress, in every Game
	gcSaved int // the GOGC before the first of them
)

// lessGC raises GOGC to runGCPercent while any Game's watchdog runs (a
// server runs several) and returns the function that puts it back after
// the last, unless it was set higher. (SetGCPercent stops the world, so
// it is not done per Run: a table runs two per heap.)
func lessGC() func() {
	gcMu.Lock()
	if gcRuns == 0 {
		gcSaved = debug.SetGCPercent(runGCPercent)
		if gcSaved < 0 || gcSaved > runGCPercent { // off, or higher: keep it
			debug.SetGCPercent(gcSaved)
		}
	}
	gcRuns++
	gcMu.Unlock()
	return func() {
		gcMu.Lock()
		if gcRuns--; gcRuns == 0 {
			debug.SetGCPercent(gcSaved)
		}
		gcMu.Unlock()
	}
}

func (g *Game) ctxNote(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		if g.opts.Timeout > 0 {
			return fmt.Sprintf("the wall-clock limit of %s was reached", g.opts.Timeout)
		}
		return "the wall-clock limit was reached"
	}
	return "interrupted"
}

// fail records the first error and stops the Run in progress.
func (g *Game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
	if g.abort != nil {
		g.abort()
	}
}

// budget gives the thread a fresh step budget for one call. The sum
// saturates: a budget larger than what is left before the counter wraps
// (--max-steps 18446744073709551615) means no step limit, not an
// immediate cancellation.
func (g *Game) budget() {
	used := g.thread.ExecutionSteps()
	if g.steps == 0 { // a call outside Run
		g.steps = cmp.Or(g.opts.MaxSteps, DefaultMaxSteps)
	}
	limit := used + g.steps
	if limit < used {
		limit = math.MaxUint64
	}
	g.thread.SetMaxExecutionSteps(limit)
}

// call calls a script function of one position.
func (g *Game) call(fn *starlark.Function, v starlark.Value) (starlark.Value, error) {
	g.budget()
	g.args[0] = v
	g.enter()
	res, err := starlark.Call(g.thread, fn, g.args, nil)
	g.leave()
	g.args[0] = nil
	if err != nil {
		return nil, g.evalError(err, fn.Name()+"("+describe(v)+")")
	}
	return res, nil
}

// evalError turns a Starlark error into an Error that points at the line
// of the script where it happened.
func (g *Game) evalError(err error, what string) error {
	var ev *starlark.EvalError
	if !errors.As(err, &ev) {
		return &Error{Pos: g.file, Msg: what + ": " + err.Error(), cause: err}
	}
	pos := g.file
	for i := len(ev.CallStack) - 1; i >= 0; i-- {
		p := ev.CallStack[i].Pos
		if p.IsValid() && p.Filename() != "<builtin>" {
			pos = p.String()
			break
		}
	}
	e := &Error{Pos: pos, Msg: what + ": " + ev.Msg, Backtrace: ev.Backtrace(), cause: err}
	if lim := g.limitHit.Swap(nil); lim != nil {
		e.cause = lim
	} else if ctxErr := g.cancelCause(); ctxErr != nil {
		e.cause = ctxErr
	}
	return e
}

// cancelCause is the context error behind a cancelled thread, if any.
func (g *Game) cancelCause() error {
	if g.runCtx != nil {
		return g.runCtx.Err()
	}
	return nil
}

// resultError reports a script function that returned something its
// contract does not allow; it points at the function's definition.
// A cause (a *positionError over a limit) is kept for errors.Is/As.
func (g *Game) resultError(fn *starlark.Function, arg starlark.Value, msg string, cause ...error) error {
	e := &Error{Pos: fn.Position().String(), Msg: fmt.Sprintf("%s(%s) %s", fn.Name(), describe(arg), msg)}
	if len(cause) > 0 {
		e.cause = cause[0]
	}
	return e
}

// editDistance is Levenshtein's distance, for "did you mean".
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
