package retroreport

import (
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// base is p's report from tab without its moves: outcome, remoteness
// and the method.
func base[P comparable](spec string, tab *retro.Table[P], p P, format func(P) string) (*catalog.Report, outcome.Outcome) {
	o, rem, _ := tab.Lookup(p)
	r := &catalog.Report{
		Game:     spec,
		Position: format(p),
		Outcome:  o.String(),
		Method:   fmt.Sprintf("retrograde analysis of the positions reachable (%d); endless play is a draw", tab.Len()),
	}
	if rem != retro.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	return r, o
}

// Report is p's report from tab, the solution of every position p
// reaches: the winning moves as the positions they leave, each once (two
// moves may leave one position), in the game's order, and for a drawn
// position the drawing moves likewise.
func Report[P comparable](spec string, tab *retro.Table[P], p P, format func(P) string) *catalog.Report {
	r, o := base(spec, tab, p, format)
	wins := distinct(tab.WinningMoves(p), format)
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	if o == outcome.D {
		r.Extra = map[string]any{"drawing_moves": distinct(tab.DrawingMoves(p), format)}
	}
	return r
}

// distinct is the positions ps written, each once, in their order; never
// nil.
func distinct[P comparable](ps []P, format func(P) string) []string {
	out := []string{}
	seen := map[P]bool{}
	for _, q := range ps {
		if !seen[q] {
			seen[q] = true
			out = append(out, format(q))
		}
	}
	return out
}

// Labelled is p's report from tab for a game whose moves have names:
// each move, in the order each calls f with it and the position q it
// leaves, is winning or (from a drawn p) drawing by q's outcome; the
// report lists the positions they leave and, as winning_labels and
// drawing_labels, their names, with a note of the winning ones' names.
func Labelled[P comparable, M any](spec string, tab *retro.Table[P], p P, format func(P) string, each func(p P, f func(m M, q P)), label func(M) string) *catalog.Report {
	r, o := base(spec, tab, p, format)
	var wins, draws []M
	var winPos, drawPos []P
	each(p, func(m M, q P) {
		switch qo, _, _ := tab.Lookup(q); {
		case qo == outcome.P:
			wins, winPos = append(wins, m), append(winPos, q)
		case qo == outcome.D && o == outcome.D:
			draws, drawPos = append(draws, m), append(drawPos, q)
		}
	})
	names := func(ms []M) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = label(m)
		}
		return out
	}
	r.AddMoves(len(winPos), func(i int) string { return format(winPos[i]) })
	r.Extra = map[string]any{"winning_labels": names(wins)}
	if o == outcome.D {
		ds := make([]string, len(drawPos))
		for i, q := range drawPos {
			ds[i] = format(q)
		}
		r.Extra["drawing_moves"] = ds
		r.Extra["drawing_labels"] = names(draws)
	}
	if len(wins) > 0 {
		r.Notes = append(r.Notes, "winning moves: "+strings.Join(names(wins), " "))
	}
	return r
}
