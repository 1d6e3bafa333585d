package partizan

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/misere"
)

// dicotsByDayTwo lists the dicots born by day 2: 0, and {A | B} for A
// and B non-empty sets of the dicots born by day 1 (0 and *).
func dicotsByDayTwo() []*tree {
	zero := &tree{}
	star := &tree{l: []*tree{zero}, r: []*tree{zero}}
	sets := [][]*tree{{zero}, {star}, {zero, star}}
	all := []*tree{zero}
	for _, a := range sets {
		for _, b := range sets {
			all = append(all, &tree{l: a, r: b})
		}
	}
	return all
}

// randomDicot draws a dicot of birthday at most depth.
func randomDicot(rng *rand.Rand, depth int) *tree {
	t := &tree{}
	if depth == 0 || rng.IntN(5) == 0 {
		return t
	}
	for range 1 + rng.IntN(2) {
		t.l = append(t.l, randomDicot(rng, depth-1))
	}
	for range 1 + rng.IntN(2) {
		t.r = append(t.r, randomDicot(rng, depth-1))
	}
	return t
}

// TestGeDicotAgainstSums checks GeDicot against its definition, o(G+X) ≥
// o(H+X) for every dicot X, on every pair of forms born by day 2 (256
// forms, dicots or not), with X every dicot born by day 2 and every sum
// of two of them (65 games): no such X breaks a ≥ GeDicot finds, and
// between dicots each ≱ it finds is shown by one of them. (Only dicots X
// born by day 2 and their sums are tried: a ≱ between non-dicots may need
// a larger X, so for those the test counts how many it shows.) The same
// on 3000 pairs of random dicots born by day 3, ≥ checked, ≱ counted.
func TestGeDicotAgainstSums(t *testing.T) {
	tb := NewTable()
	var xs []Game
	base := dicotsByDayTwo()
	for i, a := range base {
		xs = append(xs, tb.load(a))
		for _, b := range base[i:] {
			xs = append(xs, must(tb.Sum(tb.load(a), tb.load(b))))
		}
	}
	var forms []Game
	for _, f := range dayTwo() {
		forms = append(forms, tb.load(f))
	}
	ge, notGe, shown, dicotPairs := 0, 0, 0, 0
	for _, g := range forms {
		for _, h := range forms {
			claim := must(tb.GeDicot(g, h))
			witness := false
			for _, x := range xs {
				if !atLeast(tb.Outcome(must(tb.Sum(g, x))), tb.Outcome(must(tb.Sum(h, x)))) {
					witness = true
					break
				}
			}
			bothDicots := tb.IsDicot(g) && tb.IsDicot(h)
			if bothDicots {
				dicotPairs++
			}
			switch {
			case claim && witness:
				t.Fatalf("GeDicot says %s ≥ %s modulo dicots, but a dicot X born by day 2 (or a sum of two) tells them apart", tb.String(g), tb.String(h))
			case claim:
				ge++
			case !claim && bothDicots && !witness:
				t.Errorf("GeDicot says %s ≱ %s modulo dicots, but no dicot X tried shows it", tb.String(g), tb.String(h))
			case !claim:
				notGe++
				if witness {
					shown++
				}
			}
		}
	}
	// Random dicots born by day 3 (and their pairs): no X breaks a ≥,
	// and the ≱ shown by an X tried are counted.
	rng := rand.New(rand.NewPCG(31, 32))
	dge, dnot, dshown := 0, 0, 0
	for range 3000 {
		g, h := tb.load(randomDicot(rng, 3)), tb.load(randomDicot(rng, 3))
		claim := must(tb.GeDicot(g, h))
		witness := false
		for _, x := range xs {
			if !atLeast(tb.Outcome(must(tb.Sum(g, x))), tb.Outcome(must(tb.Sum(h, x)))) {
				witness = true
				break
			}
		}
		switch {
		case claim && witness:
			t.Fatalf("GeDicot says %s ≥ %s modulo dicots, but a dicot X tells them apart", tb.String(g), tb.String(h))
		case claim:
			dge++
		default:
			dnot++
			if witness {
				dshown++
			}
		}
	}
	t.Logf("%d pairs ≥ modulo dicots, %d not (%d of them shown by an X tried); %d pairs of dicots", ge, notGe, shown, dicotPairs)
	t.Logf("random dicots born by day 3: %d pairs ≥, %d not (%d shown by an X tried)", dge, dnot, dshown)
	if dge == 0 || dnot == 0 {
		t.Errorf("random dicots: %d ≥, %d ≱: the test shows little", dge, dnot)
	}
	if ge < 1000 || notGe < 1000 || dicotPairs != 100 {
		t.Errorf("%d ≥, %d ≱, %d dicot pairs: the test shows little", ge, notGe, dicotPairs)
	}
}

