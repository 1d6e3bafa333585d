package morris

import (
	"bytes"
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// unmoveRules are rules the catalog does not name, for the tests of
// un-moves: Lasker's rule and flying on the smaller boards, where whole
// tiers and whole databases are small enough to check.
var unmoveRules = []struct {
	spec  string
	rules Rules
}{
	{"morris:6:lasker(test)", Rules{Board: board6, Men: 6, Removal: true, Lasker: true}},
	{"morris:6:lasker:fly(test)", Rules{Board: board6, Men: 6, Removal: true, Lasker: true, Fly: true}},
	{"morris:6:4men(test)", Rules{Board: board6, Men: 4, Removal: true}},
	{"morris:6:4men:fly(test)", Rules{Board: board6, Men: 4, Removal: true, Fly: true}},
	{"morris:6:4men:lasker(test)", Rules{Board: board6, Men: 4, Removal: true, Lasker: true}},
	{"morris:6:4men:lasker:fly(test)", Rules{Board: board6, Men: 4, Removal: true, Lasker: true, Fly: true}},
	{"morris:3:lasker(test)", Rules{Board: board3, Men: 3, Lasker: true}},
	{"morris:6:3men:lasker(test)", Rules{Board: board6, Men: 3, Removal: true, Lasker: true}},
	{"morris:6:3men:lasker:fly(test)", Rules{Board: board6, Men: 3, Removal: true, Lasker: true, Fly: true}},
	{"morris:12:lasker(test)", Rules{Board: board12, Men: 12, Removal: true, Lasker: true, Fly: true}},
}

// unmoveGames are every catalog variant and the rules above.
func unmoveGames(t *testing.T) []*Game {
	var gs []*Game
	for _, spec := range append(slices.Clone(specs), "9:nofly:lasker", "12:nofly", "3:diag:fly") {
		gs = append(gs, mustGame(t, spec))
	}
	for _, c := range unmoveRules {
		gs = append(gs, New(c.spec, c.rules))
	}
	return gs
}

// randomTierPosition is a position with random men on the board and in
// hand (hands empty half the time, so that men move), legal or not: the
// counts fit the game, nothing more.
func randomTierPosition(g *Game, rng *rand.Rand) Pos {
	n := g.Board.N()
	nw := rng.IntN(min(g.Men, n) + 1)
	nb := rng.IntN(min(g.Men, n-nw) + 1)
	perm := rng.Perm(n)
	var w, b uint32
	for _, i := range perm[:nw] {
		w |= 1 << i
	}
	for _, i := range perm[nw : nw+nb] {
		b |= 1 << i
	}
	wh, bh := 0, 0
	if rng.IntN(2) == 0 {
		wh = rng.IntN(g.Men - nw + 1)
		bh = rng.IntN(g.Men - nb + 1)
	}
	return makePos(w, b, wh, bh, rng.IntN(2) == 1)
}

// gamePositions are positions met on random games from the start.
func gamePositions(g *Game, rng *rand.Rand, games, plies int) []Pos {
	var out []Pos
	var kids []Pos
	for range games {
		p := g.Start()
		for range plies {
			out = append(out, p)
			kids = g.AppendMoves(kids[:0], p)
			if len(kids) == 0 {
				break
			}
			p = kids[rng.IntN(len(kids))]
		}
	}
	return out
}

// handsAllowTurn is false for a position whose turn its hands
// contradict: without Lasker's rule a player with no man in hand never
// moves while the other still has one to place. No play reaches such a
// position, and the ranking folds the turn there (the board with the
// other player to move has its rank), so un-moves leave them out.
func handsAllowTurn(g *Game, p Pos) bool {
	if g.Lasker {
		return true
	}
	wh, bh := p.Hands()
	mine, other := wh, bh
	if p.BlackToMove() {
		mine, other = bh, wh
	}
	return !(mine == 0 && other > 0)
}

// TestUnmovesUndoMoves: on positions of random games and random
// positions (legal or not) of every variant, each move that stays in
// its tier has its position among the un-moves of the position it
// leaves (the very position, not one of its orbit), and each un-move of
// a position is in its tier, listed once, and has a move to it.
func TestUnmovesUndoMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 9))
	games, random := 40, 4000
	if testing.Short() {
		games, random = 10, 1000
	}
	for _, g := range unmoveGames(t) {
		ps := gamePositions(g, rng, games, 150)
		for range random {
			ps = append(ps, randomTierPosition(g, rng))
		}
		var ms, us []Pos
		moves, unmoves := 0, 0
		for _, p := range ps {
			tp := g.TierOf(p)
			if !handsAllowTurn(g, p) {
				continue // no play reaches p, and its rank is another's
			}
			ms = g.AppendMoves(ms[:0], p)
			for _, q := range ms {
				if g.TierOf(q) != tp {
					continue
				}
				us = g.AppendUnmoves(us[:0], q)
				if !slices.Contains(us, p) {
					t.Fatalf("%s: %s → %s: the un-moves of %s leave out %s", g.Spec(), g.Format(p), g.Format(q), g.Format(q), g.Format(p))
				}
				moves++
			}
			us = g.AppendUnmoves(us[:0], p)
			for i, u := range us {
				if g.TierOf(u) != tp {
					t.Fatalf("%s: the un-move %s of %s is in tier %s, not %s", g.Spec(), g.Format(u), g.Format(p), g.TierName(g.TierOf(u)), g.TierName(tp))
				}
				if slices.Contains(us[:i], u) {
					t.Fatalf("%s: the un-move %s of %s listed twice", g.Spec(), g.Format(u), g.Format(p))
				}
				if !slices.Contains(g.AppendMoves(ms[:0], u), p) {
					t.Fatalf("%s: %s is an un-move of %s but has no move to it", g.Spec(), g.Format(u), g.Format(p))
				}
				unmoves++
			}
		}
		if moves < 1000 || unmoves < 1000 {
			t.Errorf("%s: only %d moves and %d un-moves checked", g.Spec(), moves, unmoves)
		}
	}
}

