package graph

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/graphfile"
	"github.com/grundy-go/grundy/loopy"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:       "graph",
		Params:     "FILE",
		ReadsFiles: true,
		Position:   "the nodes holding tokens (numbers from 0, or labels); several tokens make a sum",
		Summary: "tokens on a directed graph read from FILE (- for stdin), cycles allowed: a move slides one token along an edge; " +
			"who cannot move loses and endless play is a draw (file format: 'NODES EDGES', then 'U V' per edge, " +
			"then optional 'label U NAME' and 'outcome U N|P|D' lines; a file whose first line is one count N is HDU 1524's input: " +
			"N successor lines 'X v1 … vX', queries 'M p1 … pM', a line 0, test cases to the end; solve with no position answers each query WIN or LOSE)",
		Example: "solve graph:g.txt 0 3",
		Kind:    "loopy",
		Make:    newGraphGame,
	})
}

type graphGame struct {
	spec  string
	path  string           // the file's path, or "stdin"
	stdin bool             // graph:-, read from stdin at the first load
	g     *graphfile.Graph // nil until a state cap admits the graph
	// tooLarge is the error of a graph over the default state cap: it is
	// read again when a larger cap is asked for.
	tooLarge error
	res      *retro.Result
	vals     *loopy.Values
	// problem is the file's test cases and queries when it is in HDU
	// 1524's format (graphfile.ParseAny); g is then its first case's.
	problem *graphfile.Problem
}

// The instance's optional capabilities.
var _ catalog.PositionTabler = (*graphGame)(nil)

// graphCap is the state cap of opts (catalog.StateCap), as graphfile
// counts.
func graphCap(opts catalog.Options) int64 { return int64(catalog.StateCap(opts)) }

// readGraph reads a graph file with at most maxNodes nodes: a header that
// announces more is refused before anything is allocated for it.
func readGraph(path string, maxNodes int64) (*graphfile.Graph, *graphfile.Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return graphfile.ParseAny(path, f, graphfile.Limits{MaxNodes: maxNodes})
}

// stdinName names a graph read from stdin (graph:-) in messages.
const stdinName = "stdin"

// fromStdin is the graph read from stdin: once a process, under the state
// cap of the first load that needs it (the CLI answers one command). Only
// the command line reads it: the server looks games up with
// catalog.LookupBuiltin, which refuses games that read files.
var fromStdin struct {
	once sync.Once
	g    *graphfile.Graph
	pr   *graphfile.Problem
	err  error
}

func readStdin(maxNodes int64) (*graphfile.Graph, *graphfile.Problem, error) {
	fromStdin.once.Do(func() {
		fromStdin.g, fromStdin.pr, fromStdin.err = graphfile.ParseAny(stdinName, os.Stdin, graphfile.Limits{MaxNodes: maxNodes})
	})
	return fromStdin.g, fromStdin.pr, fromStdin.err
}

// newGraphGame reads the graph under the default state cap; a graph over
// it is read again at Solve under the cap asked for then (--max-states).
// The graph of graph:- is read from stdin at Solve, under the cap asked
// for then.
func newGraphGame(path string) (catalog.Instance, error) {
	if path == "-" {
		return &graphGame{spec: "graph:-", path: stdinName, stdin: true}, nil
	}
	gg := &graphGame{spec: "graph:" + path, path: path}
	g, pr, err := readGraph(path, graphCap(catalog.Options{}))
	if errors.Is(err, budget.ErrExceeded) {
		var x *budget.Exceeded
		if errors.As(err, &x) && x.Resource == budget.States {
			gg.tooLarge = err
			return gg, nil
		}
	}
	if err != nil {
		return nil, err
	}
	gg.g, gg.problem = g, pr
	return gg, nil
}

func (gg *graphGame) Spec() string { return gg.spec }

// load makes sure the graph is read and within the state cap of opts.
func (gg *graphGame) load(opts catalog.Options) error {
	limit := graphCap(opts)
	if gg.g == nil && gg.stdin {
		g, pr, err := readStdin(limit)
		if err != nil {
			return err
		}
		gg.g, gg.problem = g, pr
	}
	if gg.g == nil {
		if limit <= catalog.DefaultMaxStates {
			return gg.tooLarge
		}
		g, pr, err := readGraph(gg.path, limit)
		if err != nil {
			return err
		}
		gg.g, gg.problem = g, pr
	}
	if n := gg.g.Nodes(); int64(n) > limit {
		return budget.Exceed(budget.States, limit, "%s has %d nodes, more than the limit of %d positions", gg.path, n, limit)
	}
	return nil
}

