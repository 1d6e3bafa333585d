package native

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
)

// Def is a game written in Go: the functions of the game's file, found
// by their names (the same names as a script's). Only Moves is required.
type Def[P comparable] struct {
	// Moves lists the positions one move from p leaves.
	Moves func(p P) []P
	// Split lists the independent components of p (p alone when it does
	// not split); the value of a sum is the nim-sum of its parts'.
	Split func(p P) []P
	// Key is p's canonical representative: every position met passes
	// through it.
	Key func(p P) P
	// Start is the position solved when none is given.
	Start func() P
	// View draws p for the explorer: the rows of a grid, one character a
	// cell, as a script's view(pos).
	View func(p P) []string
	// Parse and Format are the game's own notation for positions; without
	// them positions are written as a script's (see position.go).
	Parse  func(text string) (P, error)
	Format func(p P) string
	// Init takes the --param NAME=VALUE values before any position is read.
	Init func(params map[string]string) error
	// Rank, when it returns a non-negative int, numbers positions densely,
	// so that solvers keep their tables flat instead of hashed.
	Rank func(p P) int
	// Tier is p's tier, for grundy db build: a non-negative int that no
	// move decreases (tiered.go).
	Tier func(p P) int
	// Label names the move from p to q as players do ("take 3 from heap
	// 2"), for the explorer's move list; "" leaves the catalog's generic
	// label.
	Label func(p, q P) string

	start    P
	hasStart bool
	// initMu serialises the computations of a game with Init: Init sets
	// the game's own variables, which a server's concurrent requests with
	// other parameters would change under a running search.
	initMu sync.Mutex
}

// New returns the definition of a game whose moves are moves: the type of
// positions is inferred from it.
func New[P comparable](moves func(P) []P) *Def[P] { return &Def[P]{Moves: moves} }

// SetStart makes p the start position (for a game that declares
// "var Start = …" rather than a function).
func (d *Def[P]) SetStart(p P) { d.start, d.hasStart = p, true }

// registered maps the absolute path of a game's file to its instance
// maker, in a grundy built with native games (see package nativebuild).
var (
	mu         sync.Mutex
	registered = map[string]registration{}
)

type registration struct {
	sum  string // sha256 of the file's text as built
	open func(name string) catalog.ScriptInstance
}

// Register makes the game d, built from the file at path (absolute) whose
// text has the SHA-256 sum sum, known to the catalog: a spec naming that
// file resolves to it. compiled is where the compiler saw the file (its
// frames in a panic's stack are reported as path's).
func Register[P comparable](path, compiled, sum string, d *Def[P]) {
	mu.Lock()
	defer mu.Unlock()
	registered[path] = registration{sum: sum, open: func(name string) catalog.ScriptInstance {
		return newInstance(name, path, compiled, sum, d)
	}}
}

func init() {
	catalog.RegisterResolver(resolve)
	catalog.RegisterScriptOpenerFor(".go", open)
}

// IsSpec reports whether spec names a game written in Go: a path ending
// in .go.
func IsSpec(spec string) bool { return strings.HasSuffix(spec, ".go") }

func resolve(spec string) (catalog.Instance, bool, error) {
	if !IsSpec(spec) {
		return nil, false, nil
	}
	src, err := os.ReadFile(spec)
	if err != nil {
		return nil, true, fmt.Errorf("game %s: %w", spec, err)
	}
	inst, err := open(spec, src)
	return inst, true, err
}

// open returns the instance of the game file at path whose text is src.
func open(path string, src []byte) (catalog.ScriptInstance, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", path, err)
	}
	sum := Sum(src)
	mu.Lock()
	r, ok := registered[abs]
	if !ok {
		// A server names a game by its file's base name (--script
		// dir/game.go serves game.go): the text tells which it is.
		for _, o := range registered {
			if o.sum == sum {
				r, ok = o, true
				break
			}
		}
	}
	mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("game %s is written in Go, and this grundy was not built with it (the grundy command builds it itself; see docs/native.md)", path)
	}
	if r.sum != sum {
		return nil, fmt.Errorf("game %s changed after it was built; run the command again", path)
	}
	return r.open(path), nil
}

