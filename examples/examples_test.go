package examples

import (
	"bufio"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/nimber"
	"github.com/grundy-go/grundy/script"
)

// --- helpers ---------------------------------------------------------------

func load(t *testing.T, file string, params map[string]string) *script.Solver {
	t.Helper()
	g, err := script.Load(context.Background(), file, nil, script.Options{Params: params})
	if err != nil {
		t.Fatalf("%s %v: %v", file, params, err)
	}
	return script.NewSolver(g, script.SolveOptions{})
}

// solve solves the position given as a Starlark expression ("" for the
// script's start).
func solve(t *testing.T, s *script.Solver, expr string) *script.Result {
	t.Helper()
	ctx := context.Background()
	p, err := s.Game().Parse(ctx, nil, expr)
	if err != nil {
		t.Fatalf("%s: position %q: %v", s.Game().File(), expr, err)
	}
	r, err := s.Solve(ctx, p)
	if err != nil {
		t.Fatalf("%s: position %q: %v", s.Game().File(), expr, err)
	}
	return r
}

// grundyOf returns the Sprague–Grundy value of a position value.
func grundyOf(t *testing.T, s *script.Solver, v starlark.Value) uint64 {
	t.Helper()
	p, err := s.Game().Intern(v)
	if err != nil {
		t.Fatal(err)
	}
	g, pure, err := s.Grundy(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !pure {
		t.Fatalf("%s: values are not pure Sprague–Grundy values", s.Game().File())
	}
	return g
}

func tuple(xs ...int) starlark.Tuple {
	t := make(starlark.Tuple, len(xs))
	for i, x := range xs {
		t[i] = starlark.MakeInt(x)
	}
	return t
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

func mex(vals map[uint64]bool) uint64 {
	var m uint64
	for vals[m] {
		m++
	}
	return m
}

func outcomeOf(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// --- published answers ------------------------------------------------------

func TestPublished(t *testing.T) {
	f, err := os.Open("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "|")
		if len(fields) != 4 {
			t.Fatalf("published.txt:%d: expected 4 fields", line)
		}
		params := map[string]string{}
		for _, kv := range strings.Fields(fields[1]) {
			k, v, _ := strings.Cut(kv, "=")
			params[k] = v
		}
		expr := strings.TrimSpace(fields[2])
		if expr == "-" {
			expr = ""
		}
		s := load(t, strings.TrimSpace(fields[0]), params)
		r := solve(t, s, expr)
		if want := strings.TrimSpace(fields[3]); r.Outcome != want {
			t.Errorf("published.txt:%d: %s: outcome %s, want %s", line, text, r.Outcome, want)
		}
		n++
	}
	if n < 15 {
		t.Fatalf("only %d published cases read", n)
	}
}

// --- T-Shirts ---------------------------------------------------------------

// tshirtBrute plays the game on a bitmask of shirts: the mover removes the
// shirt that leaves the final shirt it ranks best.
func tshirtBrute(mask uint, n int, rank [3][]int, memo map[uint]int) int {
	if bits.OnesCount(mask) == 1 {
		return bits.TrailingZeros(mask)
	}
	if r, ok := memo[mask]; ok {
		return r
	}
	mover := (n - bits.OnesCount(mask)) % 3
	best := -1
	for i := 0; i < n; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		r := tshirtBrute(mask&^(1<<i), n, rank, memo)
		if best < 0 || rank[mover][r] < rank[mover][best] {
			best = r
		}
	}
	memo[mask] = best
	return best
}

func TestTShirts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for c := 0; c < 40; c++ {
		n := 2 + rng.IntN(6)
		var orders [3][]int
		var rank [3][]int
		for i := range orders {
			orders[i] = rng.Perm(n)
			rank[i] = make([]int, n)
			for place, s := range orders[i] {
				rank[i][s] = place
			}
		}
		prefs := ints(orders[0]) + ";" + ints(orders[1]) + ";" + ints(orders[2])
		s := load(t, "tshirts.star", map[string]string{"prefs": prefs})
		r := solve(t, s, "")
		want := tshirtBrute(1<<n-1, n, rank, map[uint]int{})
		if r.Final != fmt.Sprintf("(%d,)", want) {
			t.Fatalf("prefs %q: final %s, want shirt %d", prefs, r.Final, want)
		}
		if r.Solver != "payoff" || len(r.Payoff) != 3 {
			t.Fatalf("prefs %q: solved by %s with payoff %v", prefs, r.Solver, r.Payoff)
		}
		// The payoff vector is in turn order from player 0, who moves first.
		for i := 0; i < 3; i++ {
			if r.Payoff[i] != fmt.Sprint(n-1-rank[i][want]) {
				t.Fatalf("prefs %q: payoff %v for shirt %d", prefs, r.Payoff, want)
			}
		}
	}
}

// --- Folding strip ----------------------------------------------------------

// A physical strip: each cell is a stack of layers, top first, each layer
// a card with an up face and a down face. Folding turns a half upside
// down (reversing its stack and swapping each card's faces) and lays it
// on, or under, the other half.
type layer struct{ up, down byte }

func flip(stack []layer) []layer {
	out := make([]layer, len(stack))
	for i, l := range stack {
		out[len(stack)-1-i] = layer{l.down, l.up}
	}
	return out
}

func fold(strip [][]layer, rightHalf, over bool) [][]layer {
	h := len(strip) / 2
	stay, move := strip[:h], strip[h:]
	if !rightHalf {
		stay, move = strip[h:], strip[:h]
	}
	out := make([][]layer, h)
	for j := 0; j < h; j++ {
		// The moving cell mirrored onto the staying cell j.
		m := flip(move[h-1-j])
		if over {
			out[j] = append(append([]layer{}, m...), stay[j]...)
		} else {
			out[j] = append(append([]layer{}, stay[j]...), m...)
		}
	}
	return out
}

// stripBrute returns +1 if Alice wins, -1 if Bob wins, 0 for a draw.
func stripBrute(strip [][]layer, alice bool) int {
	if len(strip)%2 == 1 {
		a, b := false, false
		for _, cell := range strip {
			for _, c := range []byte{cell[0].up, cell[len(cell)-1].down} {
				a = a || c == 'A'
				b = b || c == 'B'
			}
		}
		switch {
		case !b:
			return 1
		case !a:
			return -1
		}
		return 0
	}
	best := -2
	if !alice {
		best = 2
	}
	for _, right := range []bool{false, true} {
		for _, over := range []bool{false, true} {
			r := stripBrute(fold(strip, right, over), !alice)
			if alice && r > best || !alice && r < best {
				best = r
			}
		}
	}
	return best
}

func TestStrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]bool{}
	for c := 0; c < 60; c++ {
		n := []int{2, 4, 6, 8, 12, 16}[rng.IntN(6)]
		top, bottom := make([]byte, n), make([]byte, n)
		for i := range top {
			top[i] = "AB"[rng.IntN(2)]
			bottom[i] = "AB"[rng.IntN(2)]
			if rng.IntN(3) == 0 { // bias towards one letter, for wins
				top[i], bottom[i] = 'A', 'A'
			}
		}
		strip := make([][]layer, n)
		for i := range strip {
			strip[i] = []layer{{top[i], bottom[i]}}
		}
		want := map[int]string{1: "N", -1: "P", 0: "D"}[stripBrute(strip, true)]
		seen[want] = true
		s := load(t, "strip.star", map[string]string{"top": string(top), "bottom": string(bottom)})
		r := solve(t, s, "")
		if r.Outcome != want {
			t.Fatalf("strip %s/%s: outcome %s, want %s", top, bottom, r.Outcome, want)
		}
		if want == "D" && r.Solver != "retro" {
			t.Fatalf("strip %s/%s: solved by %s, want retro (the game has drawn ends)", top, bottom, r.Solver)
		}
	}
	if len(seen) != 3 {
		t.Fatalf("the random strips met only the outcomes %v", seen)
	}
}