// eachSubset calls f with every set of k points among the set s.
func eachSubset(s uint32, k int, f func(uint32)) {
	if k == 0 {
		f(0)
		return
	}
	if bits.OnesCount32(s) < k {
		return
	}
	low := s & -s
	eachSubset(s&^low, k-1, func(sub uint32) { f(sub | low) })
	eachSubset(s&^low, k, f)
}

// TestUnmovesExactly: on whole tiers, every position with its men and
// hands as the tier says, legal or not, the un-moves of each position
// are exactly the positions of the tier with a move to it, found by
// making every move of every position of the tier (the plain search the
// un-moves are the reverse of). The parents are compared per position
// through their count and a sum of 64-bit hashes of the pairs (so that
// the tiers of the larger boards need no list of them).
// GRUNDY_MORRIS_LONG=1 adds larger tiers of every board.
func TestUnmovesExactly(t *testing.T) {
	lasker6 := New("morris:6:lasker(test)", Rules{Board: board6, Men: 6, Removal: true, Lasker: true})
	lasker3 := New("morris:3:lasker(test)", Rules{Board: board3, Men: 3, Lasker: true})
	cases := []struct {
		game           *Game
		wh, bh, wb, bb int
	}{
		{mustGame(t, "3"), 0, 0, 3, 3},
		{mustGame(t, "3:diag"), 0, 0, 3, 3},
		{mustGame(t, "3:fly"), 0, 0, 3, 3},
		{mustGame(t, "3:fly"), 0, 1, 3, 2},
		{lasker3, 1, 0, 2, 3},
		{lasker3, 1, 1, 2, 2},
		{mustGame(t, "6"), 0, 0, 3, 3},
		{mustGame(t, "6:fly"), 0, 1, 3, 2},
		{lasker6, 2, 1, 3, 3},
		// Black has no man on the board: White's mills remove nothing.
		{lasker6, 0, 4, 4, 0},
		{New("morris:6:lasker:fly(test)", Rules{Board: board6, Men: 6, Removal: true, Lasker: true, Fly: true}), 0, 3, 3, 2},
		{mustGame(t, "9:nofly"), 0, 1, 3, 2},
	}
	if os.Getenv("GRUNDY_MORRIS_LONG") != "" {
		// Millions of positions each: a minute of CPU in all.
		cases = append(cases, []struct {
			game           *Game
			wh, bh, wb, bb int
		}{
			{mustGame(t, "6"), 0, 0, 5, 4},
			{mustGame(t, "6:fly"), 0, 0, 3, 4},
			{mustGame(t, "12:nofly"), 0, 1, 3, 2},
			{mustGame(t, "9"), 0, 1, 3, 2},
			{mustGame(t, "9:lasker"), 1, 1, 3, 2},
		}...)
	}
	mix := func(p, q Pos) uint64 {
		z := uint64(p)*0x9e3779b97f4a7c15 ^ uint64(q)
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	type sum struct{ n, h uint64 }
	for _, c := range cases {
		g := c.game
		tr := MakeTier(c.wh, c.bh, c.wb, c.bb)
		var all []Pos
		full := g.Board.Full()
		eachSubset(full, c.wb, func(w uint32) {
			eachSubset(full&^w, c.bb, func(b uint32) {
				all = append(all, makePos(w, b, c.wh, c.bh, false), makePos(w, b, c.wh, c.bh, true))
			})
		})
		parents := make(map[Pos]sum)
		var ms []Pos
		inTier := 0
		for _, p := range all {
			if !handsAllowTurn(g, p) {
				continue
			}
			ms = g.AppendMoves(ms[:0], p)
			for _, q := range ms {
				if rawTier(q) == tr { // the counts: un-moves keep them
					s := parents[q]
					parents[q] = sum{s.n + 1, s.h + mix(p, q)}
					inTier++
				}
			}
		}
		var us []Pos
		for _, q := range all {
			us = g.AppendUnmoves(us[:0], q)
			var got sum
			for i, u := range us {
				if slices.Contains(us[:i], u) {
					t.Fatalf("%s: %s: the un-move %s listed twice", g.Spec(), g.Format(q), g.Format(u))
				}
				got = sum{got.n + 1, got.h + mix(u, q)}
			}
			if want := parents[q]; got != want {
				t.Fatalf("%s tier %s: %s: %d un-moves, %d positions with a move to it (or others)", g.Spec(), g.TierName(tr), g.Format(q), got.n, want.n)
			}
		}
		// Without Lasker's rule a tier with a man in hand has no move
		// that stays in it between positions play reaches: the hands
		// decide the turn, and the player with men in hand places.
		if handsDecide := !g.Lasker && c.wh+c.bh > 0; inTier == 0 && !handsDecide {
			t.Errorf("%s tier %s: no move stays in the tier", g.Spec(), g.TierName(tr))
		} else if inTier > 0 && handsDecide {
			t.Errorf("%s tier %s: %d moves stay in the tier, where the hands decide the turn", g.Spec(), g.TierName(tr), inTier)
		}
		t.Logf("%s tier %s: %d positions, %d moves inside the tier", g.Spec(), g.TierName(tr), len(all), inTier)
	}
}

// graphPath is the game without its un-moves: the method of that name
// with another signature hides Game's, so the tier solver solves the
// loopy tiers by their graph.
type graphPath struct{ *Game }

func (graphPath) AppendUnmoves() {}

// TestUnmoveDatabaseSameBytes: databases built by un-moves and by the
// tiers' graphs are the same files, byte for byte, on three men's morris
// (each variant, and with Lasker's rule) and on six men's board with
// three men each under Lasker's rule, flying and not.
// GRUNDY_MORRIS_LONG=1 adds six men's board with four men each (flying
// and Lasker's rule on and off), six men's morris itself with and
// without flying, and with Lasker's rule (minutes each under load).
func TestUnmoveDatabaseSameBytes(t *testing.T) {
	if _, ok := any(graphPath{}).(game.TierUnmover[Pos]); ok {
		t.Fatal("graphPath still lists un-moves")
	}
	var gs []*Game
	for _, spec := range []string{"3", "3:fly", "3:diag"} {
		gs = append(gs, mustGame(t, spec))
	}
	long := os.Getenv("GRUNDY_MORRIS_LONG") != ""
	for _, c := range unmoveRules {
		if c.rules.Men == 3 || long && c.rules.Men == 4 {
			gs = append(gs, New(c.spec, c.rules))
		}
	}
	if long {
		gs = append(gs, mustGame(t, "6"), mustGame(t, "6:fly"), New(unmoveRules[0].spec, unmoveRules[0].rules))
	}
	for _, g := range gs {
		a, na := buildFiles(t, g, g, "levels")
		b, nb := buildFiles(t, g, graphPath{g}, "graph")
		if len(a) != len(b) || na != nb {
			t.Fatalf("%s: %d files and %d positions by un-moves, %d and %d by the graph", g.Spec(), len(a), na, len(b), nb)
		}
		for name, data := range a {
			if !bytes.Equal(data, b[name]) {
				t.Fatalf("%s: %s differs between the un-move and the graph builds", g.Spec(), name)
			}
		}
		t.Logf("%s: %d files, %d positions, the same bytes", g.Spec(), len(a), na)
	}
}

// buildFiles builds tg (g or a wrapper of it), checks that the build
// went through the pass step (the un-move solver's "levels" or the
// graph path's "graph"), and reads every file of the database and
// counts its positions.
func buildFiles(t *testing.T, g *Game, tg game.Tiered[Pos], step string) (map[string][]byte, int64) {
	t.Helper()
	return buildFilesFrom(t, g, tg, step, g.Start())
}

// buildFilesFrom is buildFiles for the positions reachable from start.
func buildFilesFrom(t *testing.T, g *Game, tg game.Tiered[Pos], step string, start Pos) (map[string][]byte, int64) {
	t.Helper()
	dir := t.TempDir()
	b, err := db.Create(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	res, err := tier.SolveFrom(context.Background(), tg, start, b, tier.Options{Workers: 2, Progress: func(p tier.Progress) {
		seen = seen || p.Step == step
	}})
	b.Close()
	if err != nil {
		t.Fatalf("%s: %v", g.Spec(), err)
	}
	if !seen {
		t.Fatalf("%s: the build never went through the step %q", g.Spec(), step)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = data
	}
	return files, res.Count.Positions()
}

// movingPositions are positions of random games of g where the player
// to move moves a man (hands empty), the tier solver's loopy tiers.
func movingPositions(g *Game, n int) []Pos {
	rng := rand.New(rand.NewPCG(7, 34))
	var out []Pos
	for len(out) < n {
		for _, p := range gamePositions(g, rng, 1, 300) {
			if wh, bh := p.Hands(); wh == 0 && bh == 0 && !g.Over(p) && len(out) < n {
				out = append(out, p)
			}
		}
	}
	return out
}

// benchSolverWork is the tier solver's work per position of a loopy
// tier on one path: unrank it, list its moves (expand) or its un-moves
// (unmove), and rank each.
func benchSolverWork(b *testing.B, spec string, unmove bool) {
	g := mustGame(b, spec)
	ps := movingPositions(g, 1<<12)
	type rt struct {
		t game.Tier
		r int64
	}
	ranks := make([]rt, len(ps))
	for i, p := range ps {
		c := g.Canonical(p)
		ranks[i] = rt{g.TierOf(c), g.TierRank(c)}
	}
	var buf []Pos
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		x := ranks[i%len(ranks)]
		p, ok := g.TierUnrank(x.t, x.r)
		if !ok {
			b.Fatal("unrank")
		}
		if unmove {
			buf = g.AppendUnmoves(buf[:0], p)
		} else {
			buf = g.AppendMoves(buf[:0], p)
		}
		for _, q := range buf {
			_ = g.TierRank(q)
		}
		n += len(buf)
	}
	b.ReportMetric(float64(n)/float64(b.N), "positions/op")
}

func BenchmarkExpand9(b *testing.B) { benchSolverWork(b, "9", false) }
func BenchmarkUnmove9(b *testing.B) { benchSolverWork(b, "9", true) }
func BenchmarkExpand6(b *testing.B) { benchSolverWork(b, "6", false) }
func BenchmarkUnmove6(b *testing.B) { benchSolverWork(b, "6", true) }

// BenchmarkUnmoveOnly9 is AppendUnmoves alone, without the ranks.
func BenchmarkUnmoveOnly9(b *testing.B) {
	g := mustGame(b, "9")
	ps := movingPositions(g, 1<<12)
	var buf []Pos
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = g.AppendUnmoves(buf[:0], ps[i%len(ps)])
	}
}

