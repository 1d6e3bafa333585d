package morris

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// allSpecs are the variants whose boards and group sizes differ: the 3×3
// board with and without diagonals (8 symmetries), six men's board (16)
// and the 24-point boards with 9, 10 and 12 men (16).
var allSpecs = []string{"3", "3:diag", "6", "9", "12", "9:lasker"}

// burnside is the number of orbits of the boards with w white and b
// black men under the board's symmetries, by Burnside's lemma: the
// average over the group of the boards each symmetry fixes. A symmetry
// fixes a board when each of its cycles of points is all white, all
// black or all empty, so its fixed boards are counted by the ways to
// colour its cycles with w and b points in all.
func burnside(bd *Board, w, b int) int64 {
	var total int64
	for _, perm := range bd.Syms {
		var cycles []int
		seen := make([]bool, len(perm))
		for i := range perm {
			n := 0
			for j := i; !seen[j]; j = perm[j] {
				seen[j] = true
				n++
			}
			if n > 0 {
				cycles = append(cycles, n)
			}
		}
		// ways[x][y]: colourings of the cycles so far with x white and y
		// black points.
		ways := make([][]int64, w+1)
		for x := range ways {
			ways[x] = make([]int64, b+1)
		}
		ways[0][0] = 1
		for _, n := range cycles {
			next := make([][]int64, w+1)
			for x := range next {
				next[x] = make([]int64, b+1)
			}
			for x := range ways {
				for y, v := range ways[x] {
					if v == 0 {
						continue
					}
					next[x][y] += v
					if x+n <= w {
						next[x+n][y] += v
					}
					if y+n <= b {
						next[x][y+n] += v
					}
				}
			}
			ways = next
		}
		total += ways[w][b]
	}
	if total%int64(len(bd.Syms)) != 0 {
		panic("burnside: the fixed points do not average to a whole number")
	}
	return total / int64(len(bd.Syms))
}

// TestOrbitCounts: the ranks of every count of men are exactly the
// orbits, for every variant: ranker.orbits equals Burnside's count, so
// the ranking has no slack (TierSize is the orbits times the turns).
func TestOrbitCounts(t *testing.T) {
	for _, spec := range allSpecs {
		g := mustGame(t, spec)
		k := g.ranks()
		for w := 0; w <= g.Men; w++ {
			for b := 0; b <= g.Men && w+b <= g.Board.N(); b++ {
				if got, want := k.orbits(w, b), burnside(g.Board, w, b); got != want {
					t.Errorf("%s: %d white, %d black: %d ranks, Burnside counts %d orbits", spec, w, b, got, want)
				}
			}
		}
		for wh := 0; wh <= g.Men; wh++ {
			for bh := 0; bh <= g.Men; bh++ {
				for wb := 0; wb+wh <= g.Men; wb++ {
					for bb := 0; bb+bh <= g.Men && wb+bb <= g.Board.N(); bb++ {
						tr := MakeTier(wh, bh, wb, bb)
						n, _ := g.turns(tr)
						if g.canonTier(tr) != tr {
							n = 0 // folded into its swap's tier
						}
						if got, want := g.TierSize(tr), int64(n)*burnside(g.Board, wb, bb); got != want {
							t.Fatalf("%s: tier %s: size %d, want %d", spec, g.TierName(tr), got, want)
						}
					}
				}
			}
		}
	}
}

