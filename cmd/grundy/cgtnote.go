package main

import (
	"fmt"
	"io"
)

// printCgtNote writes the calculator's note: where grundy read the
// expression otherwise than CGSuite's input would (reports.CGTReport.Note).
func printCgtNote(w io.Writer, note string) {
	fmt.Fprintf(w, "%-13s %s\n", "note", note)
}