// TestHasMoves: the solver's test for a position without moves
// (HasMoves) says what the moves say, on positions of random games and
// random positions of every tier (blocked ones among them) of every
// variant.
func TestHasMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 12))
	blocked := 0
	for _, g := range unmoveGames(t) {
		spec := g.Spec()
		ps := gamePositions(g, rng, 20, 150)
		for range 3000 {
			ps = append(ps, randomTierPosition(g, rng))
		}
		var ms []Pos
		for _, p := range ps {
			ms = g.AppendMoves(ms[:0], p)
			if got := g.HasMoves(p); got != (len(ms) > 0) {
				t.Fatalf("%s: %s: HasMoves %v, %d moves", spec, g.Format(p), got, len(ms))
			}
			if len(ms) == 0 && !g.Over(p) {
				blocked++
			}
		}
	}
	if blocked < 20 {
		t.Errorf("only %d blocked positions met", blocked)
	}
}

// nearSymmetric is a position whose men are closed under a random
// symmetry s (the orbits under s of a few random points of each
// colour), but for one man of the player to move shifted to an empty
// point now and then: the positions where two moves may reach one orbit.
// Zero when the counts do not fit the game.
func nearSymmetric(g *Game, rng *rand.Rand) Pos {
	n := g.Board.N()
	s := g.Board.Syms[rng.IntN(len(g.Board.Syms))]
	closure := func(k int, taken uint32) uint32 {
		var set uint32
		for range k {
			for i := rng.IntN(n); taken>>i&1 == 0 && set>>i&1 == 0; i = s[i] {
				set |= 1 << i
			}
		}
		return set
	}
	w := closure(1+rng.IntN(3), 0)
	b := closure(1+rng.IntN(3), w)
	if rng.IntN(2) == 0 {
		empty := g.Board.Full() &^ (w | b)
		if w != 0 && empty != 0 {
			from, to := randomPoint(rng, w), randomPoint(rng, empty)
			w = w&^(1<<from) | 1<<to
		}
	}
	if bits.OnesCount32(w) > g.Men || bits.OnesCount32(b) > g.Men {
		return 0
	}
	p := makePos(w, b, 0, 0, false)
	if rng.IntN(2) == 0 {
		p = makePos(b, w, 0, 0, true)
	}
	return p
}