// --- Sorted removal ---------------------------------------------------------

func sortedBrute(a []int, mask uint, memo map[uint]bool) bool {
	if w, ok := memo[mask]; ok {
		return w
	}
	inc, last, first := true, 0, true
	for i, x := range a {
		if mask&(1<<i) != 0 {
			if !first && x <= last {
				inc = false
			}
			last, first = x, false
		}
	}
	win := false
	if !inc {
		for i := range a {
			if mask&(1<<i) != 0 && !sortedBrute(a, mask&^(1<<i), memo) {
				win = true
				break
			}
		}
	}
	memo[mask] = win
	return win
}

func TestSortedRemoval(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for c := 0; c < 40; c++ {
		n := 1 + rng.IntN(9)
		a := make([]int, n)
		for i := range a {
			a[i] = 1 + rng.IntN(6)
		}
		s := load(t, "sorted.star", map[string]string{"a": ints(a)})
		r := solve(t, s, "")
		memo := map[uint]bool{}
		if want := outcomeOf(sortedBrute(a, 1<<n-1, memo)); r.Outcome != want {
			t.Fatalf("a = %v: outcome %s, want %s", a, r.Outcome, want)
		}
		// The winning moves are exactly the deletions that leave a lost
		// array.
		var want []string
		for i := 0; i < n; i++ {
			if m := uint(1<<n-1) &^ (1 << i); r.Outcome == "N" && !sortedBrute(a, m, memo) {
				want = append(want, fmt.Sprint(m))
			}
		}
		if fmt.Sprint(r.WinningMoves) != fmt.Sprint(want) && !(len(want) == 0 && len(r.WinningMoves) == 0) {
			t.Fatalf("a = %v: winning moves %v, want %v", a, r.WinningMoves, want)
		}
	}
}

