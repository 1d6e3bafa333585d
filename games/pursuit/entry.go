package pursuit

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// maxPursuitFile bounds the size of a pursuit problem file.
const maxPursuitFile = 64 << 20

func init() {
	catalog.Register(catalog.Entry{
		Name: "pursuit",
		// The problem file may come as the parameter or as the position.
		Params:         "FILE",
		OptionalParams: true,
		ReadsFiles:     true,
		Position:       "FILE (- for stdin): the problem's input: 'n m', m lines 'u v' (edges, 1-based), then 'x y' (Alice's and Bob's nodes)",
		Summary: "UVALive 7042: Alice's and Bob's tokens on a directed graph; Bob moves first, each moves their own token " +
			"along an edge; who cannot move loses; if the tokens meet Bob loses; endless play is Alice's loss. " +
			"Bob is the player to move, so N means Bob wins",
		Example: "solve pursuit game.txt",
		Kind:    "loopy",
		Make:    func(path string) (catalog.Instance, error) { return pursuitGame{path: path}, nil },
	})
}

// The instance's optional capabilities.
var _ catalog.PositionTabler = pursuitGame{}

// pursuitGame reads its problem file from the spec (pursuit:FILE) or from
// the position (pursuit FILE).
type pursuitGame struct{ path string }

func (pg pursuitGame) Spec() string {
	if pg.path != "" {
		return "pursuit:" + pg.path
	}
	return "pursuit"
}

func (pg pursuitGame) load(ctx context.Context, tokens []string, opts catalog.Options) (*Game, *retro.Table[Pos], error) {
	if opts.Method == catalog.ClosedForm {
		return nil, nil, catalog.RefuseMethod("pursuit", catalog.ClosedForm, "pursuit has no closed form")
	}
	path := pg.path
	switch {
	case path != "" && len(tokens) > 0:
		return nil, nil, fmt.Errorf("%s names its problem file already; give no position", pg.Spec())
	case path == "" && len(tokens) != 1:
		return nil, nil, fmt.Errorf("expected one position: the problem's input file, got %d arguments", len(tokens))
	case path == "":
		path = tokens[0]
	}
	data, err := readProblem(path)
	if path == "-" {
		path = "stdin"
	}
	if err != nil {
		return nil, nil, err
	}
	if len(data) > maxPursuitFile {
		return nil, nil, fmt.Errorf("%s: more than the %d bytes a pursuit problem may hold", path, maxPursuitFile)
	}
	g, err := Parse(path, data)
	if err != nil {
		return nil, nil, err
	}
	gopts := retroreport.GameOptions(opts)
	tab, err := retro.SolveGame[Pos](ctx, g, gopts)
	if err != nil {
		return nil, nil, err
	}
	return g, tab, nil
}

// fromStdin is the problem read from stdin (pursuit:- or pursuit -): once
// a process. Only the command line reads it: the server looks games up
// with catalog.LookupBuiltin, which refuses games that read files.
var fromStdin = sync.OnceValues(func() ([]byte, error) {
	return io.ReadAll(io.LimitReader(os.Stdin, maxPursuitFile+1))
})

// readProblem reads at most maxPursuitFile+1 bytes of the problem file at
// path, or of stdin when path is "-".
func readProblem(path string) ([]byte, error) {
	if path == "-" {
		return fromStdin()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxPursuitFile+1))
}

func (pg pursuitGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	g, tab, err := pg.load(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	start := g.Start()
	o, rem, _ := tab.Lookup(start)
	r := &catalog.Report{
		Game:     pg.Spec(),
		Position: g.Format(start),
		Outcome:  o.String(),
		Method:   fmt.Sprintf("retrograde analysis of %d positions, endless play a loss for Alice", tab.Len()),
	}
	if rem != retro.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	moves := tab.WinningMoves(start)
	r.AddMoves(len(moves), func(i int) string { return g.Format(moves[i]) })
	bobMoves := make([]int, len(moves))
	for i, m := range moves {
		bobMoves[i] = int(m.Bob) + 1
	}
	r.Extra = map[string]any{"bob_wins": o == outcome.N, "bob_winning_moves": bobMoves}
	switch {
	case o == outcome.N && rem == retro.NoRemoteness:
		r.Notes = append(r.Notes, "Bob wins: Alice can never catch him nor leave him stuck, and endless play is her loss")
	case o == outcome.N:
		r.Notes = append(r.Notes, "Bob wins: he can leave Alice stuck")
	default:
		r.Notes = append(r.Notes, "Alice wins: she can force the tokens to meet or leave Bob stuck")
	}
	return r, nil
}

// PositionTable lists every position of the pursuit problem whose file
// tokens names (or the spec does).
func (pg pursuitGame) PositionTable(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.PositionTable, error) {
	g, tab, err := pg.load(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	res := tab.Result()
	width := len(g.Format(Pos{Alice: int32(g.Nodes() - 1), Bob: int32(g.Nodes() - 1), BobToMove: false}))
	caption := "every position: outcome for the player to move (N wins, P loses), remoteness (- when endless play decides)"
	rows := func(_ context.Context, emit func(catalog.PositionRow) error) error {
		for v := range tab.Len() {
			row := catalog.PositionRow{Position: g.Format(tab.Position(v)), Outcome: res.Outcome[v].String()}
			if rem := res.Remoteness[v]; rem != retro.NoRemoteness {
				x := int(rem)
				row.Remoteness = &x
			}
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	}
	return &catalog.PositionTable{Game: pg.Spec(), Caption: caption, Width: width, Rows: rows}, nil
}