// TestRankBoardsExhaustive: on the 3×3 boards and six men's board, every
// rank unranks to a board fixed by Canonical that ranks back to it, and
// every board (at most Men men a colour) ranks below the orbit count to
// its Canonical, an image of it (checkRepresentative says why that
// makes rank constant on orbits). With TestOrbitCounts, rank is a
// bijection from the orbits onto [0, orbits).
func TestRankBoardsExhaustive(t *testing.T) {
	for _, spec := range []string{"3", "3:diag", "6"} {
		if spec == "6" && testing.Short() {
			continue // 43 million boards: a few seconds a core
		}
		g := mustGame(t, spec)
		k := g.ranks()
		n := g.Board.N()
		// Every rank, both ways.
		for w := 0; w <= g.Men; w++ {
			for b := 0; b <= g.Men && w+b <= n; b++ {
				for r := range k.orbits(w, b) {
					wu, bu, ok := k.unrank(w, b, r)
					if !ok || bits.OnesCount32(wu) != w || bits.OnesCount32(bu) != b || wu&bu != 0 {
						t.Fatalf("%s: unrank(%d, %d, %d) = %x, %x, %v", spec, w, b, r, wu, bu, ok)
					}
					p := makePos(wu, bu, 0, 0, false)
					if g.boardCanonical(p) != p {
						t.Fatalf("%s: unrank(%d, %d, %d) = %s is not its orbit's representative %s", spec, w, b, r, g.Format(p), g.Format(g.boardCanonical(p)))
					}
					if got := k.rank(wu, bu); got != r {
						t.Fatalf("%s: rank(unrank(%d)) = %d", spec, r, got)
					}
				}
			}
		}
		// Every board, as a ternary number over the points.
		total := 1
		for range n {
			total *= 3
		}
		digits := make([]int, n)
		for x := 0; x < total; x++ {
			var w, b uint32
			for i := range n {
				switch digits[i] {
				case 1:
					w |= 1 << i
				case 2:
					b |= 1 << i
				}
			}
			if bits.OnesCount32(w) <= g.Men && bits.OnesCount32(b) <= g.Men {
				checkRepresentative(t, g, spec, w, b)
			} else if r := k.rank(w, b); r != -1 {
				t.Fatalf("%s: a board with more men than the game's ranks %d", spec, r)
			}
			for i := 0; i < n; i++ { // next ternary number
				digits[i]++
				if digits[i] < 3 {
					break
				}
				digits[i] = 0
			}
		}
	}
}

// checkRepresentative checks that a board's rank is in range and
// unranks to Canonical, an image of the board. On every board, with
// every rank ranking back from its unranked board and as many ranks as
// orbits (TestOrbitCounts), that makes rank constant on orbits: were
// two boards of an orbit to rank apart, their orbit would hold two
// unranked boards, and another orbit none, whose boards could not
// unrank to an image of theirs.
func checkRepresentative(t *testing.T, g *Game, spec string, w, b uint32) {
	k := g.ranks()
	r := k.rank(w, b)
	nw, nb := bits.OnesCount32(w), bits.OnesCount32(b)
	if r < 0 || r >= k.orbits(nw, nb) {
		t.Fatalf("%s: board %x/%x: rank %d out of [0, %d)", spec, w, b, r, k.orbits(nw, nb))
	}
	p := makePos(w, b, 0, 0, false)
	c := g.boardCanonical(p)
	wu, bu, ok := k.unrank(nw, nb, r)
	if !ok || wu != c.White() || bu != c.Black() {
		t.Fatalf("%s: unrank(rank(%s)) = %x/%x, want Canonical %s", spec, g.Format(p), wu, bu, g.Format(c))
	}
	for s := range g.Board.Syms {
		if g.Image(p, s) == c {
			return
		}
	}
	t.Fatalf("%s: Canonical(%s) = %s is no image of it", spec, g.Format(p), g.Format(c))
}