// --- Calendar game ----------------------------------------------------------

func TestCalendar(t *testing.T) {
	s := load(t, "calendar.star", nil)
	end := time.Date(2001, 11, 4, 0, 0, 0, 0, time.UTC)
	// The brute force walks the dates backwards with Go's calendar: a date
	// wins when a move reaches a losing date (the end date is lost for
	// the player to move: the opponent has reached it).
	win := map[time.Time]bool{end: false}
	count := 0
	for d := end.AddDate(0, 0, -1); !d.Before(time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)); d = d.AddDate(0, 0, -1) {
		next := d.AddDate(0, 0, 1)
		w := !win[next]
		// Same day of the next month, when that date exists.
		y, m, day := d.Date()
		nm := time.Date(y, m+1, day, 0, 0, 0, 0, time.UTC)
		if nm.Day() == day && !nm.After(end) && !win[nm] {
			w = true
		}
		win[d] = w
		// The published closed form.
		closed := (int(m)+day)%2 == 0 || day == 30 && (m == 9 || m == 11)
		if closed != w {
			t.Fatalf("%s: brute force %v, closed form %v", d.Format("2006-01-02"), w, closed)
		}
		if g := grundyOf(t, s, tuple(y, int(m), day)); (g != 0) != w {
			t.Fatalf("%s: script value %d, brute force says win=%v", d.Format("2006-01-02"), g, w)
		}
		count++
	}
	if count < 37000 {
		t.Fatalf("only %d dates", count)
	}
}

// --- World of Darkraft ------------------------------------------------------

// darkraftBrute computes the Sprague–Grundy value of the literal game:
// cells alive in a bitmask, rays fired and followed cell by cell.
func darkraftBrute(grid []string, mask uint, memo map[uint]uint64) uint64 {
	if v, ok := memo[mask]; ok {
		return v
	}
	n, m := len(grid), len(grid[0])
	opts := map[uint64]bool{}
	for x := 0; x < n; x++ {
		for y := 0; y < m; y++ {
			bit := uint(1) << (x*m + y)
			if mask&bit == 0 {
				continue
			}
			after := mask &^ bit
			var dirs [][2]int
			switch grid[x][y] {
			case 'L':
				dirs = [][2]int{{1, -1}, {-1, 1}}
			case 'R':
				dirs = [][2]int{{-1, -1}, {1, 1}}
			default:
				dirs = [][2]int{{1, -1}, {-1, 1}, {-1, -1}, {1, 1}}
			}
			for _, d := range dirs {
				for i, j := x+d[0], y+d[1]; i >= 0 && i < n && j >= 0 && j < m; i, j = i+d[0], j+d[1] {
					b := uint(1) << (i*m + j)
					if after&b == 0 {
						break
					}
					after &^= b
				}
			}
			opts[darkraftBrute(grid, after, memo)] = true
		}
	}
	v := mex(opts)
	memo[mask] = v
	return v
}