// solve runs retrograde analysis and, under normal play, the generalized
// Sprague–Grundy algorithm, once.
func (gg *graphGame) solve(ctx context.Context, opts catalog.Options, needRetro, needValues bool) error {
	if err := gg.load(opts); err != nil {
		return err
	}
	// The solvers' arrays: per node and per arc, as graphfile estimates
	// them, charged while they are built.
	need := int64(gg.g.Nodes())*graphfile.BytesPerNode + int64(gg.g.Succ.Arcs())*graphfile.BytesPerEdge
	if err := opts.Memory.Charge(need, fmt.Sprintf("solving the graph of %s", gg.path)); err != nil {
		return err
	}
	defer opts.Memory.Release(need)
	var pred *retro.CSR
	if needRetro && gg.res == nil || needValues && gg.vals == nil && gg.g.NormalPlay() {
		pred = gg.g.Succ.Transpose()
	}
	if needRetro && gg.res == nil {
		p := &retro.Problem{Pred: pred, Moves: gg.g.Succ.Degrees(), Terminal: gg.g.TerminalOutcome}
		ro := retro.Options{}
		if opts.Progress != nil {
			ro.Progress = func(done, _ int) { opts.Progress(done) }
		}
		res, err := retro.Solve(ctx, p, ro)
		if err != nil {
			return err
		}
		gg.res = res
	}
	if needValues && gg.vals == nil && gg.g.NormalPlay() {
		vals, err := loopy.Solve(ctx, gg.g.Succ, pred, loopy.Options{})
		if err != nil {
			return err
		}
		gg.vals = vals
	}
	return nil
}

func (gg *graphGame) method() string {
	var parts []string
	if gg.res != nil {
		parts = append(parts, "retrograde analysis")
	}
	if gg.vals != nil {
		parts = append(parts, fmt.Sprintf("generalized Sprague–Grundy values (Fraenkel–Yesha, %d stages)", gg.vals.Stages))
	}
	return fmt.Sprintf("%s of a graph of %d nodes and %d edges", strings.Join(parts, " and "), gg.g.Nodes(), gg.g.Succ.Arcs())
}