// checkBoard checks one board's rank against its images and Canonical.
func checkBoard(t *testing.T, g *Game, spec string, w, b uint32) {
	t.Helper()
	k := g.ranks()
	r := k.rank(w, b)
	nw, nb := bits.OnesCount32(w), bits.OnesCount32(b)
	if r < 0 || r >= k.orbits(nw, nb) {
		t.Fatalf("%s: board %x/%x: rank %d out of [0, %d)", spec, w, b, r, k.orbits(nw, nb))
	}
	p := makePos(w, b, 0, 0, false)
	c := g.boardCanonical(p)
	isImage := false
	for s := range g.Board.Syms {
		img := g.Image(p, s)
		if img == c {
			isImage = true
		}
		if got := k.rank(img.White(), img.Black()); got != r {
			t.Fatalf("%s: %s ranks %d but its image %d ranks %d", spec, g.Format(p), r, s, got)
		}
	}
	if !isImage {
		t.Fatalf("%s: Canonical(%s) = %s is no image of it", spec, g.Format(p), g.Format(c))
	}
	wu, bu, ok := k.unrank(nw, nb, r)
	if !ok || wu != c.White() || bu != c.Black() {
		t.Fatalf("%s: unrank(rank(%s)) = %x/%x, want Canonical %s", spec, g.Format(p), wu, bu, g.Format(c))
	}
}

// reachableTiers lists the tiers play may reach from the start: the
// start's tier and its descendants by TierChildren.
func reachableTiers(g *Game) []game.Tier { return tiersOf(g, g.Start()) }

// TestTierRanksExhaustive: on every tier of three men's morris (with and
// without diagonals) and six men's, every rank either names no legal
// position or a representative of its orbit (Canonical) in the tier that
// ranks back to it, with TierOrbit's count of its distinct images and
// runs of ranks that stand for as many; and on three men's morris every
// legal position of every tier ranks as its representative, so the legal
// ranks are the orbits of the legal positions.
func TestTierRanksExhaustive(t *testing.T) {
	for _, spec := range []string{"3", "3:diag", "6"} {
		if spec == "6" && testing.Short() {
			continue
		}
		g := mustGame(t, spec)
		legal := map[game.Tier]int64{}
		for _, tr := range reachableTiers(g) {
			size := g.TierSize(tr)
			runEnd, runN := int64(0), int64(0)
			for r := range size {
				p, ok := g.TierUnrank(tr, r)
				on, oend := g.TierOrbit(tr, r)
				if r < runEnd && on != runN {
					t.Fatalf("%s: tier %s: rank %d stands for %d positions inside a run of %d", spec, g.TierName(tr), r, on, runN)
				}
				if oend <= r {
					t.Fatalf("%s: tier %s: TierOrbit(%d) ends at %d", spec, g.TierName(tr), r, oend)
				}
				if r >= runEnd {
					runEnd, runN = oend, on
				}
				if !ok {
					if on != 1 {
						t.Fatalf("%s: tier %s: rank %d names no position but stands for %d", spec, g.TierName(tr), r, on)
					}
					continue
				}
				legal[tr]++
				if g.TierOf(p) != tr || g.Canonical(p) != p || g.TierRank(p) != r || g.illegal(p) != "" {
					t.Fatalf("%s: tier %s: rank %d unranks to %s (tier %s, canonical %s, rank %d)", spec, g.TierName(tr), r,
						g.Format(p), g.TierName(g.TierOf(p)), g.Format(g.Canonical(p)), g.TierRank(p))
				}
				if imgs := images(g, p); on != int64(len(imgs)) {
					t.Fatalf("%s: %s stands for %d positions, has %d images", spec, g.Format(p), on, len(imgs))
				}
			}
		}
		if spec == "6" {
			continue
		}
		// Three men's morris: every legal position of every tier.
		orbits := map[game.Tier]map[int64]bool{}
		n := g.Board.N()
		for x := range 19683 {
			var w, b uint32
			for i, y := 0, x; i < n; i, y = i+1, y/3 {
				switch y % 3 {
				case 1:
					w |= 1 << i
				case 2:
					b |= 1 << i
				}
			}
			for wh := 0; wh <= g.Men; wh++ {
				for bh := 0; bh <= g.Men; bh++ {
					for _, black := range []bool{false, true} {
						p := makePos(w, b, wh, bh, black)
						if g.illegal(p) != "" {
							continue
						}
						tr := g.TierOf(p)
						r := g.TierRank(p)
						if q, ok := g.TierUnrank(tr, r); !ok || q != g.Canonical(p) {
							t.Fatalf("%s: TierUnrank(TierRank(%s)) = %s, %v; want %s", spec, g.Format(p), g.Format(q), ok, g.Format(g.Canonical(p)))
						}
						if orbits[tr] == nil {
							orbits[tr] = map[int64]bool{}
						}
						orbits[tr][r] = true
					}
				}
			}
		}
		for tr, set := range orbits {
			if int64(len(set)) != legal[tr] {
				t.Errorf("%s: tier %s: %d orbits of legal positions, %d legal ranks", spec, g.TierName(tr), len(set), legal[tr])
			}
		}
	}
}