// TestDicotEqualsImpartial: modulo dicots, two impartial games are equal
// exactly when they are equal in impartial misère play (Renault, "Binary
// dicots, a core of dicot games", INTEGERS 15 (2015) #G1), that is when
// they have the same misère canonical form (Conway; package misere, a
// separate implementation). Every impartial form born by day 3, and every
// sum of two born by day 2: 400 pairs. * + * = 0 is one of them; in
// general misère play it is not (Equal).
func TestDicotEqualsImpartial(t *testing.T) {
	tb := NewTable()
	c := misere.NewCanon()
	type pairForm struct {
		g   Game
		imp int32
	}
	// Impartial forms by day k: sets of the forms by day k-1.
	level := []pairForm{{Zero, must(c.Game(nil))}}
	for range 3 {
		var next []pairForm
		for mask := range 1 << len(level) {
			var opts []Game
			var iopts []int32
			for i, f := range level {
				if mask>>i&1 == 1 {
					opts = append(opts, f.g)
					iopts = append(iopts, f.imp)
				}
			}
			next = append(next, pairForm{must(tb.Make(opts, opts)), must(c.Game(iopts))})
		}
		if len(next) > 20 {
			next = next[:20] // day 3 has 16 forms; keep the list small
		}
		level = next
	}
	games := level
	for i, a := range games[:4] {
		for _, b := range games[i:4] {
			games = append(games, pairForm{must(tb.Sum(a.g, b.g)), must(c.Sum(a.imp, b.imp))})
		}
	}
	equal := 0
	for _, a := range games {
		for _, b := range games {
			eq := must(tb.EqualDicot(a.g, b.g))
			if eq != (a.imp == b.imp) {
				t.Errorf("%s and %s: equal modulo dicots %v, same impartial misère canonical form (%s, %s) %v", tb.String(a.g), tb.String(b.g), eq, c.String(a.imp), c.String(b.imp), a.imp == b.imp)
			}
			if eq && a.g != b.g {
				equal++
			}
		}
	}
	if equal == 0 {
		t.Error("no two different forms were equal: the test shows nothing")
	}
	star := must(tb.Nim(1))
	twice := must(tb.Sum(star, star))
	if !must(tb.EqualDicot(twice, Zero)) || must(tb.Equal(twice, Zero)) {
		t.Errorf("* + * = 0 modulo dicots %v (want true), in general misère play %v (want false)", must(tb.EqualDicot(twice, Zero)), must(tb.Equal(twice, Zero)))
	}
}

// TestDicotReduced: the reduced form of a random dicot is a dicot equal
// to it modulo dicots, with the same outcome, born no later, and reduced
// again it does not change; equal canonical forms in general play are
// equal modulo dicots too (the dicot order holds whenever the general one
// does, fewer games X testing it).
func TestDicotReduced(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	tb := NewTable()
	smaller := 0
	for range 1500 {
		g := tb.load(randomDicot(rng, 4))
		r := must(tb.DicotReduced(g))
		if !tb.IsDicot(g) || !tb.IsDicot(r) {
			t.Fatalf("%s (dicot %v) reduced to %s (dicot %v)", tb.String(g), tb.IsDicot(g), tb.String(r), tb.IsDicot(r))
		}
		if !must(tb.EqualDicot(g, r)) || tb.Outcome(g) != tb.Outcome(r) || tb.Birthday(r) > tb.Birthday(g) || must(tb.DicotReduced(r)) != r {
			t.Fatalf("%s reduced to %s: equal %v, outcomes %s %s", tb.String(g), tb.String(r), must(tb.EqualDicot(g, r)), tb.Outcome(g), tb.Outcome(r))
		}
		if tb.Birthday(r) < tb.Birthday(must(tb.Canonical(g))) {
			smaller++
		}
		h := tb.load(randomDicot(rng, 3))
		if must(tb.Ge(g, h)) && !must(tb.GeDicot(g, h)) {
			t.Fatalf("%s ≥ %s in general misère play but not modulo dicots", tb.String(g), tb.String(h))
		}
	}
	if smaller == 0 {
		t.Error("no dicot reduced further than its general canonical form: the test shows nothing of the dicot order")
	}
}