func randomPoint(rng *rand.Rand, s uint32) int {
	for i := rng.IntN(bits.OnesCount32(s)); i > 0; i-- {
		s &= s - 1
	}
	return bits.TrailingZeros32(s)
}

// TestMovesDistinct: where MovesDistinct says so, the moves of a
// position that stay in its tier reach pairwise different ranks, on
// positions of random games, random positions and nearly symmetric ones
// of every variant; and positions where two such moves do share a rank
// are met (MovesDistinct says false there), so the check can fail.
func TestMovesDistinct(t *testing.T) {
	if _, ok := any((*Game)(nil)).(tier.DistinctMoves[Pos]); !ok {
		t.Fatal("*Game is not a tier.DistinctMoves")
	}
	rng := rand.New(rand.NewPCG(34, 11))
	distinct, shared := 0, 0
	for _, g := range unmoveGames(t) {
		var ms []Pos
		for _, p := range testPositions(g, rng, 20, 2000) {
			if !handsAllowTurn(g, p) || g.illegal(p) != "" {
				continue
			}
			tp := g.TierOf(p)
			seen := map[int64]Pos{}
			collide := false
			for _, q := range g.AppendMoves(ms[:0], p) {
				if g.TierOf(q) != tp {
					continue
				}
				r := g.TierRank(q)
				if o, ok := seen[r]; ok {
					collide = true
					if g.MovesDistinct(p) {
						t.Fatalf("%s: MovesDistinct(%s), but its moves to %s and %s share rank %d", g.Spec(), g.Format(p), g.Format(o), g.Format(q), r)
					}
				}
				seen[r] = q
			}
			if collide {
				shared++
			} else if g.MovesDistinct(p) {
				distinct++
			}
		}
	}
	t.Logf("%d positions with distinct moves said so, %d with moves sharing a rank", distinct, shared)
	if distinct < 10000 || shared < 100 {
		t.Errorf("only %d positions with distinct moves said so and %d with moves sharing a rank", distinct, shared)
	}
}