func TestDarkraft(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for c := 0; c < 30; c++ {
		n, m := 1+rng.IntN(4), 1+rng.IntN(4)
		grid := make([]string, n)
		for i := range grid {
			row := make([]byte, m)
			for j := range row {
				row[j] = "LRX"[rng.IntN(3)]
			}
			grid[i] = string(row)
		}
		s := load(t, "darkraft.star", map[string]string{"grid": strings.Join(grid, "/")})
		r := solve(t, s, "")
		want := darkraftBrute(grid, 1<<(n*m)-1, map[uint]uint64{})
		if r.Grundy == nil || r.Grundy.Uint64() != want {
			t.Fatalf("grid %v: grundy %v, want %d", grid, r.Grundy, want)
		}
	}
}

// --- Tree switches ----------------------------------------------------------

func treeBrute(parent []int, mask uint, memo map[uint]uint64) uint64 {
	if v, ok := memo[mask]; ok {
		return v
	}
	opts := map[uint64]bool{}
	for v := 1; v <= len(parent); v++ {
		if mask&(1<<(v-1)) == 0 {
			continue
		}
		next := mask
		for u := v; u != 0; u = parent[u-1] {
			next ^= 1 << (u - 1)
		}
		opts[treeBrute(parent, next, memo)] = true
	}
	g := mex(opts)
	memo[mask] = g
	return g
}

func TestTreeSwitches(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for c := 0; c < 40; c++ {
		n := 1 + rng.IntN(9) // nodes other than the root
		parent, w := make([]int, n), make([]int, n)
		var mask uint
		rootOnes := 0
		for v := 1; v <= n; v++ {
			parent[v-1] = rng.IntN(v)
			w[v-1] = rng.IntN(2)
			if w[v-1] == 1 {
				mask |= 1 << (v - 1)
				if parent[v-1] == 0 {
					rootOnes++
				}
			}
		}
		s := load(t, "tree.star", map[string]string{"parents": ints(parent), "weights": ints(w)})
		r := solve(t, s, "")
		want := treeBrute(parent, mask, map[uint]uint64{})
		if r.Grundy == nil || r.Grundy.Uint64() != want {
			t.Fatalf("parents %v weights %v: grundy %v, want %d", parent, w, r.Grundy, want)
		}
		if closed := outcomeOf(rootOnes%2 == 1); r.Outcome != closed {
			t.Fatalf("parents %v weights %v: outcome %s, closed form %s", parent, w, r.Outcome, closed)
		}
	}
}

// --- Cutting paper ------------------------------------------------------------

