package turning

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// modifiedRules is the index in rules of the first code with CGSuite's
// modifiers beyond C.
const modifiedRules = 17

var rules = []string{"1", "2", "3", "1-2", "1-3", "1-4", "1-5", "1-7", "2-3", "1+", "2+", "1+C", "1-3C", "2C", "1-2,4", "2,3C", "3+C",
	// CGSuite's modifiers (from modifiedRules on): spans, equal spacing,
	// symmetry, the leftmost coin
	"1-3C(5)", "3C(5)", "1-5C", "3E", "1+E", "2-4E", "4FS", "1+S", "2-5S", "1+FS", "1-3F", "2+F", "1-3FC(4)", "2+C(3)",
	"1+CF", "3EF", "1-2,3E", "2S,1+C(3)", "1+ESC(6)"}

// plainMoves lists the rows a move leaves, from the rules alone: the
// coins turned are a set the rule allows whose rightmost is heads; rows
// are bit masks, coin c the bit c−1.
func plainMoves(r Rule, row uint32, coins int) []uint32 {
	var out []uint32
	for n := 1; n <= coins; n++ {
		if row>>(n-1)&1 == 0 {
			continue
		}
		// every set of coins below n that some part of the code allows
		for s := uint32(0); s < uint32(1)<<(n-1); s++ {
			k := bits.OnesCount32(s) + 1
			run := uint32(1)<<(n-1) - uint32(1)<<(n-k) // the k−1 coins just below n
			all := s | uint32(1)<<(n-1)
			low := bits.TrailingZeros32(all) + 1 // the leftmost coin turned
			// spaced reports whether the coins turned are equally spaced,
			// mirror whether they are symmetric about their middle.
			spaced := func() bool {
				var gaps []int
				for last, m := 0, 1; m <= n; m++ {
					if all>>(m-1)&1 != 0 {
						if last > 0 {
							gaps = append(gaps, m-last)
						}
						last = m
					}
				}
				for _, d := range gaps {
					if d != gaps[0] {
						return false
					}
				}
				return true
			}
			mirror := func() bool {
				for m := low; m <= n; m++ {
					if all>>(m-1)&1 != all>>(low+n-m-1)&1 {
						return false
					}
				}
				return true
			}
			legal := false
			for _, p := range r {
				if k >= p.Least && (p.Most == unbounded || k <= p.Most) && (!p.Consecutive || s == run) &&
					(!p.First || low == 1) && (p.Span == 0 || n-low+1 <= p.Span) &&
					(!p.Equal || spaced()) && (!p.Symmetric || mirror()) {
					legal = true
				}
			}
			if legal {
				out = append(out, row^s^uint32(1)<<(n-1))
			}
		}
	}
	return out
}

// plainGrundy is the Sprague–Grundy value of a whole row by search.
func plainGrundy(r Rule, row uint32, coins int, memo map[uint32]uint64) uint64 {
	if v, ok := memo[row]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for _, m := range plainMoves(r, row, coins) {
		seen[plainGrundy(r, m, coins, memo)] = true
	}
	g := uint64(0)
	for seen[g] {
		g++
	}
	memo[row] = g
	return g
}

// TestAgainstPlainSearch: for every row of 10 coins, the nim-sum of the
// heads' values (the recurrence, and the closed form where there is one)
// is the row's value by a plain search of whole rows: the recurrence and
// the coin-turning theorem both hold.
func TestAgainstPlainSearch(t *testing.T) {
	const coins = 10
	for _, spec := range rules {
		r, err := ParseRule(spec)
		if err != nil {
			t.Fatal(err)
		}
		v := NewValues(r)
		if err := v.Extend(context.Background(), coins); err != nil {
			t.Fatal(err)
		}
		memo := map[uint32]uint64{}
		for row := uint32(0); row < 1<<coins; row++ {
			var sum, closed uint64
			for c := 1; c <= coins; c++ {
				if row>>(c-1)&1 != 0 {
					sum ^= v.G(c)
					if f := r.closed(); f != nil {
						closed ^= f(uint64(c))
					}
				}
			}
			want := plainGrundy(r, row, coins, memo)
			if sum != want {
				t.Fatalf("turning:%s row %010b: nim-sum of heads %d, plain search %d", spec, row, sum, want)
			}
			if r.closed() != nil && closed != want {
				t.Fatalf("turning:%s row %010b: closed form %d, plain search %d", spec, row, closed, want)
			}
		}
	}
}