// ---- running the game's own code

// StuckGrace is how long a computation may go on after its context ends
// before it is taken to be stuck in the game's own code (a loop that never
// returns cannot be cancelled), and ExitWhenStuck, when set (the command
// line sets it; a server does not), what is done then: the process prints
// the message and exits with status 2.
var (
	StuckGrace    = 2 * time.Second
	ExitWhenStuck bool
)

// memoryPoll is how often a watched computation's heap is sampled.
const memoryPoll = 5 * time.Millisecond

// run runs f, which calls the game's own code: a panic there becomes an
// error naming the file and line, and while f runs a watchdog stops the
// process when the game's code outlives the context or grows the heap
// past the memory budget (Go code cannot be cancelled from outside, and
// its allocations are not charged to the budget as a solver's tables are).
func (in *instance[P]) run(ctx context.Context, mem *budget.Bytes, f func() error) (err error) {
	if in.d.Init != nil {
		in.d.initMu.Lock()
		defer in.d.initMu.Unlock()
	}
	done := make(chan struct{})
	defer close(done)
	go in.watch(ctx, mem, done)
	defer func() {
		if r := recover(); r != nil {
			err = in.panicError(r, debug.Stack())
		}
	}()
	return f()
}

func (in *instance[P]) watch(ctx context.Context, mem *budget.Bytes, done <-chan struct{}) {
	limit := int64(0)
	if mem != nil {
		// The budget bounds what the solvers charge; the game's own
		// garbage and the collector's headroom come on top of it.
		limit = mem.Limit() + mem.Limit()/2 + 64<<20
	}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(memoryPoll)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			if !ExitWhenStuck {
				return
			}
			select {
			case <-done:
				return
			case <-time.After(StuckGrace):
				in.exit(fmt.Sprintf("%s: the game's code did not return within the time limit (--timeout); does a loop in it never end?", in.name))
			}
		case <-tick.C:
			if limit == 0 || !ExitWhenStuck {
				continue
			}
			metrics.Read(sample)
			if int64(sample[0].Value.Uint64()) <= limit {
				continue
			}
			// Garbage is not growth: collect, and look again.
			runtime.GC()
			metrics.Read(sample)
			if used := int64(sample[0].Value.Uint64()); used > limit {
				in.exit(fmt.Sprintf("%s: the game's code grew the heap to %s, past the memory budget of %s; raise --max-memory", in.name, budget.FormatBytes(used), budget.FormatBytes(mem.Limit())))
			}
		}
	}
}

func (in *instance[P]) exit(msg string) {
	fmt.Fprintln(os.Stderr, "grundy:", msg)
	os.Exit(2)
}

// frameLine matches a stack line giving a file and line.
var frameLine = regexp.MustCompile(`^\t(.+\.go):(\d+)`)

// panicError is the error of a panic in the game's code: the file and
// line of the innermost frame in the game's file, and the panic's value.
func (in *instance[P]) panicError(r any, stack []byte) error {
	where := in.name
	var fn string
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		m := frameLine.FindStringSubmatch(l)
		if m == nil || m[1] != in.compiled {
			continue
		}
		where = in.name + ":" + m[2]
		if i > 0 {
			fn = lines[i-1]
			if j := strings.LastIndex(fn, "("); j > 0 {
				fn = fn[:j]
			}
			if j := strings.LastIndex(fn, "."); j >= 0 {
				fn = fn[j+1:]
			}
		}
		break
	}
	if fn != "" {
		fn += " "
	}
	return &Error{Msg: fmt.Sprintf("%s: %spanicked: %v", where, fn, r), Stack: string(stack)}
}

// Error is a failure of the game's own code.
type Error struct {
	Msg   string
	Stack string // the goroutine's stack, for --verbose
}

func (e *Error) Error() string { return e.Msg + "\n" + e.Stack }

// Sum is the SHA-256 of a game file's text, in hex: a built grundy
// answers for the text it was built from only.
func Sum(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:])
}

// Has reports whether the game file at path, with text src, is built into
// this program.
func Has(path string, src []byte) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	mu.Lock()
	r, ok := registered[abs]
	mu.Unlock()
	return ok && r.sum == Sum(src)
}
