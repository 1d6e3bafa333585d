package othello

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

func lookup(t *testing.T, spec string) catalog.Instance {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// TestCatalogSolve checks solve's report of 4x4 from the start and after
// a move, and its errors.
func TestCatalogSolve(t *testing.T) {
	inst := lookup(t, "othello:4x4")
	r, err := inst.Solve(context.Background(), nil, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != "P" || r.Score == nil || *r.Score != -10 || len(r.WinningMoves) != 0 {
		t.Fatalf("4x4 start: %+v", r)
	}
	js, _ := json.Marshal(r)
	want := `"score":-10,"move_scores":[{"move":"b1","position":".b../.bb./.bw./....:w","score":-10},`
	if !strings.Contains(string(js), want) {
		t.Fatalf("4x4 start's JSON %s lacks %s", js, want)
	}
	// A position where Black wins: the scores of the moves, and the
	// winning moves those of positive score.
	r, err = inst.Solve(context.Background(), []string{"..../.wb./.bw./...b:b"}, catalog.Options{})
	if err != nil || r.Outcome != "N" || *r.Score != 16 || len(r.WinningMoves) != 3 {
		t.Fatalf("..../.wb./.bw./...b:b: %+v, %v", r, err)
	}
	for _, bad := range []struct{ spec, pos, text string }{
		{"othello", "", "needs parameters: othello:WxH"},
		{"othello:5x4", "", "must be even"},
		{"othello:10x10", "", "from 4 to 8"},
		{"othello:4x4", "..../.w../.bw./....:b", "cell c2 is empty"},
	} {
		inst, err := catalog.Lookup(bad.spec)
		if err == nil {
			_, err = inst.Solve(context.Background(), []string{bad.pos}, catalog.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), bad.text) {
			t.Errorf("%s %q: %v, want %q", bad.spec, bad.pos, err, bad.text)
		}
	}
	_, err = inst.Solve(context.Background(), []string{"..../.wq./.bw./....:b"}, catalog.Options{})
	var bi *budget.BadInput
	if !errors.As(err, &bi) || bi.Offset != 7 {
		t.Errorf("a bad cell: %v", err)
	}
	six := lookup(t, "othello:6x6")
	if _, ok := six.(catalog.Starter); ok {
		t.Error("6x6 offers its start to the explorer, which would search for hours")
	}
	_, err = six.Solve(context.Background(), nil, catalog.Options{MaxNodes: 1 << 16})
	if !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("6x6 bounded to 2^16 nodes: %v", err)
	}
}

// TestExplore checks the explorer's moves: labels, the board each leaves,
// and the scores for the player to move there.
func TestExplore(t *testing.T) {
	inst := lookup(t, "othello:4x4")
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("no explorer")
	}
	e, err := x.Explore(context.Background(), []string{"..../.wb./.bw./....:b"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	catalog.LabelMoves(inst, e)
	var labels []string
	for _, m := range e.Moves {
		labels = append(labels, m.Label)
		if m.Score == nil || *m.Score != 10 || m.Outcome != "N" || m.Board == nil {
			t.Errorf("move %s: score %v, outcome %s, board %v", m.Label, m.Score, m.Outcome, m.Board)
		}
	}
	if strings.Join(labels, " ") != "b1 a2 d3 c4" || e.Board.Kind != catalog.BoardGrid || e.Board.Rows[1] != ".wb." {
		t.Fatalf("the start's moves %v, board %+v", labels, e.Board)
	}
	// A forced pass: White has no move on this board, Black has.
	e, err = x.Explore(context.Background(), []string{"bbbb/bbbb/bbww/....:w"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	catalog.LabelMoves(inst, e)
	if len(e.Moves) != 1 || e.Moves[0].Label != "pass" {
		t.Fatalf("a forced pass: %+v", e.Moves)
	}
}

// TestDatabase builds the 4x4 database and checks it against the plain
// rules (plain_test.go): the positions it holds are exactly those that
// play reaches from the start, and each one's outcome is the sign of
// the plain minimax's margin.
func TestDatabase(t *testing.T) {
	inst := lookup(t, "othello:4x4")
	dir := t.TempDir()
	if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// Every position reachable by the plain rules, with its margin.
	memo := map[string]int{}
	var value func(p plainBoard) int
	value = func(p plainBoard) int {
		key := p.text()
		if v, ok := memo[key]; ok {
			return v
		}
		var v int
		moves := p.legal(p.mover())
		switch {
		case len(moves) > 0:
			v = -1000
			for _, m := range moves {
				v = max(v, -value(p.play(m)))
			}
		case len(p.legal(other(p.mover()))) > 0:
			q := p
			q.white = !q.white
			v = -value(q)
		default:
			v = p.margin()
		}
		memo[key] = v
		return v
	}
	value(plainStart(4, 4))
	m := d.Manifest()
	var held int64
	for _, tier := range m.Tiers {
		c := tier.Count
		held += c.Draw + c.EndlessWin + c.EndlessLose
		for _, n := range c.Win {
			held += n
		}
		for _, n := range c.Lose {
			held += n
		}
	}
	if held != int64(len(memo)) {
		t.Fatalf("the database holds %d positions; play reaches %d", held, len(memo))
	}
	for text, v := range memo {
		r, err := d.Query([]string{text})
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if want := outcomeOf(v); r.Outcome != want {
			t.Fatalf("%s: the database says %s, the plain minimax %s (margin %d)", text, r.Outcome, want, v)
		}
		if r.Score == nil || *r.Score != v {
			t.Fatalf("%s: the database's margin %v, the plain minimax's %d", text, r.Score, v)
		}
	}
	t.Logf("4x4: %d positions reachable, each with the plain minimax's outcome and margin", len(memo))
}
