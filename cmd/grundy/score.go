package main

import (
	"fmt"
	"io"

	"github.com/grundy-go/grundy/catalog"
)

// printScore prints the margin of a game with scores (Report.Score) as
// people say it: "wins by N".
func printScore(w io.Writer, r *catalog.Report) {
	if r.Score == nil {
		return
	}
	switch s := *r.Score; {
	case s > 0:
		fmt.Fprintf(w, "  score       %+d: the player to move wins by %d under perfect play (each player maximising its margin)\n", s, s)
	case s < 0:
		fmt.Fprintf(w, "  score       %d: the player to move loses by %d under perfect play (each player maximising its margin)\n", s, -s)
	default:
		fmt.Fprintf(w, "  score       0: a tie under perfect play\n")
	}
}
