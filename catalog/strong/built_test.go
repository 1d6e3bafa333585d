package strong_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

// published is what is published of a game's whole solution: the
// positions reachable from its start (0 where no count is published in
// the database's terms) and the start's outcome for the player to move.
// Connect-4 (K = 4) from John Tromp's tables (tromp.github.io/c4/c4.html),
// as issue 35 and c4search's trompTable quote them; Teeko and Advanced
// Teeko from Steele; Dobutsu shogi from Tanaka (2009); six and nine men's
// morris from De Clercq and Gasser (1996); Gobblet Gobblers a first-player
// win, as issue 34 quotes it.
var published = map[string]struct {
	positions int64
	start     string
}{
	"tictactoe":      {5_478, "D"},
	"connect4:4x4":   {161_029, "D"},
	"connect4:5x4":   {3_945_711, "D"},
	"connect4:4x5":   {1_706_255, "D"},
	"connect4:5x5":   {69_763_700, "D"},
	"connect4:6x5":   {2_818_972_642, "D"},
	"connect4:6x6":   {69_173_028_785, "P"},
	"connect4:7x5":   {112_829_665_923, "D"},
	"connect4:7x6":   {4_531_985_219_092, "N"},
	"teeko":          {0, "D"},
	"teeko:advanced": {0, "N"},
	"dobutsu":        {0, "P"},
	"morris:6":       {0, "D"},
	"morris:9":       {0, "D"},
	"gobblet":        {0, "N"},
}

