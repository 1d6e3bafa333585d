package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
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

// printScoreCounts prints a scored database's positions by margin.
func printScoreCounts(w io.Writer, s *strong.Stats) {
	if s.Scores == nil {
		return
	}
	margins := make([]int, 0, len(s.Scores))
	for k := range maps.Keys(s.Scores) {
		if m, err := strconv.Atoi(k); err == nil {
			margins = append(margins, m)
		}
	}
	slices.Sort(margins)
	fmt.Fprintf(w, "\n  %-10s  %14s   (the final margin for the player to move under perfect play)\n", "score", "positions")
	for _, m := range margins {
		label := fmt.Sprintf("%+d", m)
		if m == 0 {
			label = "0"
		}
		fmt.Fprintf(w, "  %-10s  %14s\n", label, thousands(s.Scores[strconv.Itoa(m)]))
	}
}
