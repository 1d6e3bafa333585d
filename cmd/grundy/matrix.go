package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/spf13/cobra"
)

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
			rep, err := reports.Matrix(cmd.Context(), r, reports.MatrixOptions{})
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), rep)
			}
			printMatrix(cmd.OutOrStdout(), rep)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

func printMatrix(w io.Writer, r *reports.MatrixReport) {
	fmt.Fprintf(w, "matrix game  %d rows × %d columns\n", r.Rows, r.Columns)
	if r.Verified {
		fmt.Fprintf(w, "  value            %s = %.6g (what the row player secures; verified exactly)\n", r.Value, r.Value.Float64())
	} else {
		fmt.Fprintf(w, "  value            between %s and %s (≈ %.6g; the simplex's strategies could not be made exact)\n", r.Lower, r.Upper, r.Value.Float64())
	}
	show := func(label string, strategy []reports.Number) {
		var parts []string
		for i, x := range strategy {
			if s := x.String(); s != "0" {
				parts = append(parts, fmt.Sprintf("%d: %s", i+1, s))
			}
		}
		fmt.Fprintf(w, "  %-16s %s\n", label, strings.Join(parts, "  "))
	}
	show("row player", r.RowStrategy)
	show("column player", r.ColumnStrategy)
	fmt.Fprintf(w, "  (a strategy lists each row or column played with its probability; the others are never played)\n")
}