// cuttingLiteral plays the literal rules on a multiset of sheets: a cut
// that produces a 1 x 1 piece wins at once.
func cuttingLiteral(sheets [][2]int, memo map[string]bool) bool {
	norm := make([][2]int, len(sheets))
	for i, s := range sheets {
		norm[i] = [2]int{min(s[0], s[1]), max(s[0], s[1])}
	}
	sort.Slice(norm, func(i, j int) bool {
		return norm[i][0] < norm[j][0] || norm[i][0] == norm[j][0] && norm[i][1] < norm[j][1]
	})
	k := fmt.Sprint(norm)
	if w, ok := memo[k]; ok {
		return w
	}
	win := false
	for i, s := range norm {
		rest := append(append([][2]int{}, norm[:i]...), norm[i+1:]...)
		var cuts [][2][2]int
		for a := 1; a < s[0]; a++ {
			cuts = append(cuts, [2][2]int{{a, s[1]}, {s[0] - a, s[1]}})
		}
		for b := 1; b < s[1]; b++ {
			cuts = append(cuts, [2][2]int{{s[0], b}, {s[0], s[1] - b}})
		}
		for _, c := range cuts {
			if c[0] == [2]int{1, 1} || c[1] == [2]int{1, 1} || !cuttingLiteral(append(append([][2]int{}, rest...), c[0], c[1]), memo) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	memo[k] = win
	return win
}

// cuttingSG is the textbook recursion for the reduced game (POJ 2311).
func cuttingSG(w, h int, memo map[[2]int]uint64) uint64 {
	if v, ok := memo[[2]int{w, h}]; ok {
		return v
	}
	opts := map[uint64]bool{}
	for a := 2; w-a >= 2; a++ {
		opts[cuttingSG(a, h, memo)^cuttingSG(w-a, h, memo)] = true
	}
	for b := 2; h-b >= 2; b++ {
		opts[cuttingSG(w, b, memo)^cuttingSG(w, h-b, memo)] = true
	}
	v := mex(opts)
	memo[[2]int{w, h}] = v
	return v
}

func TestCuttingPaper(t *testing.T) {
	literal := map[string]bool{}
	sg := map[[2]int]uint64{}
	s := load(t, "cutting.star", nil)
	for w := 2; w <= 12; w++ {
		for h := 2; h <= 12; h++ {
			g := grundyOf(t, s, starlark.Tuple{tuple(w, h)})
			if want := cuttingSG(w, h, sg); g != want {
				t.Fatalf("%dx%d: grundy %d, recursion %d", w, h, g, want)
			}
			if w*h <= 20 {
				if win := cuttingLiteral([][2]int{{w, h}}, literal); win != (g != 0) {
					t.Fatalf("%dx%d: script value %d, the literal rules say win=%v", w, h, g, win)
				}
			}
		}
	}
	// Sums of sheets.
	rng := rand.New(rand.NewPCG(11, 12))
	for c := 0; c < 30; c++ {
		var sheets starlark.Tuple
		var want uint64
		for k := 1 + rng.IntN(3); k > 0; k-- {
			w, h := 2+rng.IntN(9), 2+rng.IntN(9)
			sheets = append(sheets, tuple(w, h))
			want ^= cuttingSG(w, h, sg)
		}
		if g := grundyOf(t, s, sheets); g != want {
			t.Fatalf("%v: grundy %d, want %d", sheets, g, want)
		}
	}
}

// --- S-Nim and Fibonacci again ------------------------------------------------

func subtractionSG(set []int, upto int) []uint64 {
	g := make([]uint64, upto+1)
	for n := range g {
		opts := map[uint64]bool{}
		for _, s := range set {
			if s <= n {
				opts[g[n-s]] = true
			}
		}
		g[n] = mex(opts)
	}
	return g
}

func TestSNim(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for c := 0; c < 20; c++ {
		var set []int
		for s := 1; s <= 8; s++ {
			if rng.IntN(3) == 0 {
				set = append(set, s)
			}
		}
		if len(set) == 0 {
			set = []int{1 + rng.IntN(8)}
		}
		sg := subtractionSG(set, 40)
		param := strings.ReplaceAll(ints(set), " ", ",")
		s := load(t, "snim.star", map[string]string{"s": param})
		for k := 0; k < 10; k++ {
			heaps := make([]int, 1+rng.IntN(4))
			var want uint64
			for i := range heaps {
				heaps[i] = rng.IntN(41)
				want ^= sg[heaps[i]]
			}
			if g := grundyOf(t, s, tuple(heaps...)); g != want {
				t.Fatalf("S = %v, heaps %v: grundy %d, want %d", set, heaps, g, want)
			}
		}
	}
}

func TestFibonacciAgain(t *testing.T) {
	fib := []int{1, 2}
	for fib[len(fib)-1] < 1000 {
		fib = append(fib, fib[len(fib)-1]+fib[len(fib)-2])
	}
	sg := subtractionSG(fib, 300)
	s := load(t, "fibonacci.star", nil)
	rng := rand.New(rand.NewPCG(15, 16))
	for c := 0; c < 200; c++ {
		m, n, p := rng.IntN(301), rng.IntN(301), rng.IntN(301)
		want := sg[m] ^ sg[n] ^ sg[p]
		if g := grundyOf(t, s, tuple(m, n, p)); g != want {
			t.Fatalf("heaps %d %d %d: grundy %d, want %d", m, n, p, g, want)
		}
	}
}

// --- The multiplication game -------------------------------------------------

func multiplicationClosed(n int) bool {
	for n > 18 {
		n = (n + 17) / 18
	}
	return n <= 9
}

func multiplicationBrute(p, n int, memo map[int]bool) bool {
	if p >= n {
		return false // the opponent reached n
	}
	if w, ok := memo[p]; ok {
		return w
	}
	w := false
	for k := 2; k <= 9 && !w; k++ {
		w = !multiplicationBrute(p*k, n, memo)
	}
	memo[p] = w
	return w
}

func TestMultiplication(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	cases := []int{2, 9, 10, 18, 19, 162, 163, 324, 325, 2916, 2917, 5832, 5833}
	for c := 0; c < 40; c++ {
		cases = append(cases, 2+rng.IntN(1_000_000))
	}
	for _, n := range cases {
		brute := multiplicationBrute(1, n, map[int]bool{})
		if closed := multiplicationClosed(n); closed != brute {
			t.Fatalf("n = %d: closed form %v, brute force %v", n, closed, brute)
		}
		s := load(t, "multiplication.star", map[string]string{"n": fmt.Sprint(n)})
		if r := solve(t, s, ""); r.Outcome != outcomeOf(brute) {
			t.Fatalf("n = %d: outcome %s, want %s", n, r.Outcome, outcomeOf(brute))
		}
	}
}

// --- Turning Corners ----------------------------------------------------------

// cornersBrute is the literal game on a small board, coins as a bitmask,
// with no splitting.
func cornersBrute(w, h int, mask uint, memo map[uint]uint64) uint64 {
	if v, ok := memo[mask]; ok {
		return v
	}
	opts := map[uint64]bool{}
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			if mask&(1<<(x*h+y)) == 0 {
				continue
			}
			for a := 0; a < x; a++ {
				for b := 0; b < y; b++ {
					next := mask ^ 1<<(a*h+b) ^ 1<<(a*h+y) ^ 1<<(x*h+b) ^ 1<<(x*h+y)
					opts[cornersBrute(w, h, next, memo)] = true
				}
			}
		}
	}
	v := mex(opts)
	memo[mask] = v
	return v
}