// randomBoard is a board with w white and b black men on random points.
func randomBoard(rng *rand.Rand, n, w, b int) (uint32, uint32) {
	pts := rng.Perm(n)
	var ws, bs uint32
	for _, p := range pts[:w] {
		ws |= 1 << p
	}
	for _, p := range pts[w : w+b] {
		bs |= 1 << p
	}
	return ws, bs
}

// TestRankRandom: on the 24-point boards (nine, twelve men's morris and
// Lasker's variant) random boards of every count of men rank as their
// images and unrank to Canonical, and random ranks of every count
// unrank to representatives that rank back; random positions of every
// reachable tier do the same through TierRank and TierUnrank.
func TestRankRandom(t *testing.T) {
	for _, spec := range []string{"9", "12", "9:lasker"} {
		g := mustGame(t, spec)
		k := g.ranks()
		rng := rand.New(rand.NewPCG(34, uint64(len(spec))))
		n := g.Board.N()
		boards, ranks := 0, 0
		for w := 0; w <= g.Men; w++ {
			for b := 0; b <= g.Men && w+b <= n; b++ {
				for range 40 {
					ws, bs := randomBoard(rng, n, w, b)
					checkBoard(t, g, spec, ws, bs)
					boards++
					r := rng.Int64N(k.orbits(w, b))
					wu, bu, ok := k.unrank(w, b, r)
					p := makePos(wu, bu, 0, 0, false)
					if !ok || g.boardCanonical(p) != p || k.rank(wu, bu) != r || bits.OnesCount32(wu) != w || bits.OnesCount32(bu) != b {
						t.Fatalf("%s: rank %d of %d+%d: unrank %x/%x %v", spec, r, w, b, wu, bu, ok)
					}
					ranks++
				}
			}
		}
		positions := 0
		for _, tr := range reachableTiers(g) {
			wh, bh, wb, bb := TierCounts(tr)
			for range 20 {
				ws, bs := randomBoard(rng, n, wb, bb)
				ps := []Pos{makePos(ws, bs, wh, bh, false), makePos(ws, bs, wh, bh, true)}
				if g.folds(tr) { // the swapped counts are the tier's too
					ps = append(ps, makePos(bs, ws, bh, wh, false), makePos(bs, ws, bh, wh, true))
				}
				for _, p := range ps {
					if g.illegal(p) != "" {
						continue
					}
					positions++
					r := g.TierRank(p)
					if r < 0 || r >= g.TierSize(tr) {
						t.Fatalf("%s: %s ranks %d, out of [0, %d)", spec, g.Format(p), r, g.TierSize(tr))
					}
					if q, ok := g.TierUnrank(tr, r); !ok || q != g.Canonical(p) {
						t.Fatalf("%s: TierUnrank(TierRank(%s)) = %s, %v; want %s", spec, g.Format(p), g.Format(q), ok, g.Format(g.Canonical(p)))
					}
					imgs := images(g, p)
					for q := range imgs {
						if g.TierOf(q) != tr || g.TierRank(q) != r {
							t.Fatalf("%s: %s ranks %d in %s, its image %s %d in %s", spec, g.Format(p), r, g.TierName(tr),
								g.Format(q), g.TierRank(q), g.TierName(g.TierOf(q)))
						}
					}
					if on, _ := g.TierOrbit(tr, r); on != int64(len(imgs)) {
						t.Fatalf("%s: %s: TierOrbit %d, %d images", spec, g.Format(p), on, len(imgs))
					}
				}
			}
		}
		t.Logf("%s: %d boards, %d ranks, %d tier positions checked", spec, boards, ranks, positions)
	}
}

