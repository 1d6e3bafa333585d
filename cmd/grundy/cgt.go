package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/spf13/cobra"
)

// writeSVG writes the thermograph file of --svg.
// It goes through a temporary file that is fsynced and renamed, as every
// file the command writes (atomicfile.go).
func writeSVG(path string, img []byte) error {
	return writeFileAtomic("--svg", path, tableTempPrefix, func(w io.Writer) error {
		_, err := w.Write(img)
		return err
	})
}

// printCgtReport writes the report for people.
func printCgtReport(w io.Writer, r *reports.CGTReport) {
	aw := "undefined (not atomic)"
	if r.AtomicWeight != nil {
		aw = *r.AtomicWeight
	}
	outcomes := map[string]string{
		"L": "Left wins, whoever moves first",
		"R": "Right wins, whoever moves first",
		"N": "the first player wins",
		"P": "the second player wins",
	}
	if r.Game != "" {
		fmt.Fprintf(w, "%-13s %s %s\n", "position", r.Game, r.Position)
	}
	if r.Sum != nil {
		printSumReport(w, r, outcomes)
		return
	}
	if r.ValueTooLong {
		fmt.Fprintf(w, "%-13s %s\n", "value", reports.ValueTooLongText)
	} else {
		fmt.Fprintf(w, "%-13s %s\n", "value", r.Value)
	}
	fmt.Fprintf(w, "%-13s %s (%s)\n", "outcome", r.Outcome, outcomes[r.Outcome])
	fmt.Fprintf(w, "%-13s %s\n", "birthday", r.Birthday)
	fmt.Fprintf(w, "%-13s %s\n", "left stop", r.LeftStop)
	fmt.Fprintf(w, "%-13s %s\n", "right stop", r.RightStop)
	fmt.Fprintf(w, "%-13s %s\n", "mean", r.Mean)
	fmt.Fprintf(w, "%-13s %s\n", "temperature", r.Temperature)
	fmt.Fprintf(w, "%-13s %s\n", "atomic weight", aw)
	p := r.Properties
	if p == nil {
		return
	}
	row := func(name, v string) { fmt.Fprintf(w, "%-22s %s\n", name, v) }
	yes := func(name string, b bool) { row(name, fmt.Sprint(b)) }
	row("companion", p.Companion)
	if p.Followers != "" {
		row("followers", p.Followers)
	}
	row("follower count", p.FollowerCount)
	row("freeze", p.Freeze)
	row("incentives", p.Incentives)
	row("left incentives", p.LeftIncentives)
	row("right incentives", p.RightIncentives)
	row("left options", p.LeftOptions)
	row("right options", p.RightOptions)
	row("reduced canonical form", p.ReducedCanonicalForm)
	row("stop count", p.StopCount)
	if p.UptimalExpansion != "" {
		row("uptimal expansion", p.UptimalExpansion)
	}
	yes("all-small", p.IsAllSmall)
	yes("atomic", p.IsAtomic)
	yes("even", p.IsEven)
	yes("odd", p.IsOdd)
	yes("even-tempered", p.IsEvenTempered)
	yes("odd-tempered", p.IsOddTempered)
	yes("infinitesimal", p.IsInfinitesimal)
	yes("integer", p.IsInteger)
	yes("nimber", p.IsNimber)
	yes("number", p.IsNumber)
	yes("numberish", p.IsNumberish)
	yes("number-tiny", p.IsNumberTiny)
	yes("ordinal", p.IsOrdinal)
	yes("switch", p.IsSwitch)
	yes("uptimal", p.IsUptimal)
}

