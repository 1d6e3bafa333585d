package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/matrix"
)

// matrixReport is the JSON of 'grundy matrix': DESIGN.md's contract
// (value, row_strategy, column_strategy as numbers) plus the exact
// fractions and whether the equilibrium was verified exactly.
type matrixReport struct {
	Value          float64   `json:"value"`
	RowStrategy    []float64 `json:"row_strategy"`
	ColumnStrategy []float64 `json:"column_strategy"`
	Verified       bool      `json:"verified"`
	Exact          struct {
		Value          string   `json:"value"`
		RowStrategy    []string `json:"row_strategy"`
		ColumnStrategy []string `json:"column_strategy"`
		Lower          string   `json:"lower"`
		Upper          string   `json:"upper"`
	} `json:"exact"`
}

func newMatrixCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "matrix FILE",
		Short: "Solve a two-player zero-sum matrix game: its value and optimal mixed strategies",
		Long: `Solve the matrix game in FILE ("-" for standard input): one row a line,
the row player's payoffs separated by white space (integers, decimals such
as -1.5 or 2e3, or fractions such as 2/3); blank lines and text after '#'
are ignored. The column player pays the row player the entry where their
choices meet.

The value and optimal strategies come from linear programming (gonum's
simplex) and are then made exact and checked: "verified" means every
equilibrium inequality was confirmed in exact rational arithmetic, and the
"exact" fields hold the fractions.`,
		Example: "  grundy matrix rps.txt\n  printf '1 -1\\n-1 1\\n' | grundy matrix - --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var r io.Reader = cmd.InOrStdin()
			name := "standard input"
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				r, name = f, args[0]
			}
			m, err := matrix.Parse(r)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			sol, err := matrix.Solve(cmd.Context(), m)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			var rep matrixReport
			rep.Value = matrix.Float(sol.Value)
			rep.RowStrategy = matrix.Floats(sol.Row)
			rep.ColumnStrategy = matrix.Floats(sol.Col)
			rep.Verified = sol.Verified
			rep.Exact.Value = sol.Value.RatString()
			rep.Exact.Lower = sol.Lower.RatString()
			rep.Exact.Upper = sol.Upper.RatString()
			for _, x := range sol.Row {
				rep.Exact.RowStrategy = append(rep.Exact.RowStrategy, x.RatString())
			}
			for _, x := range sol.Col {
				rep.Exact.ColumnStrategy = append(rep.Exact.ColumnStrategy, x.RatString())
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), rep)
			}
			printMatrix(cmd.OutOrStdout(), m, &rep)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

func printMatrix(w io.Writer, m *matrix.Matrix, r *matrixReport) {
	fmt.Fprintf(w, "matrix game  %d rows × %d columns\n", m.Rows(), m.Cols())
	if r.Verified {
		fmt.Fprintf(w, "  value            %s = %.6g (what the row player secures; verified exactly)\n", r.Exact.Value, r.Value)
	} else {
		fmt.Fprintf(w, "  value            between %s and %s (≈ %.6g; the simplex's strategies could not be made exact)\n", r.Exact.Lower, r.Exact.Upper, r.Value)
	}
	show := func(label string, exact []string) {
		var parts []string
		for i, x := range exact {
			if x != "0" {
				parts = append(parts, fmt.Sprintf("%d: %s", i+1, x))
			}
		}
		fmt.Fprintf(w, "  %-16s %s\n", label, strings.Join(parts, "  "))
	}
	show("row player", r.Exact.RowStrategy)
	show("column player", r.Exact.ColumnStrategy)
	fmt.Fprintf(w, "  (a strategy lists each row or column played with its probability; the others are never played)\n")
}