// TestRankerMemory: the tables of the 24-point boards stay small (rank.go
// states 7.3 MB for morris:9).
func TestRankerMemory(t *testing.T) {
	for _, spec := range []string{"9", "12", "9:lasker", "6", "3"} {
		g := mustGame(t, spec)
		k := g.ranks()
		tables := 0
		for _, l := range k.levels {
			tables += len(l.tables)
		}
		perm := int64(0)
		for _, l := range k.levels {
			perm += int64(len(l.perm) * l.conf * 2)
		}
		total := k.bytes + perm
		t.Logf("%s: %d levels %v, %d (subgroup, level) tables, %.2f MB", spec, len(k.levels), levelSizes(k), tables, float64(total)/1e6)
		if total > 16<<20 {
			t.Errorf("%s: the ranker's tables take %d bytes", spec, total)
		}
	}
}

func levelSizes(k *ranker) []int {
	var out []int
	for _, l := range k.levels {
		out = append(out, len(l.points))
	}
	return out
}

// The ranking before orbits (version 1), kept for the benchmarks: the
// least image as a Pos, ranked among all the tier's boards.

func oldCanonical(g *Game, p Pos) Pos {
	best := p
	for k := 1; k < len(g.sym); k++ {
		if q := g.Image(p, k); q < best {
			best = q
		}
	}
	return best
}

func oldExtract(x, occ uint32) uint64 {
	var out uint64
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		if x&(s&-s) != 0 {
			out |= 1 << i
		}
		i++
	}
	return out
}

func oldDeposit(sub uint64, occ uint32) uint32 {
	var out uint32
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		if sub>>i&1 == 1 {
			out |= s & -s
		}
		i++
	}
	return out
}

func oldRank(g *Game, p Pos) int64 {
	p = oldCanonical(g, p)
	w, b := p.White(), p.Black()
	occ := w | b
	n := bits.OnesCount32(occ)
	r := 2 * (colex.Rank(uint64(occ))*colex.Binom(n, bits.OnesCount32(w)) + colex.Rank(oldExtract(w, occ)))
	if p.BlackToMove() {
		r++
	}
	return r
}

func oldSize(g *Game, t game.Tier) int64 {
	_, _, wb, bb := TierCounts(t)
	return 2 * colex.Binom(g.Board.N(), wb+bb) * colex.Binom(wb+bb, wb)
}

func oldUnrank(g *Game, t game.Tier, r int64) (Pos, bool) {
	wh, bh, wb, bb := TierCounts(t)
	n := wb + bb
	black := r&1 == 1
	r >>= 1
	per := colex.Binom(n, wb)
	occ := uint32(colex.Unrank(g.Board.N(), n, r/per))
	w := oldDeposit(colex.Unrank(n, wb, r%per), occ)
	p := makePos(w, occ&^w, wh, bh, black)
	if g.illegal(p) != "" || oldCanonical(g, p) != p {
		return 0, false
	}
	return p, true
}

// benchPositions are random legal positions of nine men's morris's
// largest tier, W 0+9 B 0+9.
func benchPositions(g *Game) []Pos {
	rng := rand.New(rand.NewPCG(9, 9))
	ps := make([]Pos, 4096)
	for i := range ps {
		w, b := randomBoard(rng, 24, 9, 9)
		ps[i] = makePos(w, b, 0, 0, i&1 == 1)
	}
	return ps
}