func TestTurningCorners(t *testing.T) {
	s := load(t, "corners.star", nil)
	rng := rand.New(rand.NewPCG(19, 20))
	// Against the Tartan theorem: x ⊗ y per coin, nim-summed.
	for c := 0; c < 100; c++ {
		var coins starlark.Tuple
		var want uint64
		used := map[[2]int]bool{}
		for k := 1 + rng.IntN(4); k > 0; k-- {
			x, y := rng.IntN(10), rng.IntN(10)
			if used[[2]int{x, y}] {
				continue
			}
			used[[2]int{x, y}] = true
			coins = append(coins, tuple(x, y))
			want ^= nimber.Mul(uint64(x), uint64(y))
		}
		if g := grundyOf(t, s, coins); g != want {
			t.Fatalf("heads %v: grundy %d, nim-products give %d", coins, g, want)
		}
	}
	// Against the literal game on a 3 x 4 board, where positions are not
	// split into coins.
	memo := map[uint]uint64{}
	for c := 0; c < 60; c++ {
		mask := uint(rng.IntN(1 << 12))
		var coins starlark.Tuple
		for x := 0; x < 3; x++ {
			for y := 0; y < 4; y++ {
				if mask&(1<<(x*4+y)) != 0 {
					coins = append(coins, tuple(x, y))
				}
			}
		}
		if g, want := grundyOf(t, s, coins), cornersBrute(3, 4, mask, memo); g != want {
			t.Fatalf("heads %v: grundy %d, literal game %d", coins, g, want)
		}
	}
}

// --- README ---------------------------------------------------------------------

// TestReadme checks that README.md has a line for every script.
func TestReadme(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := os.ReadDir(".")
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f.Name(), ".star") {
			n++
			if !strings.Contains(string(readme), "`"+f.Name()+"`") {
				t.Errorf("README.md has no line for %s", f.Name())
			}
		}
	}
	if n < 11 {
		t.Errorf("only %d scripts", n)
	}
}
