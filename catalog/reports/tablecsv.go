package reports

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/grundy-go/grundy/catalog"
)

// TableCSV writes a table (grundy table --csv) as comma-separated values,
// one line a cell, after a header naming the columns: "n" (or "a,b" for
// a grid), then "grundy", or "outcome,remoteness", or "canonical", as the
// table holds. One line a cell, rather than a grid's rows, keeps every
// kind of table one shape for a spreadsheet or a data frame; an unknown
// remoteness is an empty field. A partizan game's table adds each cell's
// outcome class ("class") beside its canonical form; a table whose cells
// start at First (a cake's 1×1) numbers them from there.
func TableCSV(w io.Writer, t *catalog.Table) error {
	cw := csv.NewWriter(w)
	head := []string{"n"}
	if t.IsGrid() {
		head = []string{"a", "b"}
	}
	var rows int
	rowLen := func(int) int { return 1 }
	var cell func(a, b int) []string
	rem := func(r *int) string {
		if r == nil {
			return ""
		}
		return strconv.Itoa(*r)
	}
	switch {
	case t.Grid != nil:
		head = append(head, "grundy")
		rows, cell = len(t.Grid), func(a, b int) []string { return []string{strconv.FormatInt(t.Grid[a][b], 10)} }
		rowLen = func(a int) int { return len(t.Grid[a]) }
	case t.OutcomeGrid != nil:
		head = append(head, "outcome", "remoteness")
		rows, cell = len(t.OutcomeGrid), func(a, b int) []string { return []string{t.OutcomeGrid[a][b], rem(t.RemotenessGrid[a][b])} }
		rowLen = func(a int) int { return len(t.OutcomeGrid[a]) }
	case t.CanonicalGrid != nil && t.ClassGrid != nil:
		head = append(head, "canonical", "class")
		rows, cell = len(t.CanonicalGrid), func(a, b int) []string { return []string{t.CanonicalGrid[a][b], t.ClassGrid[a][b]} }
		rowLen = func(a int) int { return len(t.CanonicalGrid[a]) }
	case t.CanonicalGrid != nil:
		head = append(head, "canonical")
		rows, cell = len(t.CanonicalGrid), func(a, b int) []string { return []string{t.CanonicalGrid[a][b]} }
		rowLen = func(a int) int { return len(t.CanonicalGrid[a]) }
	case t.Outcomes != nil:
		head = append(head, "outcome", "remoteness")
		rows, cell = len(t.Outcomes), func(a, _ int) []string { return []string{t.Outcomes[a], rem(t.Remoteness[a])} }
	case t.Canonical != nil && t.Classes != nil:
		head = append(head, "canonical", "class")
		rows, cell = len(t.Canonical), func(a, _ int) []string { return []string{t.Canonical[a], t.Classes[a]} }
	case t.Canonical != nil:
		head = append(head, "canonical")
		rows, cell = len(t.Canonical), func(a, _ int) []string { return []string{t.Canonical[a]} }
	default:
		head = append(head, "grundy")
		rows, cell = len(t.Values), func(a, _ int) []string { return []string{strconv.FormatUint(t.Values[a], 10)} }
	}
	cw.Write(head)
	for a := range rows {
		for b := range rowLen(a) {
			rec := []string{strconv.Itoa(t.First + a)}
			if t.IsGrid() {
				rec = append(rec, strconv.Itoa(t.First+b))
			}
			cw.Write(append(rec, cell(a, b)...))
		}
	}
	cw.Flush()
	return cw.Error()
}