func BenchmarkTierRank(b *testing.B) {
	g := mustGame(b, "9")
	ps := benchPositions(g)
	g.ranks()
	b.ResetTimer()
	var sink int64
	for i := range b.N {
		sink += g.TierRank(ps[i&4095])
	}
	_ = sink
}

func BenchmarkTierRankV1(b *testing.B) {
	g := mustGame(b, "9")
	ps := benchPositions(g)
	b.ResetTimer()
	var sink int64
	for i := range b.N {
		sink += oldRank(g, ps[i&4095])
	}
	_ = sink
}

func BenchmarkTierUnrank(b *testing.B) {
	g := mustGame(b, "9")
	tr := MakeTier(0, 0, 9, 9)
	rng := rand.New(rand.NewPCG(1, 2))
	rs := make([]int64, 4096)
	for i := range rs {
		rs[i] = rng.Int64N(g.TierSize(tr))
	}
	b.ResetTimer()
	var sink Pos
	for i := range b.N {
		p, _ := g.TierUnrank(tr, rs[i&4095])
		sink ^= p
	}
	_ = sink
}

// BenchmarkTierUnrankV1 unranks random raw ranks, of which about one in
// 16 is a representative: per rank, not per position named.
func BenchmarkTierUnrankV1(b *testing.B) {
	g := mustGame(b, "9")
	tr := MakeTier(0, 0, 9, 9)
	rng := rand.New(rand.NewPCG(1, 2))
	rs := make([]int64, 4096)
	for i := range rs {
		rs[i] = rng.Int64N(oldSize(g, tr))
	}
	b.ResetTimer()
	var sink Pos
	for i := range b.N {
		p, _ := oldUnrank(g, tr, rs[i&4095])
		sink ^= p
	}
	_ = sink
}

// TestRankingV1Refused: a database built with ranking v1 (testdata:
// three men's morris, built by grundy before the orbits) is refused by
// the front end's Open, OpenFor and Build in one line, never read with
// the new ranks; read by its own ranks (package db), every position
// reachable from the start has there the value a new build gives it.
func TestRankingV1Refused(t *testing.T) {
	v1 := filepath.Join("testdata", "v1-morris-3")
	const want = "built with morris ranking v1; rebuild (this grundy ranks by v3)"
	if _, err := strong.Open(v1); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("Open of a morris database of ranking v1: %v; want %q", err, want)
	}
	inst, err := catalog.Lookup("morris:3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := strong.OpenFor(v1, inst); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("OpenFor: %v", err)
	}
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(v1)); err != nil {
		t.Fatal(err)
	}
	if _, err := strong.Build(context.Background(), inst, tmp, strong.BuildOptions{}); err == nil {
		t.Error("a build into a ranking v1 database was not refused")
	}
	old, err := db.Open(v1, "morris:3")
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	g, cur, _ := build(t, "3")
	n := 0
	for p := range g.From(g.Start()) {
		o, rem, ok, err := old.Lookup(uint64(g.TierOf(p)), oldRank(g, p))
		b, err2 := cur.Query([]string{g.Format(p)})
		if err != nil || err2 != nil || !ok || o.String() != b.Outcome || (b.Remoteness == nil) != (rem == db.NoRemoteness) ||
			(b.Remoteness != nil && uint32(*b.Remoteness) != rem) {
			t.Fatalf("%s: v1 %v %d %v %v, v2 %+v %v", g.Format(p), o, rem, ok, err, b, err2)
		}
		n++
	}
	if n != 5466 { // TestPublished's count of the positions reachable
		t.Errorf("%d positions compared, want 5466", n)
	}
}

