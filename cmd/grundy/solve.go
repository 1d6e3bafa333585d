package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
)

// solveFlags are the flags of commands that solve positions.
type solveFlags struct {
	json     bool
	method   string
	tieBreak string
	float    bool
	limits   limitFlags
	search   treeSearchFlags
	payoffs  bool // --tie-break and --float are registered
}

// register adds --json, --method and the limits; withPayoffs adds the
// flags of games with payoffs (--tie-break, --float).
func (f *solveFlags) register(cmd *cobra.Command, withPayoffs bool) {
	jsonFlag(cmd, &f.json)
	cmd.Flags().StringVar(&f.method, "method", "auto", "how to solve: auto (closed form where known), closed, or search")
	f.limits.register(cmd, "positions")
	f.search.register(cmd)
	if withPayoffs {
		f.payoffs = true
		cmd.Flags().StringVar(&f.tieBreak, "tie-break", "first", "payoff games: how a player chooses among equally good moves: first, last, spiteful (worst for the others) or generous (best for the others)")
		cmd.Flags().BoolVar(&f.float, "float", false, "payoff games: compute in float64 instead of exact fractions")
	}
}

func (f *solveFlags) options(p *progress) (catalog.Options, error) {
	opts := catalog.Options{Progress: func(n int) { p.Report(n, "positions") }}
	f.limits.options(&opts)
	f.search.options(&opts)
	var err error
	if opts.Method, err = parseMethod(f.method); err != nil {
		return opts, err
	}
	if f.payoffs {
		tie, err := catalog.ParseTieBreak(f.tieBreak)
		if err != nil {
			return opts, fmt.Errorf("bad --tie-break: %w", err)
		}
		opts.TieBreak, opts.Float = tie, f.float
	}
	return opts, nil
}

// checkPayoffFlags refuses --tie-break and --float for a built-in game
// without payoffs or chance, where they would change nothing.
func checkPayoffFlags(cmd *cobra.Command, spec string) error {
	e := entryOf(spec)
	if e == nil || e.Kind == "payoff" || e.Kind == "chance" {
		return nil // a script may have payoffs; see payoffNote
	}
	for _, name := range []string{"float", "tie-break"} {
		if cmd.Flags().Changed(name) {
			return fmt.Errorf("--%s is for games with payoffs or chance; %s has neither (see 'grundy games')", name, e.Name)
		}
	}
	return nil
}

// payoffNote says that --tie-break or --float changed nothing in a
// script's report without payoffs.
func payoffNote(cmd *cobra.Command, r *catalog.Report) {
	if r.Payoff != nil || r.Value != nil {
		return
	}
	for _, name := range []string{"float", "tie-break"} {
		if cmd.Flags().Changed(name) {
			r.Notes = append(r.Notes, "--"+name+" changed nothing: this game has no payoffs or chance")
		}
	}
}