// plainMove is a move and the position it leaves.
type plainMove struct {
	m Move
	q Pos
}

// plainMoves lists p's moves as the rules say them, the reference for
// AppendMoves and EachMove (which build them from p's fields).
func plainMoves(g *Game, p Pos) []plainMove {
	var out []plainMove
	if g.Over(p) {
		return nil
	}
	wh, bh := p.Hands()
	me, opp, mh := p.White(), p.Black(), wh
	if p.BlackToMove() {
		me, opp, mh = p.Black(), p.White(), bh
	}
	put := func(m Move, me2, opp2 uint32, mh2 int) {
		var q Pos
		if p.BlackToMove() {
			q = makePos(opp2, me2, wh, mh2, false)
		} else {
			q = makePos(me2, opp2, mh2, bh, true)
		}
		out = append(out, plainMove{m, q})
	}
	finish := func(m Move, me2 uint32, mh2 int) {
		if !g.Removal || opp == 0 || !g.inMill(me2, int(m.To)) {
			put(m, me2, opp, mh2)
			return
		}
		var free []int
		for i := range g.Board.N() {
			if opp>>i&1 == 1 && !g.inMill(opp, i) {
				free = append(free, i)
			}
		}
		if len(free) == 0 { // every man in a mill: any may go
			for i := range g.Board.N() {
				if opp>>i&1 == 1 {
					free = append(free, i)
				}
			}
		}
		for _, r := range free {
			m.Remove = int8(r)
			put(m, me2, opp&^(1<<r), mh2)
		}
	}
	empty := func(i int) bool { return (me|opp)>>i&1 == 0 }
	if mh > 0 {
		for to := range g.Board.N() {
			if empty(to) {
				finish(Move{From: -1, To: int8(to), Remove: -1}, me|1<<to, mh-1)
			}
		}
		if !g.Lasker {
			return out
		}
	}
	fly := g.Fly && mh == 0 && bits.OnesCount32(me) == 3
	for from := range g.Board.N() {
		if me>>from&1 == 0 {
			continue
		}
		for to := range g.Board.N() {
			if empty(to) && (fly || g.Board.Adj[from]>>to&1 == 1) {
				finish(Move{From: int8(from), To: int8(to), Remove: -1}, me&^(1<<from)|1<<to, mh)
			}
		}
	}
	return out
}