// TestClosedForms: Winning Ways' closed forms equal the recurrence far
// past the plain search's rows.
func TestClosedForms(t *testing.T) {
	for _, spec := range []string{"1", "2", "1-2", "1-3", "1+C"} {
		r, _ := ParseRule(spec)
		n := 3000
		if spec == "1+C" {
			n = 600 // the recurrence of a run is quadratic
		}
		v := NewValues(r)
		if err := v.Extend(context.Background(), n); err != nil {
			t.Fatal(err)
		}
		f := r.closed()
		for c := 1; c <= n; c++ {
			if got := f(uint64(c)); got != v.G(c) {
				t.Fatalf("turning:%s coin %d: closed form %d, recurrence %d", spec, c, got, v.G(c))
			}
		}
	}
}

// TestPublished pins the sequences Winning Ways (ch. 14) names: Mock
// Turtles' values are the odious numbers (OEIS A000069), Ruler's the
// largest power of 2 dividing n (A006519), Turtles' n.
func TestPublished(t *testing.T) {
	for _, c := range []struct {
		game string
		want []uint64
	}{
		{"mock-turtles", []uint64{0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31}},
		{"ruler", []uint64{0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16}},
		{"turtles", []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}},
		{"twins", []uint64{0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
	} {
		inst, err := catalog.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := inst.(catalog.Tabler).Table(context.Background(), len(c.want), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tab.Values, c.want) {
			t.Errorf("%s: %v, want %v", c.game, tab.Values, c.want)
		}
	}
}

// TestWinningMoves: on random rows of up to 11 coins, every winning move
// listed is a move of the rules to a row of value 0 (plain search), and
// when the list says it is complete it is every such move.
func TestWinningMoves(t *testing.T) {
	const coins = 11
	rng := rand.New(rand.NewPCG(1, 2))
	for i, spec := range rules {
		r, _ := ParseRule(spec)
		inst := newInstance("turning:"+spec, r)
		memo := map[uint32]uint64{}
		rows := 25
		if i >= modifiedRules {
			rows = 8 // the modifiers' rules: their plain moves cost more to search
		}
		for range rows {
			row := rng.Uint32N(1 << coins)
			rep, err := inst.Solve(context.Background(), []string{heads(row)}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if want := plainGrundy(r, row, coins, memo); rep.Grundy.Uint64() != want {
				t.Fatalf("turning:%s %s: grundy %v, plain %d", spec, heads(row), rep.Grundy, want)
			}
			legal := map[string]bool{}
			var winning []string
			for _, m := range plainMoves(r, row, coins) {
				legal[heads(m)] = true
				if plainGrundy(r, m, coins, memo) == 0 && !slices.Contains(winning, heads(m)) {
					winning = append(winning, heads(m))
				}
			}
			for _, m := range rep.WinningMoves {
				if !legal[m] {
					t.Fatalf("turning:%s %s: winning move to %s is no move of the rules", spec, heads(row), m)
				}
				if !slices.Contains(winning, m) {
					t.Fatalf("turning:%s %s: move to %s does not win", spec, heads(row), m)
				}
			}
			if len(winning) > 0 && len(rep.WinningMoves) == 0 {
				t.Fatalf("turning:%s %s: no winning move listed; %v win", spec, heads(row), winning)
			}
			if !rep.MovesIncomplete && len(rep.WinningMoves) != len(winning) {
				t.Fatalf("turning:%s %s: %d winning moves listed as complete, plain search finds %d: %v", spec, heads(row), len(rep.WinningMoves), len(winning), winning)
			}
		}
	}
}

// TestLargeCoins: past the recurrence, the closed forms value the coins
// and find the moves of one or two coins, which win.
func TestLargeCoins(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		grundy    uint64
		move      string
	}{
		// 10^12 and 10^12 − 5 are both heads; Turtles: turn 10^12 and
		// the coin 10^12 ⊕ (10^12 − 5) ⊕ 10^12 … the coin worth the
		// nim-sum of the rest.
		{"turtles", "999999999995 1000000000000", 999999999995 ^ 1000000000000, ""},
		{"mock-turtles", "5000 1000000000000", odious(5000) ^ odious(1000000000000), ""},
	} {
		inst, _ := catalog.Lookup(c.game)
		rep, err := inst.Solve(context.Background(), strings.Fields(c.pos), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Grundy.Uint64() != c.grundy {
			t.Errorf("%s %s: grundy %v, want %d", c.game, c.pos, rep.Grundy, c.grundy)
		}
		// Each move listed leaves a position of value 0.
		for _, m := range rep.WinningMoves {
			after, err := inst.Solve(context.Background(), []string{m}, catalog.Options{})
			if err != nil || after.Grundy.Sign() != 0 {
				t.Errorf("%s %s → %s: %v %v", c.game, c.pos, m, after, err)
			}
		}
		if len(rep.WinningMoves) == 0 {
			t.Errorf("%s %s: no winning move found", c.game, c.pos)
		}
	}
}

// TestBadInput: each mistake is named.
func TestBadInput(t *testing.T) {
	for _, c := range []struct{ game, pos, want string }{
		{"mock-turtles", "3 3", "coin 3 is given twice"},
		{"mock-turtles", "0", `bad coin "0"`},
		{"mock-turtles", "HTX", `bad coin "HTX"`},
		{"moebius", "5000", "moebius values coins up to 4096"},
		{"mogul", "200", "past the values this recurrence holds"},
	} {
		inst, _ := catalog.Lookup(c.game)
		_, err := inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: error %v, want one saying %q", c.game, c.pos, err, c.want)
		}
	}
	for _, code := range []string{"", "x", "3-1", "3X", "1-3C(5", "1-3C(0)", "3EE", "3C(2)C(3)", "0", "1,,2"} {
		if _, err := ParseRule(code); err == nil {
			t.Errorf("turning code %q accepted", code)
		}
	}
}

// TestCGSuiteModifiers pins CGSuite's values of the heap forms of its
// turning codes with modifiers (GameHeapTest, "define other heap games
// properly": game.heap.Spawning(code), heaps = coins 1 … 20), and the
// number of moves from the coin 20 (Options.Size): Mock Turtle Fives,
// Triplet Fives, Ruler Fives, Turnips, Grunt and Sym of Winning Ways ch. 14.
func TestCGSuiteModifiers(t *testing.T) {
	for _, tc := range []struct {
		code   string
		moves  int
		values string
	}{
		{"1-3C(5)", 11, "1 2 4 7 8 1 2 4 7 8 1 2 4 7 8 1 2 4 7 8"},
		{"3C(5)", 6, "0 0 1 2 4 0 0 1 2 4 0 0 1 2 4 0 0 1 2 4"},
		{"1-5C", 5, "1 2 1 4 1 2 1 4 1 2 1 4 1 2 1 4 1 2 1 4"},
		{"3E", 9, "0 0 1 0 0 1 2 2 1 0 0 1 0 0 1 2 2 1 4 4"},
		{"4FS", 9, "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3"},
		{"1+S", 2046, "1 2 4 3 6 7 8 16 18 25 32 11 64 31 128 10 256 5 512 28"},
		{"1-3", 191, "1 2 4 7 8 11 13 14 16 19 21 22 25 26 28 31 32 35 37 38"},
		{"3", 171, "0 0 1 2 4 7 8 11 13 14 16 19 21 22 25 26 28 31 32 35"},
		{"1+C", 20, "1 2 1 4 1 2 1 8 1 2 1 4 1 2 1 16 1 2 1 4"},
	} {
		r, err := ParseRule(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		v := NewValues(r)
		if err := v.Extend(context.Background(), 20); err != nil {
			t.Fatal(err)
		}
		var got []string
		for c := 1; c <= 20; c++ {
			got = append(got, strconv.FormatUint(v.G(c), 10))
		}
		if g := strings.Join(got, " "); g != tc.values {
			t.Errorf("turning:%s coins 1…20: %s, CGSuite %s", tc.code, g, tc.values)
		}
		moves := len(plainMoves(r, 1<<19, 20))
		if moves != tc.moves {
			t.Errorf("turning:%s: %d moves from coin 20, CGSuite %d", tc.code, moves, tc.moves)
		}
		if r.String() != strings.ToUpper(tc.code) {
			t.Errorf("%s written %s", tc.code, r)
		}
	}
}

// TestModifiedSets: the winning-move sets a modified part lists are the
// plain moves with the wanted nim-sum, all of them.
func TestModifiedSets(t *testing.T) {
	for _, code := range []string{"3E", "4FS", "1+S", "1-3C(5)", "1-3F", "2-4FC(5)", "1+CF"} {
		r, _ := ParseRule(code)
		v := NewValues(r)
		if err := v.Extend(context.Background(), 12); err != nil {
			t.Fatal(err)
		}
		for c := 1; c <= 12; c++ {
			for x := uint64(0); x < 16; x++ {
				sets, complete := v.Sets(x, c)
				if !complete {
					t.Fatalf("%s coin %d: incomplete", code, c)
				}
				got := map[uint32]bool{}
				for _, s := range sets {
					var m uint32
					for _, k := range s {
						m |= 1 << (k - 1)
					}
					got[m] = true
				}
				want := 0
				for _, row := range plainMoves(r, 1<<(c-1), c) {
					var y uint64
					for k := 1; k < c; k++ {
						if row>>(k-1)&1 != 0 {
							y ^= v.G(k)
						}
					}
					if y == x {
						want++
						if !got[row] {
							t.Fatalf("%s coin %d nim-sum %d: the set %b is missing", code, c, x, row)
						}
					}
				}
				if len(got) != want {
					t.Fatalf("%s coin %d nim-sum %d: %d sets, plain %d", code, c, x, len(got), want)
				}
			}
		}
	}
}

// TestCGSuite pins CGSuite's own test of its turning games
// (GameStripTest: game.strip.Turning("1-3")("htththtth").NimValue is 29),
// and that the codes read back as they are written.
func TestCGSuite(t *testing.T) {
	inst, _ := catalog.Lookup("turning:1-3")
	rep, err := inst.Solve(context.Background(), []string{"htththtth"}, catalog.Options{})
	if err != nil || rep.Grundy.Uint64() != 29 {
		t.Errorf("turning:1-3 htththtth: %v %v, want 29", rep, err)
	}
	for _, code := range rules {
		r, err := ParseRule(code)
		if err != nil || r.String() != code {
			t.Errorf("%q reads back as %q (%v)", code, r, err)
		}
	}
}

// TestRowNotation: a row of H and T reads as its heads.
func TestRowNotation(t *testing.T) {
	inst, _ := catalog.Lookup("mock-turtles")
	a, _ := inst.Solve(context.Background(), []string{"THHTH"}, catalog.Options{})
	b, _ := inst.Solve(context.Background(), []string{"2 3 5"}, catalog.Options{})
	if a.Position != "2 3 5" || a.Grundy.Cmp(b.Grundy) != 0 {
		t.Errorf("THHTH: %s %v; 2 3 5: %v", a.Position, a.Grundy, b.Grundy)
	}
}

func heads(row uint32) string {
	var out []string
	for c := 1; row != 0; c++ {
		if row&1 != 0 {
			out = append(out, strconv.Itoa(c))
		}
		row >>= 1
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, " ")
}

// plainMisereWins: under misère play the player to move wins a row with
// no move (the last mover lost), else when a move leaves a row lost.
func plainMisereWins(r Rule, row uint32, coins int, memo map[uint32]bool) bool {
	if w, ok := memo[row]; ok {
		return w
	}
	moves := plainMoves(r, row, coins)
	win := len(moves) == 0
	for _, m := range moves {
		if !plainMisereWins(r, m, coins, memo) {
			win = true
			break
		}
	}
	memo[row] = win
	return win
}

// TestMisere: under misère play every row's outcome, and each winning
// move, is the plain search's.
func TestMisere(t *testing.T) {
	const coins = 9
	for _, spec := range []string{"1-2", "1-3", "2", "1+C", "1-2,4", "2+"} {
		r, _ := ParseRule(spec)
		inst := newInstance("turning:"+spec, r)
		memo := map[uint32]bool{}
		for row := uint32(0); row < 1<<coins; row += 7 {
			rep, err := inst.SolveMisere(context.Background(), []string{heads(row)}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := map[bool]string{true: "N", false: "P"}[plainMisereWins(r, row, coins, memo)]
			if rep.Outcome != want {
				t.Fatalf("turning:%s %s misère: %s, plain %s", spec, heads(row), rep.Outcome, want)
			}
			for _, m := range rep.WinningMoves {
				after, err := inst.SolveMisere(context.Background(), []string{m}, catalog.Options{})
				if err != nil || after.Outcome != "P" {
					t.Fatalf("turning:%s %s → %s misère: %v %v", spec, heads(row), m, after, err)
				}
			}
		}
	}
	if _, err := newInstance("mock-turtles", Rule{{Least: 1, Most: 3}}).SolveMisere(context.Background(), []string{"21"}, catalog.Options{}); err == nil || !strings.Contains(err.Error(), "coins up to 20") {
		t.Errorf("coin 21 under misère play: %v", err)
	}
}

// TestEachSet: the heap form's options are the plain moves from the coin
// c alone (every rule, coins up to 10), each once per part that allows
// it.
func TestEachSet(t *testing.T) {
	for _, spec := range rules {
		r, _ := ParseRule(spec)
		for c := 1; c <= 10; c++ {
			got := map[uint32]bool{}
			r.EachSet(c, func(s []int) bool {
				var m uint32
				for _, k := range s {
					m |= 1 << (k - 1)
				}
				got[m] = true
				return true
			})
			want := plainMoves(r, 1<<(c-1), c)
			if len(got) != len(want) {
				t.Fatalf("turning:%s coin %d: %d sets, plain %d", spec, c, len(got), len(want))
			}
			for _, row := range want {
				if !got[row] {
					t.Fatalf("turning:%s coin %d: the set %b is missing", spec, c, row)
				}
			}
		}
	}
}

// FuzzParseRule: any text is read or refused in one line, never a panic;
// a code read writes itself back as the same rule, whose sets of a small
// coin can be listed.
func FuzzParseRule(f *testing.F) {
	for _, s := range append(slices.Clone(rules), "1-3C(5", "3EE", "C(4)", "1+FSEC(3)C", "") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		r, err := ParseRule(code)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error of several lines", code)
			}
			return
		}
		again, err := ParseRule(r.String())
		if err != nil || !slices.Equal(again, r) {
			t.Fatalf("%q written %q reads back as %v, %v", code, r, again, err)
		}
		for c := 1; c <= 6; c++ {
			r.EachSet(c, func(s []int) bool {
				for _, m := range s {
					if m < 1 || m >= c {
						t.Fatalf("%q coin %d: the set %v", code, c, s)
					}
				}
				return true
			})
		}
	})
}