func newSolveCmd() *cobra.Command {
	var flags solveFlags
	var script scriptArgs
	var table bool
	var dbDir string
	var misere bool
	var compoundKind string
	cmd := &cobra.Command{
		Use:   "solve GAME [POSITION...]",
		Short: "Say who wins a position under perfect play, and which moves win",
		Long: `Solve a position of a game: its outcome (N: the player to move wins,
P: the previous player wins, D: a draw), its Sprague–Grundy value, its
remoteness (how long the game lasts when the winner hurries and the loser
delays), and every winning move.

GAME is a built-in name with optional parameters (nim, subtract:1,3,4,
moore:2; see 'grundy games'). The position follows as plain numbers or a
quoted string; several heaps make a sum.

With --compound KIND the POSITION arguments are the components of a
compound of impartial games (Winning Ways ch. 9), each argument one
component written as solve reads a position of GAME (quote it, or join
its numbers with commas: 'wythoff 3,5 2,7'); a game script's components
may instead be one Starlark tuple of them, --pos '((1, 2), (3, 4))'.
KIND is conjunctive (a move is a move in every component; play ends as
soon as any is over; decided by the components' remoteness, the least
wins), continued (a move in every component not yet over; play ends when
all are; decided by suspense numbers, the greatest wins) or selective (a
move in any non-empty set of components; a P-position exactly when every
component is). Positions and winning moves are whole compounds, the
components joined by " / ".`,
		Example:           "  grundy solve nim 3 4 5\n  grundy solve wythoff 3 5 --json\n  grundy solve subtract:1,3,4 10 11 12\n  grundy solve subtract:1,2 5 7 9 --compound conjunctive",
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: completeGame(nil),
		RunE: func(cmd *cobra.Command, args []string) error {
			inst, err := catalog.Lookup(args[0])
			if err != nil {
				return err
			}
			if misere && (dbDir != "" || table) {
				return fmt.Errorf("--misere does not go with --db or --table: they answer under normal play")
			}
			if compoundKind != "" && (misere || dbDir != "" || table) {
				return fmt.Errorf("--compound does not go with --misere, --db or --table")
			}
			if dbDir != "" {
				return solveFromDB(cmd, inst, dbDir, args[1:], flags.json)
			}
			if err := checkPayoffFlags(cmd, args[0]); err != nil {
				return err
			}
			p := newProgress()
			opts, err := flags.options(p)
			if err != nil {
				return err
			}
			if err := script.apply(args[0], &opts); err != nil {
				return err
			}
			if opts.PositionExpr != "" && len(args) > 1 {
				return fmt.Errorf("give the position either after the script or with --pos, not both")
			}
			ctx, cancel := flags.limits.context(cmd.Context())
			defer cancel()
			if table {
				tabler, ok := inst.(catalog.PositionTabler)
				if !ok {
					return fmt.Errorf("game %q has no position table: --table is for graph:FILE and pursuit", inst.Spec())
				}
				t, err := tabler.PositionTable(ctx, args[1:], opts)
				if err == nil {
					err = writePositionTable(ctx, cmd.OutOrStdout(), t, flags.json)
				}
				p.Done()
				return timedOut(ctx, err)
			}
			if compoundKind != "" {
				report, err := solveCompound(ctx, inst, compoundKind, args[1:], opts)
				p.Done()
				if err != nil {
					return timedOut(ctx, err)
				}
				if flags.json {
					return writeJSON(cmd.OutOrStdout(), report)
				}
				printReport(cmd.OutOrStdout(), report)
				return nil
			}
			solve, err := solverFor(inst, misere)
			if err != nil {
				return err
			}
			report, err := solve(ctx, args[1:], opts)
			p.Done()
			if err != nil {
				return timedOut(ctx, err)
			}
			payoffNote(cmd, report)
			if flags.json {
				return writeJSON(cmd.OutOrStdout(), report)
			}
			printLabelled(cmd.OutOrStdout(), inst, args[1:], report)
			return nil
		},
	}
	flags.register(cmd, true)
	script.register(cmd, true)
	cmd.Flags().StringVar(&dbDir, "db", "", "answer from the database in `DIR` (grundy db build), without searching")
	cmd.Flags().BoolVar(&table, "table", false, "list every position with its outcome, remoteness and value (graph:FILE, pursuit)")
	cmd.Flags().StringVar(&compoundKind, "compound", "", "impartial games: solve the POSITION arguments as the components of a `KIND` of compound: conjunctive, continued or selective")
	cmd.Flags().BoolVar(&misere, "misere", false, "play misère (whoever makes the last move loses): impartial games, and partizan games and scripts by their misère forms; see also 'grundy quotient'")
	return cmd
}

// maxMovesShown bounds the winning moves listed for people; --json lists
// all of them.
const maxMovesShown = 20

// printLabelled prints a report with its winning moves named as players
// say them where the game names them (catalog.LabelPositions, the
// explorer's labels): "column 4 (→ 2321)".
func printLabelled(w io.Writer, inst catalog.Instance, tokens []string, r *catalog.Report) {
	var labels []string
	if n := min(len(r.WinningMoves), maxMovesShown); n > 0 {
		labels = catalog.LabelPositions(inst, r.Position, tokens, r.WinningMoves[:n], heapGame(inst.Spec()))
	}
	printReportLabels(w, r, labels)
}

// heapGame reports whether spec names an impartial built-in game, whose
// positions of numbers are heap sizes.
func heapGame(spec string) bool {
	name, _, _ := strings.Cut(spec, ":")
	for _, e := range catalog.Entries() {
		if e.Name == name || slices.Contains(e.Aliases, name) {
			return e.Kind == "impartial"
		}
	}
	return false
}

func printReport(w io.Writer, r *catalog.Report) { printReportLabels(w, r, nil) }