// testPositions are positions of random games, random positions (legal
// or not) and nearly symmetric ones of g.
func testPositions(g *Game, rng *rand.Rand, games, random int) []Pos {
	ps := gamePositions(g, rng, games, 150)
	for range random {
		ps = append(ps, randomTierPosition(g, rng))
		if p := nearSymmetric(g, rng); p != 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

// TestEachMove: AppendMoves and EachMove, built from p's fields without
// closures and read back from the positions, list exactly the moves and
// positions of a plain listing of the rules (plainMoves), in its order,
// on positions of random games, random positions (legal or not) and
// nearly symmetric ones of every variant.
func TestEachMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 13))
	moves := 0
	for _, g := range unmoveGames(t) {
		var got []Pos
		var each []plainMove
		for _, p := range testPositions(g, rng, 20, 2000) {
			want := plainMoves(g, p)
			got = g.AppendMoves(got[:0], p)
			each = each[:0]
			g.EachMove(p, func(m Move, q Pos) { each = append(each, plainMove{m, q}) })
			if len(got) != len(want) || !slices.Equal(each, want) {
				t.Fatalf("%s: %s: AppendMoves %v, EachMove %v, the rules %v", g.Spec(), g.Format(p), got, each, want)
			}
			for i := range got {
				if got[i] != want[i].q {
					t.Fatalf("%s: %s: AppendMoves %v, the rules %v", g.Spec(), g.Format(p), got, want)
				}
			}
			moves += len(got)
		}
	}
	if moves < 100000 {
		t.Errorf("only %d moves compared", moves)
	}
}