// TestBuiltDatabases checks whole databases: three built here (seconds),
// and any built by `grundy db build` that GRUNDY_BUILT_DB names
// (directories separated by commas; such builds take minutes to hours,
// so the default run leaves them out). For each:
//
//   - its count of positions and its start's outcome are the published
//     ones, where published lists the game;
//   - on random play-outs (GRUNDY_BUILT_PLAYOUTS, default 100), every
//     position's answer agrees with its moves' answers as `db explore`
//     reads them from the database: won in 1 + the least remoteness of
//     the lost positions it can move to (and those moves are its winning
//     moves), lost in 1 + the greatest of its moves' (all won), drawn
//     when no move loses and one draws; a position without moves is
//     lost in 0 or drawn. A table that agrees so everywhere is the retrograde
//     analysis's (by induction on remoteness), so this checks a build
//     without building it again, whatever the game;
//   - on Connect-4, one position of each play-out, of at least half the
//     board's stones less four (or the play-out's last before its end
//     when it ends sooner), is answered by the database exactly as
//     `grundy solve` (the search, on boards past retrograde analysis)
//     answers it.
//
// Databases of scores (margins) are checked by their own games' tests.
func TestBuiltDatabases(t *testing.T) {
	dirs := []string{build(t, "tictactoe"), build(t, "connect4:4x4"), build(t, "connect4:5x4")}
	if env := os.Getenv("GRUNDY_BUILT_DB"); env != "" {
		dirs = append(dirs, strings.Split(env, ",")...)
	}
	playouts := 100
	if n, err := strconv.Atoi(os.Getenv("GRUNDY_BUILT_PLAYOUTS")); err == nil && n > 0 {
		playouts = n
	}
	for _, dir := range dirs {
		st, err := strong.ReadStats(dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(st.Game, func(t *testing.T) { checkBuilt(t, dir, st, playouts) })
	}
}

func checkBuilt(t *testing.T, dir string, st *strong.Stats, playouts int) {
	spec := st.Game
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	explore := func(pos string) *catalog.Exploration {
		t.Helper()
		var tokens []string
		if pos != "" {
			tokens = []string{pos}
		}
		x, err := d.Explore(tokens, 1<<20)
		if err != nil {
			t.Fatalf("%s %q: %v", spec, pos, err)
		}
		if !x.MovesCounted || len(x.Moves) != x.MovesTotal {
			t.Fatalf("%s %q: %d of %d moves listed", spec, pos, len(x.Moves), x.MovesTotal)
		}
		return x
	}
	start := explore("")
	if start.Report.Score != nil {
		t.Skipf("%s: a database of scores", spec)
	}
	if pub, ok := published[spec]; ok {
		if pub.positions != 0 && st.Positions != pub.positions {
			t.Errorf("%s: %d positions; published: %d", spec, st.Positions, pub.positions)
		}
		if start.Report.Outcome != pub.start {
			t.Errorf("%s: the start is %s; published: %s", spec, start.Report.Outcome, pub.start)
		}
	} else {
		t.Logf("%s: nothing published to check the count and the start against", spec)
	}
	var w, h int
	_, err = fmt.Sscanf(spec, "connect4:%dx%d", &w, &h)
	c4, cells := err == nil, w*h
	rng := rand.New(rand.NewPCG(35, uint64(st.Positions)))
	checked, searched := 0, 0
	for range playouts {
		pos := start.Report.Position
		var line []string // the play-out's positions with moves
		for ply := 0; ply < 300; ply++ {
			x := explore(pos)
			if a, b := reportSummary(x.Report), fromMoves(t, spec, pos, x); a != b {
				t.Fatalf("%s %q: the database says %s, its moves' answers %s", spec, pos, a, b)
			}
			checked++
			if len(x.Moves) == 0 {
				break
			}
			line = append(line, pos)
			pos = x.Moves[rng.IntN(len(x.Moves))].Position
		}
		if c4 && len(line) > 0 {
			// One position the search answers in milliseconds: past half
			// the board less four stones, or the play-out's last.
			from := min(cells/2-4, len(line)-1)
			sameAsSolve(t, d, inst, []string{line[from+rng.IntN(len(line)-from)]})
			searched++
		}
	}
	t.Logf("%s: %d positions of %d play-outs agree with their moves, %d with the search", spec, checked, playouts, searched)
}

// fromMoves is the summary (reportSummary) of the answer for pos that
// its moves' answers x.Moves give.
func fromMoves(t *testing.T, spec, pos string, x *catalog.Exploration) string {
	t.Helper()
	if len(x.Moves) == 0 {
		// The rules end the game here: a loss or a draw, at once.
		if x.Report.Remoteness != nil && *x.Report.Remoteness == 0 && (x.Report.Outcome == "P" || x.Report.Outcome == "D") {
			return reportSummary(x.Report)
		}
		if x.Report.Outcome == "D" && x.Report.Remoteness == nil {
			return reportSummary(x.Report)
		}
		return "a finished game, not lost or drawn at once"
	}
	best, worst := -1, -1
	var wins []string
	drawn := false
	for _, m := range x.Moves {
		if m.Again || m.Player != "" {
			t.Fatalf("%s %q: move %q is not the mover's, leaving the opponent to move", spec, pos, m.Position)
		}
		switch {
		case m.Outcome == "P" && m.Remoteness != nil:
			wins = append(wins, m.Position)
			if best < 0 || *m.Remoteness < best {
				best = *m.Remoteness
			}
		case m.Outcome == "N" && m.Remoteness != nil:
			worst = max(worst, *m.Remoteness)
		case m.Outcome == "D":
			drawn = true
		default:
			t.Fatalf("%s %q: move to %q: outcome %q, remoteness %v", spec, pos, m.Position, m.Outcome, m.Remoteness)
		}
	}
	rem := func(n int) *int { return &n }
	switch {
	case len(wins) > 0:
		return reportSummary(&catalog.Report{Outcome: "N", Remoteness: rem(best + 1), WinningMoves: wins})
	case drawn:
		return reportSummary(&catalog.Report{Outcome: "D"})
	default:
		return reportSummary(&catalog.Report{Outcome: "P", Remoteness: rem(worst + 1)})
	}
}

// reportSummary is a report's outcome, remoteness and winning moves (as
// a set).
func reportSummary(r *catalog.Report) string {
	rem := "-"
	if r.Remoteness != nil {
		rem = strconv.Itoa(*r.Remoteness)
	}
	return r.Outcome + " " + rem + " " + strings.Join(slices.Sorted(slices.Values(r.WinningMoves)), ",")
}