func (gg *graphGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(gg.spec, catalog.ClosedForm, "%s has no closed form", gg.spec)
	}
	if err := gg.load(opts); err != nil {
		return nil, err
	}
	fields := catalog.Fields(tokens)
	if len(fields) == 0 && gg.problem != nil {
		return gg.answerProblem(ctx, opts)
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("give the nodes holding tokens, e.g. 'grundy solve %s 0' (or --table for every node)", gg.spec)
	}
	if len(fields) > catalog.MaxComponents {
		return nil, fmt.Errorf("too many tokens: %d, at most %d", len(fields), catalog.MaxComponents)
	}
	nodes := make([]int32, len(fields))
	for i, f := range fields {
		v, err := gg.g.Node(f)
		if err != nil {
			return nil, err
		}
		nodes[i] = v
	}
	if len(nodes) > 1 && !gg.g.NormalPlay() {
		return nil, fmt.Errorf("%s fixes the outcome of some terminal nodes, so several tokens do not make a sum that generalized Sprague–Grundy values can solve; give one token", gg.path)
	}
	if err := gg.solve(ctx, opts, len(nodes) == 1, true); err != nil {
		return nil, err
	}
	r := &catalog.Report{Game: gg.spec, Position: gg.names(nodes), Method: gg.method()}
	var val loopy.Value
	if gg.vals != nil {
		val = gg.vals.Sum(nodes)
		if x, ok := val.Nimber(); ok {
			r.Grundy = new(big.Int).SetUint64(x)
		}
		r.Extra = map[string]any{"gsg": val.String()}
		if !val.IsFinite() {
			if len(val.Reach()) == 0 {
				r.Notes = append(r.Notes, "generalized Sprague–Grundy value ∞: infinite, with no finite value one move away")
			} else {
				r.Notes = append(r.Notes, fmt.Sprintf("generalized Sprague–Grundy value %v: infinite; the finite values one move away are listed", val))
			}
		}
	} else {
		r.Notes = append(r.Notes, "the graph fixes outcomes of terminal nodes, so generalized Sprague–Grundy values (which assume normal play) are not given")
	}
	if len(nodes) == 1 {
		v := nodes[0]
		o := gg.res.Outcome[v]
		r.Outcome = o.String()
		if rem := gg.res.Remoteness[v]; rem != retro.NoRemoteness {
			x := int(rem)
			r.Remoteness = &x
		}
		var moves []int32
		seen := map[int32]bool{}
		for _, w := range gg.g.Succ.Out(v) {
			if gg.res.Outcome[w] == outcome.P && !seen[w] {
				seen[w] = true
				moves = append(moves, w)
			}
		}
		r.AddMoves(len(moves), func(i int) string { return gg.g.Name(moves[i]) })
		if gg.vals != nil && val.Outcome() != o {
			return nil, fmt.Errorf("internal error: node %s: γ = %v says %v, retrograde analysis %v", gg.g.Name(v), val, val.Outcome(), o)
		}
		if o == outcome.D {
			var draws []string
			seen := map[int32]bool{}
			for _, w := range gg.g.Succ.Out(v) {
				if gg.res.Outcome[w] == outcome.D && !seen[w] {
					seen[w] = true
					draws = append(draws, gg.g.Name(w))
				}
			}
			gg.addDraws(r, draws)
		}
		return r, nil
	}
	r.Outcome = val.Outcome().String()
	if r.Outcome == outcome.D.String() {
		// Moves that keep the draw: those leaving a sum that is again a
		// draw (every other move leaves an N-position).
		var draws []string
		after := append([]int32(nil), nodes...)
		seen := map[string]bool{}
		for i, v := range nodes {
			for _, w := range gg.g.Succ.Out(v) {
				after[i] = w
				if gg.vals.Sum(after).Outcome() == outcome.D {
					if m := gg.names(after); !seen[m] && len(draws) < maxDrawingMoves {
						seen[m] = true
						draws = append(draws, m)
					}
				}
			}
			after[i] = v
		}
		gg.addDraws(r, draws)
	}
	// Tokens on one vertex are equal components: moving either is one
	// move (catalog.MoveSet).
	moves := catalog.DistinctMoves(gg.vals.WinningMoves(nodes), func(m loopy.Move) (string, []string) {
		return strconv.Itoa(int(nodes[m.Token])), []string{strconv.Itoa(int(m.To))}
	})
	r.AddMoves(len(moves), func(i int) string {
		after := append([]int32(nil), nodes...)
		after[moves[i].Token] = moves[i].To
		return gg.names(after)
	})

	r.Notes = append(r.Notes, "a sum of tokens: the outcome is the generalized Sprague–Grundy theorem's (γ of the sum is the nim-sum, ∞(K)⊕a = ∞(K⊕a), two ∞ give ∞)")
	if err := gg.sumRemoteness(ctx, nodes, val, r, opts); err != nil {
		return nil, err
	}
	return r, nil
}

// maxDrawingMoves bounds the drawing moves a report lists.
const maxDrawingMoves = 1000

// addDraws records the moves that keep a drawn position drawn, as
// "drawing_moves" (the command line lists them for people too).
func (gg *graphGame) addDraws(r *catalog.Report, draws []string) {
	if r.Extra == nil {
		r.Extra = map[string]any{}
	}
	if draws == nil {
		draws = []string{}
	}
	r.Extra["drawing_moves"] = draws
	r.Notes = append(r.Notes, "a draw: with best play the game goes on for ever")
}

// Bounds on the product graph built for the remoteness of a sum.
const (
	maxGraphSumPositions = 1_000_000
	maxGraphSumMoves     = 10_000_000
)

// sumRemoteness finds the remoteness of a sum of tokens, which the tokens'
// values do not determine, by retrograde analysis of the product graph
// when it is small enough; it also checks the outcome found from the
// values against it.
func (gg *graphGame) sumRemoteness(ctx context.Context, nodes []int32, val loopy.Value, r *catalog.Report, opts catalog.Options) error {
	limit := int64(maxGraphSumPositions)
	if opts.MaxStates > 0 {
		limit = int64(opts.MaxStates)
	}
	pw, err := retro.NewPower(gg.g.Succ, len(nodes), limit, maxGraphSumMoves)
	if err != nil {
		r.Notes = append(r.Notes, "the remoteness of a sum is not determined by the tokens' values, and the product graph is too large to search: "+err.Error())
		return nil
	}
	prob, err := pw.Problem()
	if err != nil {
		return err
	}
	ro := retro.Options{}
	if opts.Progress != nil {
		ro.Progress = func(done, _ int) { opts.Progress(done) }
	}
	res, err := retro.Solve(ctx, prob, ro)
	if err != nil {
		return err
	}
	i := pw.Index(nodes)
	if o := res.Outcome[i]; o != val.Outcome() {
		return fmt.Errorf("internal error: tokens %s: γ = %v says %v, the product graph %v", gg.names(nodes), val, val.Outcome(), o)
	}
	if rem := res.Remoteness[i]; rem != retro.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	r.Method += fmt.Sprintf("; remoteness by retrograde analysis of the product graph (%d positions)", prob.Pred.Nodes())
	return nil
}