// TestNineMensMorrisOrbits pins the ranks of nine men's morris by orbits
// (BENCHMARKS.md, issue 34): the orbits of the moving phase's boards
// with a and b men (3 to 9 each), their sum, and the ranks of every tier
// play reaches from the start, by phase (ranking v3: the moving phase
// folded with the colour swap), against ranking v1's raw ranks.
// Burnside's count agrees with each (TestOrbitCounts).
func TestNineMensMorrisOrbits(t *testing.T) {
	g := mustGame(t, "9")
	k := g.ranks()
	want := [7][7]int64{ // a, b = 3..9
		{169626, 760398, 2580390, 6875320, 14725688, 25763836, 37209228},
		{760398, 3225597, 10310496, 25765792, 51516528, 83705798, 111597612},
		{2580390, 10310496, 30914424, 72116072, 133910896, 200852988, 245479248},
		{6875320, 25765792, 72116072, 156229360, 267793288, 368205516, 409106740},
		{14725688, 51516528, 133910896, 267793288, 420793096, 525979400, 525979400},
		{25763836, 83705798, 200852988, 368205516, 525979400, 591726690, 525979400},
		{37209228, 111597612, 245479248, 409106740, 525979400, 525979400, 409106740},
	}
	var moving int64
	for a := 3; a <= 9; a++ {
		for b := 3; b <= 9; b++ {
			if got := k.orbits(a, b); got != want[a-3][b-3] {
				t.Errorf("%d-%d: %d orbits, want %d", a, b, got, want[a-3][b-3])
			}
			moving += k.orbits(a, b)
		}
	}
	if moving != 8904593601 {
		t.Errorf("moving phase: %d orbits a side to move, want 8904593601", moving)
	}
	type sum struct{ tiers, ranks, raw int64 }
	var live, ended, placing sum
	for _, tr := range reachableTiers(g) {
		wh, bh, wb, bb := TierCounts(tr)
		s := &placing
		switch {
		case wh+bh > 0:
		case wb >= 3 && bb >= 3:
			s = &live
		default:
			s = &ended
		}
		s.tiers++
		s.ranks += g.TierSize(tr)
		s.raw += oldSize(g, tr)
	}
	for _, c := range []struct {
		name      string
		got, want sum
	}{
		// Ranking v2 had 49 and 14 tiers, 17,809,187,202 and 75,890,208
		// ranks: the fold (tier.go) halves them exactly, the colour swap
		// never fixing a position (it passes the turn). raw is ranking
		// v1's ranks of the tiers that remain.
		{"moving phase", live, sum{28, 8904593601, 168217773152}},
		{"ended (a side under three)", ended, sum{7, 37945104, 605839872}},
		{"placing", placing, sum{1870, 51727773106, 1654551227574}},
	} {
		t.Logf("%s: %d tiers, %d ranks (v1: %d raw ranks, %.2f times as many)", c.name, c.got.tiers, c.got.ranks, c.got.raw, float64(c.got.raw)/float64(c.got.ranks))
		if c.got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, c.got, c.want)
		}
	}
}

// TestRanksPinned: ranking version 2's ranks, pinned: a sum over random
// boards of every count of men on the 24-point boards, each board's rank
// weighted by its place, as ranking v2 gave them when it was written. A
// faster rank must give the same numbers (a database's ranks are on
// disk); a change of the numbers needs a RankingVersion bump and a new
// pin.
func TestRanksPinned(t *testing.T) {
	want := map[string]uint64{"9": 8892128755945175, "12": 9758999862650238}
	for _, spec := range []string{"9", "12"} {
		g := mustGame(t, spec)
		rng := rand.New(rand.NewPCG(2, 34))
		var sum uint64
		for i := range 20000 {
			w, b := randomBoard(rng, 24, rng.IntN(g.Men+1), rng.IntN(g.Men+1))
			sum += uint64(i+1) * uint64(g.ranks().rank(w, b)+1)
		}
		if sum != want[spec] {
			t.Errorf("morris:%s: ranks sum to %d, pinned %d", spec, sum, want[spec])
		}
	}
}