// printReportLabels prints a report for people; labels, when given, name
// the first winning moves (one each, "" for one without a name).
func printReportLabels(w io.Writer, r *catalog.Report, labels []string) {
	fmt.Fprintf(w, "%s  %s\n", r.Game, r.Position)
	if desc := r.DescribeOutcome(); desc != "" {
		fmt.Fprintf(w, "  outcome     %s: %s\n", r.Outcome, desc)
	} else {
		fmt.Fprintf(w, "  outcome     %s\n", r.Outcome)
	}
	printScore(w, r)
	if r.Value != nil {
		fmt.Fprintf(w, "  value       %v\n", r.Value)
	}
	if r.Payoff != nil {
		fmt.Fprintf(w, "  payoff      %v\n", r.Payoff)
	}
	if r.Grundy != nil {
		fmt.Fprintf(w, "  grundy      %s (the position is worth a Nim heap of this size)\n", r.Grundy)
	}
	if r.Remoteness != nil {
		fmt.Fprintf(w, "  remoteness  %d (moves left under perfect play: the winner hurries, the loser delays)\n", *r.Remoteness)
	}
	printCompound(w, r)
	switch n := len(r.WinningMoves); {
	case n == 0 && r.Outcome == "N":
		// Some games win without a listed move (a closed form may not
		// construct one); say nothing false.
	case n == 0:
		fmt.Fprintf(w, "  winning moves: none\n")
	default:
		label := fmt.Sprintf("winning moves (%d)", n)
		switch {
		case r.MovesIncomplete && r.MoveCount > n:
			label = fmt.Sprintf("winning moves (%d in all; the first %d)", r.MoveCount, n)
		case r.MovesIncomplete:
			label = fmt.Sprintf("winning moves (%d shown; the position is too large to list all)", n)
		}
		fmt.Fprintf(w, "  %s, each to the position it leaves:\n", label)
		for i, m := range r.WinningMoves {
			if i == maxMovesShown {
				if r.MovesIncomplete {
					fmt.Fprintf(w, "    … and %d more of these %d (--json lists them)\n", n-maxMovesShown, n)
				} else {
					fmt.Fprintf(w, "    … and %d more (--json lists all)\n", n-maxMovesShown)
				}
				break
			}
			if i < len(labels) && labels[i] != "" {
				fmt.Fprintf(w, "    %s (→ %s)\n", labels[i], m)
				continue
			}
			fmt.Fprintf(w, "    %s\n", m)
		}
	}
	printDrawingMoves(w, r)
	if answers, ok := r.Extra["answers"].([]string); ok {
		// A contest file's queries (graph:FILE in HDU 1524's format),
		// one line each, as the problem prints them.
		fmt.Fprintf(w, "  answers (%d), one a query:\n", len(answers))
		for _, a := range answers {
			fmt.Fprintf(w, "    %s\n", a)
		}
	}
	if r.Method != "" {
		fmt.Fprintf(w, "  found by    %s\n", r.Method)
	}
	for _, note := range r.Notes {
		fmt.Fprintf(w, "  note        %s\n", strings.TrimSpace(note))
	}
}

// printDrawingMoves lists a report's drawing moves (its JSON's
// "drawing_moves": a loopy game's moves that keep a draw where no move
// wins; a partizan one's marked L: or R: for the side that has them),
// named as players say them where the report has "drawing_labels".
func printDrawingMoves(w io.Writer, r *catalog.Report) {
	draws, _ := r.Extra["drawing_moves"].([]string)
	if len(draws) == 0 {
		return
	}
	labels, _ := r.Extra["drawing_labels"].([]string)
	fmt.Fprintf(w, "  drawing moves (%d), each to the position it leaves (they keep the draw):\n", len(draws))
	for i, m := range draws {
		if i == maxMovesShown {
			fmt.Fprintf(w, "    … and %d more (--json lists all)\n", len(draws)-maxMovesShown)
			break
		}
		if i < len(labels) && labels[i] != "" {
			fmt.Fprintf(w, "    %s (→ %s)\n", labels[i], m)
			continue
		}
		fmt.Fprintf(w, "    %s\n", m)
	}
}

// writePositionTable writes a position table (solve --table) as it
// streams: one JSON object {"game", "caption", "positions": [{"position",
// "outcome", "remoteness", "value"}…]} with asJSON, else aligned text.
func writePositionTable(ctx context.Context, w io.Writer, t *catalog.PositionTable, asJSON bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	first := true
	var err error
	if asJSON {
		g, _ := json.Marshal(t.Game)
		c, _ := json.Marshal(t.Caption)
		fmt.Fprintf(bw, `{"game":%s,"caption":%s,"positions":[`, catalog.PlainJSON(g), catalog.PlainJSON(c))
		err = t.Rows(ctx, func(r catalog.PositionRow) error {
			if !first {
				bw.WriteByte(',')
			}
			first = false
			b, err := json.Marshal(r)
			if err != nil {
				return err
			}
			_, err = bw.Write(catalog.PlainJSON(b))
			return err
		})
		bw.WriteString("]}\n")
	} else {
		fmt.Fprintf(bw, "%s: %s\n", t.Game, t.Caption)
		if t.HasValues {
			fmt.Fprintf(bw, "%-*s  outcome  remoteness  value\n", t.Width, "position")
		} else {
			fmt.Fprintf(bw, "%-*s  outcome  remoteness\n", t.Width, "position")
		}
		err = t.Rows(ctx, func(r catalog.PositionRow) error {
			rem := "-"
			if r.Remoteness != nil {
				rem = fmt.Sprint(*r.Remoteness)
			}
			var err error
			if t.HasValues {
				_, err = fmt.Fprintf(bw, "%-*s  %-7s  %-10s  %s\n", t.Width, r.Position, r.Outcome, rem, r.Value)
			} else {
				_, err = fmt.Fprintf(bw, "%-*s  %-7s  %s\n", t.Width, r.Position, r.Outcome, rem)
			}
			return err
		})
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}
