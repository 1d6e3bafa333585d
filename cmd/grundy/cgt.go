package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/cgt"
)

// cgtMaxSteps bounds the work of one calculator run (see cgt.Space.MaxSteps).
const cgtMaxSteps = 200_000_000

// maxValueText bounds the canonical form written out.
const maxValueText = 4 << 20

// cgtReport is the JSON contract of 'grundy cgt' and 'grundy value':
// exact fractions as strings, atomic_weight null where undefined.
type cgtReport struct {
	Game         string  `json:"game,omitempty"`
	Position     string  `json:"position,omitempty"`
	Value        string  `json:"value"`
	Outcome      string  `json:"outcome"`
	Birthday     int64   `json:"birthday"`
	LeftStop     string  `json:"left_stop"`
	RightStop    string  `json:"right_stop"`
	Mean         string  `json:"mean"`
	Temperature  string  `json:"temperature"`
	AtomicWeight *string `json:"atomic_weight"`
}

// describe computes the properties of g; limits become errors.
func describeGame(s *cgt.Space, g cgt.Game) (r cgtReport, err error) {
	str, ok := s.StringLimit(g, maxValueText)
	if !ok {
		return r, fmt.Errorf("the canonical form is longer than %d MB to write out; its properties are too big to show", maxValueText>>20)
	}
	o, err := s.Outcome(g)
	if err != nil {
		return r, err
	}
	mean, err := s.Mean(g)
	if err != nil {
		return r, err
	}
	temp, err := s.Temperature(g)
	if err != nil {
		return r, err
	}
	r = cgtReport{
		Value:       str,
		Outcome:     o.String(),
		Birthday:    s.Birthday(g),
		LeftStop:    s.LeftStop(g).String(),
		RightStop:   s.RightStop(g).String(),
		Mean:        mean.String(),
		Temperature: temp.String(),
	}
	w, ok, err := s.AtomicWeight(g)
	if err != nil {
		return r, err
	}
	if ok {
		str := s.String(w)
		r.AtomicWeight = &str
	}
	return r, nil
}

// printReport writes the report for people.
func printCgtReport(w io.Writer, r cgtReport) {
	aw := "undefined (not an all-small game)"
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
	fmt.Fprintf(w, "%-13s %s\n", "value", r.Value)
	fmt.Fprintf(w, "%-13s %s (%s)\n", "outcome", r.Outcome, outcomes[r.Outcome])
	fmt.Fprintf(w, "%-13s %d\n", "birthday", r.Birthday)
	fmt.Fprintf(w, "%-13s %s\n", "left stop", r.LeftStop)
	fmt.Fprintf(w, "%-13s %s\n", "right stop", r.RightStop)
	fmt.Fprintf(w, "%-13s %s\n", "mean", r.Mean)
	fmt.Fprintf(w, "%-13s %s\n", "temperature", r.Temperature)
	fmt.Fprintf(w, "%-13s %s\n", "atomic weight", aw)
}

func newCgtSpace(ctx context.Context) *cgt.Space {
	s := cgt.NewSpace()
	s.MaxSteps = cgtMaxSteps
	s.Context = ctx
	return s
}

func newCgtCmd() *cobra.Command {
	var asJSON bool
	var svg string
	cmd := &cobra.Command{
		Use:   "cgt EXPR",
		Short: "Calculate with short partizan games in CGSuite's notation",
		Long: `Evaluate a partizan game written in CGSuite's notation and print its
canonical form, outcome class, birthday, stops, mean, temperature and
atomic weight; or decide a comparison between two games.

Notation: 0  *  *3  ^  v  ^*  ^^  ^3  1/2  -3/4  +-1  3+-1  +-(1,2)
{1|*}  {2|0||-1} (CGSuite's slashes: {2|0||-1} is {{2|0}|-1})
Tiny(x)  Miny(x), sums G + H, differences G - H, negation -G, ordinal
sums G:H, products by an integer after ')' or '}' ((G)*3 = G+G+G, so
(*+*)*3 is 0; 1*3 is 1 + *3), and Cool(G,t), Heat(G,t), Norton(G,U),
AtomicWeight(G).
"3+-1" is 3 ± 1 = {4|2}; write "3 + -1" for 2.
Comparisons: G == H, G <= H, G >= H, G < H, G > H, G || H (confused).

Outcome classes: L (Left wins whoever starts), R (Right wins), N (the
first player wins), P (the second player wins). Fractions are exact.`,
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
				case a == "--svg":
					if i+1 >= len(args) {
						return fmt.Errorf("--svg needs a file name")
					}
					svg = args[i+1]
					i++
				case strings.HasPrefix(a, "--svg="):
					svg = strings.TrimPrefix(a, "--svg=")
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
			s := newCgtSpace(cmd.Context())
			g, op, h, err := s.ParseComparison(expr)
			if err != nil {
				return fmt.Errorf("bad expression %q: %w", shorten(expr), err)
			}
			out := cmd.OutOrStdout()
			if op != "" {
				if svg != "" {
					return fmt.Errorf("--svg draws one game, not a comparison")
				}
				res, err := s.Compare(g, op, h)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(out, map[string]bool{"result": res})
				}
				fmt.Fprintf(out, "%v\t(%s %s %s)\n", res, s.String(g), op, s.String(h))
				return nil
			}
			r, err := describeGame(s, g)
			if err != nil {
				return err
			}
			if svg != "" {
				if err := writeThermograph(s, g, svg); err != nil {
					return err
				}
			}
			if asJSON {
				return writeJSON(out, r)
			}
			printCgtReport(out, r)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	cmd.Flags().StringVar(&svg, "svg", "", "also draw the thermograph into this SVG file")
	return cmd
}

// writeThermograph draws g's thermograph into the SVG file path.
func writeThermograph(s *cgt.Space, g cgt.Game, path string) error {
	img, err := s.ThermographSVG(g)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, img, 0o644); err != nil {
		return fmt.Errorf("--svg: %w", err)
	}
	return nil
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