func newCgtCmd() *cobra.Command {
	var asJSON, all, misereForms bool
	var universe string
	var svg string
	maxMemory := budget.DefaultMemory()
	cmd := &cobra.Command{
		Use:   "cgt EXPR",
		Short: "Calculate with short partizan games in CGSuite's notation",
		Long: `Evaluate a partizan game written in CGSuite's notation and print its
canonical form, outcome class, birthday, stops, mean, temperature and
atomic weight; or decide a comparison between two games.

Notation (CGSuite's; what it prints reads back): 0  *  *3  ^  v  ^*  ^^
^3  1/2  -3/4  +-1  3+-1  +-(1,2)  +-{1,{2|1}}  {1|*}  {2|0||-1}
(CGSuite's slashes: {2|0||-1} is {{2|0}|-1}), Tiny(x)  Miny(x)  2Tiny(2)
(= 2 + Tiny(2)), ^<n> (the up-nth: ^<2> = {0|v*}), ^[n] (= ^ + ^<2> +
... + ^<n>), quoted games '{-1|1}' (valued by their canonical form),
exact numbers of any size (numerators below 2^16384, denominators up to
2^4096); sums G + H, differences G - H, negation -G, ordinal sums G:H;
CGSuite's arithmetic: G * n and n * G (n copies), x * y, x / y, x % y,
x ^ n on numbers (3 * 5 is 15, 2 ^ 3 is 8, (1/2)^4 is 1/16), *(n), ^(n).
A number written solid with a star or ups, 3*5 or 2^3, is read as
CGSuite prints x + *5 and x + 3 ups; CGSuite's input reads it as a
product or a power, and the answer says so in a note.
Quoted games '{*|*}' keep their form where it matters: ordinal sums,
ConjunctiveSum, SelectiveSum, OrdinalProduct, Subordinate ('{*|*}':3
is ^[3], though '{*|*}' = 0). SelectiveSum is Conway's (a move in one
component or both, and the compound goes on); CGSuiteSelectiveSum is
CGSuite's (after the first move the sum is disjunctive or conjunctive).
Methods, as CGSuite writes them (G.Name, G.Name(args), Name(G, args),
and G Name H for one argument):
` + reports.CGTFunctionNames() + `.
Those that give no game (G.IsInfinitesimal, G.Options(Left),
G.OutcomeClass, G.UptimalExpansion) print their value; JSON {"result"}.
"3+-1" is 3 ± 1 = {4|2}; write "3 + -1" for 2.
Comparisons: G == H, G <= H, G >= H, G < H, G > H, G || H or G <> H
(confused), G <| H (less or confused), G |> H (greater or confused).
--all adds every CGSuite property: companion, followers, freeze,
incentives, options, reduced canonical form, stop count, uptimal
expansion and the predicates (with --json, under "properties").
--misere reads and writes impartial misère canonical forms instead, in
CGSuite's notation: *[n] a nim heap, *[a,b,...] the game with those
options ([2] inside is the game whose one option is *[2]: *[[2],0]), sums
with +, and G == H; printed as CGSuite does (*[2#0]; *[2[2]] is
*[2] + *[2]), with the misere outcome class, birthday, genus, nim value
and misere nim value (--all: mate, options, parts, partitions, phylum and
CGSuite's is_ predicates).
--misere with a partizan form ({0|*}, {{|1}|}, 1, ^, v, sums G+H, the
conjugate -G, comparisons ==, !=, >=, <=, >, <, ||) computes in general
misère play (Siegel's misère canonical forms, all games, a player who
cannot move winning): the misère canonical form, the outcome class (L, R,
N or P), birthday, options and conjugate. An expression of nim heaps
alone (*2 + *3) is read by the impartial theory above, where * + * = 0;
in general play {*|*} is not 0.
--misere --universe dicot compares and reduces partizan forms modulo
dicots instead (games in which every non-zero position lets both players
move, Clobber's): G >= H when G + X is at least as good for Left as H + X
for every dicot X, by the maintenance-and-proviso test (Siegel, "On the
general dead-ending universe of partizan games", 2025, §5; Larsson,
Milley, Nowakowski, Renault and Santos, 2018). There * + * = 0. The value
printed is a reduced form equal modulo dicots, not a dicot canonical
form (options reversible through 0 are kept).
--max-memory SIZE bounds the memory of the games' tables (default half
the machine's): a larger computation stops with an error that names it.

Outcome classes: L (Left wins whoever starts), R (Right wins), N (the
first player wins), P (the second player wins). Fractions are exact.

Loopy games (package cgt/stopper), in CGSuite's notation: on  off  over
under  upon  dud, pass inside braces ({pass|3/2}), labelled loops
(a{0|a}, a{0|b{a|*}}), 3/2under (= 3/2 + under), sided values G & H
(onside of G, offside of H). A stopper is printed in simplest form, any
other game as onside & offside; sums of sided values add side by side.
Outcomes of loopy games add D (a draw) and PHat, PCheck, NHat, NCheck
(a draw for one player moving first). --all adds the stops, options,
followers, degree, variety and CGSuite's predicates.`,
		Example: "  grundy cgt \"{2|0||-1} + ^*\"\n  grundy cgt \"{0|*} == ^\"\n  grundy cgt \"{3||2*|1*}\" --json --svg thermo.svg",
		// Expressions often start with '-' ("-3/4 + ^"), so flags are read
		// here: --json, --svg FILE, --help, and "--" ends them.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			var rest []string
			for i := 0; i < len(args); i++ {
				a := args[i]
				switch {
				case a == "--":
					rest = append(rest, args[i+1:]...)
					i = len(args)
				case a == "--json":
					asJSON = true
				case a == "--all":
					all = true
				case a == "--misere":
					misereForms = true
				case a == "--universe" || strings.HasPrefix(a, "--universe="):
					v, ok := strings.CutPrefix(a, "--universe=")
					if !ok {
						if i+1 >= len(args) {
							return fmt.Errorf("--universe needs a name: general or dicot")
						}
						v = args[i+1]
						i++
					}
					universe = v
				case a == "--svg":
					if i+1 >= len(args) {
						return fmt.Errorf("--svg needs a file name")
					}
					svg = args[i+1]
					i++
				case strings.HasPrefix(a, "--svg="):
					svg = strings.TrimPrefix(a, "--svg=")
				case a == "--max-memory" || strings.HasPrefix(a, "--max-memory="):
					v, ok := strings.CutPrefix(a, "--max-memory=")
					if !ok {
						if i+1 >= len(args) {
							return fmt.Errorf("--max-memory needs a size such as 4GiB")
						}
						v = args[i+1]
						i++
					}
					if err := (&byteSize{&maxMemory}).Set(v); err != nil {
						return fmt.Errorf("bad --max-memory %q: %w (see 'grundy cgt --help')", v, err)
					}
				case a == "-h" || a == "--help":
					return cmd.Help()
				case strings.HasPrefix(a, "--"):
					return fmt.Errorf("unknown flag %s (see 'grundy cgt --help')", a)
				default:
					rest = append(rest, a)
				}
			}
			if len(rest) == 0 {
				return fmt.Errorf("no expression given (see 'grundy cgt --help')")
			}
			expr := strings.Join(rest, " ")
			budget.SetProcessLimit(maxMemory)
			mem := budget.NewBytes(maxMemory)
			if err := checkUniverse(universe, misereForms); err != nil {
				return err
			}
			if misereForms && universe == "dicot" {
				return runMisereDicotCgt(cmd, expr, svg, asJSON, all, mem)
			}
			if misereForms {
				return runMisereCgt(cmd, expr, svg, asJSON, all, mem)
			}
			r, err := reports.CGT(cmd.Context(), expr, reports.CGTOptions{Thermograph: svg != "", Properties: all, Memory: mem})
			if errors.Is(err, reports.ErrThermographOfComparison) {
				return fmt.Errorf("--svg draws one game, not a comparison")
			}
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if !asJSON && r.Note != "" {
				defer printCgtNote(out, r.Note)
			}
			if v := r.Result; v != nil && !asJSON {
				fmt.Fprintf(out, "%s\t(%s)\n", v.Text, v.Kind)
				return nil
			}
			if c := r.Comparison; c != nil {
				if asJSON {
					return writeJSON(out, r)
				}
				fmt.Fprintf(out, "%v\t(%s %s %s)\n", c.Result, c.Left, c.Op, c.Right)
				return nil
			}
			if svg != "" {
				if err := writeSVG(svg, r.Thermograph); err != nil {
					return err
				}
			}
			if asJSON {
				return writeJSON(out, r)
			}
			if r.Loopy != nil {
				printLoopyReport(out, r.Loopy)
				return nil
			}
			printCgtReport(out, r)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	cmd.Flags().BoolVar(&all, "all", false, "also print every CGSuite property of the game")
	cmd.Flags().BoolVar(&misereForms, "misere", false, "misère canonical forms: impartial *[2#0] (CGSuite's notation), partizan {0|*} (general misère play)")
	cmd.Flags().StringVar(&svg, "svg", "", "also draw the thermograph into this SVG file")
	cmd.Flags().StringVar(&universe, "universe", "", "with --misere: general (all games, the default) or dicot (modulo dicots)")
	cmd.Flags().Var(&byteSize{&maxMemory}, "max-memory", "memory the games' tables may use, e.g. 4GiB (default half the machine's)")
	return cmd
}