func (gg *graphGame) names(nodes []int32) string {
	parts := make([]string, len(nodes))
	for i, v := range nodes {
		parts[i] = gg.g.Name(v)
	}
	return strings.Join(parts, " ")
}

// PositionTable lists every node with one token on it: its outcome,
// remoteness and, under normal play, generalized Sprague–Grundy value.
func (gg *graphGame) PositionTable(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.PositionTable, error) {
	if len(catalog.Fields(tokens)) > 0 {
		return nil, fmt.Errorf("--table lists every node of %s; give no position with it", gg.path)
	}
	if err := gg.solve(ctx, opts, true, true); err != nil {
		return nil, err
	}
	n := gg.g.Nodes()
	width := len("position")
	for v := range n {
		width = max(width, len(gg.g.Name(int32(v))))
	}
	caption := "every node with one token on it: outcome for the player to move (N wins, P loses, D draw), remoteness, generalized Sprague–Grundy value"
	if gg.vals == nil {
		caption = "every node with one token on it: outcome for the player to move (N wins, P loses, D draw) and remoteness"
	}
	rows := func(ctx context.Context, emit func(catalog.PositionRow) error) error {
		for v := range int32(n) {
			if v&0xffff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			row := catalog.PositionRow{Position: gg.g.Name(v), Outcome: gg.res.Outcome[v].String()}
			if rem := gg.res.Remoteness[v]; rem != retro.NoRemoteness {
				x := int(rem)
				row.Remoteness = &x
			}
			if gg.vals != nil {
				row.Value = gg.vals.Value(v).String()
			}
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	}
	return &catalog.PositionTable{Game: gg.spec, Caption: caption, HasValues: gg.vals != nil, Width: width, Rows: rows}, nil
}

// answerProblem answers every query of a file in HDU 1524's format, WIN
// or LOSE as the problem prints them (DRAW where a graph has a cycle,
// which the problem rules out), each from the generalized Sprague–Grundy
// value of the sum of its tokens; the report is the first query's, solved
// as any position of the first test case's graph is.
func (gg *graphGame) answerProblem(ctx context.Context, opts catalog.Options) (*catalog.Report, error) {
	var answers []string
	var first []int32
	for i, c := range gg.problem.Cases {
		cg := gg
		if i > 0 {
			cg = &graphGame{spec: gg.spec, path: gg.path, g: c.Graph}
		}
		if len(c.Queries) > 0 && cg.g.Nodes() > int(graphCap(opts)) {
			return nil, budget.Exceed(budget.States, graphCap(opts), "%s: the test case of line %d has %d nodes, more than the limit of %d positions", gg.path, c.Line, cg.g.Nodes(), graphCap(opts))
		}
		for _, q := range c.Queries {
			if cg.vals == nil {
				if err := cg.solve(ctx, opts, false, true); err != nil {
					return nil, err
				}
			}
			if first == nil {
				first = q.Tokens
			}
			switch cg.vals.Sum(q.Tokens).Outcome() {
			case outcome.N:
				answers = append(answers, "WIN")
			case outcome.P:
				answers = append(answers, "LOSE")
			default:
				answers = append(answers, "DRAW")
			}
		}
	}
	if first == nil {
		return nil, fmt.Errorf("%s holds no query: give the nodes holding tokens, e.g. 'grundy solve %s 0'", gg.path, gg.spec)
	}
	names := make([]string, len(first))
	for i, v := range first {
		names[i] = strconv.Itoa(int(v))
	}
	r, err := gg.Solve(ctx, names, opts)
	if err != nil {
		return nil, err
	}
	if r.Extra == nil {
		r.Extra = map[string]any{}
	}
	r.Extra["answers"] = answers
	r.Notes = append(r.Notes, fmt.Sprintf("HDU 1524's input: %d test cases, %d queries, answered in \"answers\" (WIN: the first player wins); the report is the first query's", len(gg.problem.Cases), len(answers)))
	return r, nil
}
