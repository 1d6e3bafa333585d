package strong_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/quixo"
	"github.com/grundy-go/grundy/games/tictactoe"

	_ "github.com/grundy-go/grundy/catalog/builtin"
)

func build(t *testing.T, spec string) string {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Game != spec {
		t.Fatalf("built %s, want %s", res.Game, spec)
	}
	return dir
}

// sameAsSolve checks that the database answers for a position exactly as
// `grundy solve` does (the JSON fields).
func sameAsSolve(t *testing.T, d *strong.DB, inst catalog.Instance, tokens []string) {
	t.Helper()
	want, err := inst.Solve(context.Background(), tokens, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.Query(tokens)
	if err != nil {
		t.Fatalf("%q: %v", tokens, err)
	}
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	if !bytes.Equal(w, g) {
		t.Fatalf("%q:\ndatabase %s\nsolve    %s", tokens, g, w)
	}
}

func TestTicTacToeEveryPosition(t *testing.T) {
	dir := build(t, "tictactoe")
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	inst, _ := catalog.Lookup("tictactoe")
	n := 0
	for p := range (tictactoe.Game{}).From(0) {
		sameAsSolve(t, d, inst, []string{tictactoe.Game{}.Format(p)})
		n++
	}
	if n != 5478 {
		t.Errorf("%d positions compared", n)
	}
	st, err := strong.ReadStats(dir)
	if err != nil {
		t.Fatal(err)
	}
	if st.Positions != 5478 || st.Outcomes != (strong.Outcomes{N: 2836, P: 1574, D: 1068}) {
		t.Errorf("stats: %d positions, %+v", st.Positions, st.Outcomes)
	}
	b, _ := json.Marshal(st)
	if !strings.Contains(string(b), `"remoteness":{"0":{"N":0,"P":`) {
		t.Errorf("stats JSON: %s", b)
	}
	// The start, and a board no play reaches.
	if r, err := d.Query(nil); err != nil || r.Position != "........." || r.Outcome != "D" {
		t.Errorf("start: %+v, %v", r, err)
	}
	var bad *budget.BadInput
	if _, err := d.Query([]string{"XXX......"}); !errors.As(err, &bad) {
		t.Errorf("unreachable board: %v", err)
	}
}

func TestConnect4Sample(t *testing.T) {
	const spec = "connect4:4x4"
	dir := build(t, spec)
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	inst, _ := catalog.Lookup(spec)
	g, _ := connect4.New(4, 4, 4)
	r := rand.New(rand.NewPCG(1, 2))
	sameAsSolve(t, d, inst, nil)
	for range 300 {
		// Random play, 7 moves or more (solve's own search of earlier
		// positions is slow), stopping where the game ends.
		var moves []byte
		b := connect4.Board{}
		for n := 7 + r.IntN(10); len(moves) < n && !g.Over(b); {
			c := r.IntN(4)
			if !g.S.CanPlay(b, c) {
				continue
			}
			b = g.S.Play(b, c)
			moves = append(moves, byte('1'+c))
		}
		sameAsSolve(t, d, inst, []string{string(moves)})
	}
	st, err := strong.ReadStats(dir)
	if err != nil || st.Positions != 161029 || len(st.Tiers) != 17 {
		t.Fatalf("stats: %+v, %v", st, err)
	}
}

func TestErrors(t *testing.T) {
	nim, _ := catalog.Lookup("nim")
	if _, err := strong.Build(context.Background(), nim, t.TempDir(), strong.BuildOptions{}); !errors.Is(err, strong.ErrNotTierable) {
		t.Errorf("nim: %v", err)
	}
	dir := build(t, "tictactoe")
	c4, _ := catalog.Lookup("connect4:4x4")
	if _, err := strong.Build(context.Background(), c4, dir, strong.BuildOptions{}); err == nil || !strings.Contains(err.Error(), "tictactoe") {
		t.Errorf("building over another game: %v", err)
	}
	if _, err := strong.Query(t.TempDir(), nil); err == nil || !strings.Contains(err.Error(), "not a grundy database") {
		t.Errorf("empty dir: %v", err)
	}
	mem := budget.NewBytes(1000)
	if _, err := strong.Build(context.Background(), c4, t.TempDir(), strong.BuildOptions{Memory: mem}); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("memory budget: %v", err)
	}
	if mem.Used() != 0 {
		t.Errorf("%d bytes still charged after the build stopped", mem.Used())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := strong.Build(ctx, c4, t.TempDir(), strong.BuildOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestQuixo3 compares the database with solve on positions of random
// play (a loopy game: solve's own retrograde analysis of all it reaches)
// and their images under the square's symmetries: quixo:3 ranks one
// position of each orbit (quixo ranking v2), so a position and its image
// answer the same, with the winning moves mapped.
func TestQuixo3(t *testing.T) {
	const spec = "quixo:3"
	dir := build(t, spec)
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	inst, _ := catalog.Lookup(spec)
	g, _ := quixo.New(3)
	r := rand.New(rand.NewPCG(3, 4))
	sameAsSolve(t, d, inst, nil)
	for range 40 {
		p := quixo.Pos(0)
		for range r.IntN(12) {
			moves := g.AppendMoves(nil, p)
			if len(moves) == 0 {
				break
			}
			p = moves[r.IntN(len(moves))]
		}
		sameAsSolve(t, d, inst, []string{g.Format(p)})
		s := 1 + r.IntN(7)
		img := g.Image(p, s)
		sameAsSolve(t, d, inst, []string{g.Format(img)})
		sameUnderImage(t, d, g.Format(p), g.Format(img), func(text string) string {
			q, err := g.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			return g.Format(g.Image(q, s))
		})
	}
	st, err := strong.ReadStats(dir)
	if err != nil || st.Records*6 > st.Positions {
		t.Fatalf("stats %+v, %v: want about an eighth as many records as positions", st, err)
	}
	t.Logf("%s: %d positions, %d records, %.3f bytes a position before compression", spec, st.Positions, st.Records, st.RawPerPosition)
}

// TestFromTicTacToe: a database built from a position (BuildOptions.From,
// db build --from) answers for every position reachable from it exactly
// as the whole game's database does, and for the start of the game with
// a one-line error saying that the database does not hold it.
func TestFromTicTacToe(t *testing.T) {
	whole, err := strong.Open(build(t, "tictactoe"))
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	inst, _ := catalog.Lookup("tictactoe")
	g := tictactoe.Game{}
	rng := rand.New(rand.NewPCG(34, 3))
	for range 8 {
		p := tictactoe.Pos(0)
		for range 1 + rng.IntN(5) {
			var kids []tictactoe.Pos
			for q := range g.Moves(p) {
				kids = append(kids, q)
			}
			if len(kids) == 0 {
				break
			}
			p = kids[rng.IntN(len(kids))]
		}
		text := g.Format(p)
		dir := t.TempDir()
		if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{From: []string{text}}); err != nil {
			t.Fatalf("--from %s: %v", text, err)
		}
		d, err := strong.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for q := range g.From(p) {
			tokens := []string{g.Format(q)}
			want, err1 := whole.Query(tokens)
			got, err2 := d.Query(tokens)
			if err1 != nil || err2 != nil {
				t.Fatalf("--from %s: %s: %v, %v", text, tokens[0], err1, err2)
			}
			w, _ := json.Marshal(want)
			gj, _ := json.Marshal(got)
			if !bytes.Equal(w, gj) {
				t.Fatalf("--from %s: %s:\nfrom  %s\nwhole %s", text, tokens[0], gj, w)
			}
			n++
		}
		if p != 0 {
			_, err := d.Query([]string{"........."})
			var bad *budget.BadInput
			if !errors.As(err, &bad) || !strings.Contains(err.Error(), "reachable from "+text) {
				t.Errorf("--from %s: the empty board: %v", text, err)
			}
		}
		d.Close()
		if n < 1 {
			t.Errorf("--from %s: no position compared", text)
		}
	}
}
