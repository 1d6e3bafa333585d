package catalog

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteHeaps is an exhaustive win/lose search over tuples of heaps,
// written from the rules alone: it shares no code with the games or the
// solver. take(h) lists the heaps a move can leave from h; misère flips the
// end: the player who cannot move wins.
type bruteHeaps struct {
	take   func(h int) []int
	misere bool
	memo   map[string]bool
}

func (b *bruteHeaps) wins(heaps []int) bool {
	key := fmt.Sprint(heaps)
	if v, ok := b.memo[key]; ok {
		return v
	}
	win, moved := false, false
	for i, h := range heaps {
		for _, to := range b.take(h) {
			moved = true
			next := slices.Clone(heaps)
			next[i] = to
			if !b.wins(next) {
				win = true
			}
		}
	}
	if !moved {
		win = b.misere
	}
	b.memo[key] = win
	return win
}

// winningMoves lists the positions a winning move leaves, in heap order
// then in the order of take.
func (b *bruteHeaps) winningMoves(heaps []int) []string {
	var out []string
	for i, h := range heaps {
		for _, to := range b.take(h) {
			next := slices.Clone(heaps)
			next[i] = to
			if !b.wins(next) {
				out = append(out, JoinInts(next))
			}
		}
	}
	return out
}

// grundyOne is the mex recursion on one heap.
func grundyOne(take func(int) []int, h int, memo map[int]int) int {
	if v, ok := memo[h]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, to := range take(h) {
		seen[grundyOne(take, to, memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[h] = v
	return v
}

func nimTake(h int) []int {
	var out []int
	for k := 0; k < h; k++ {
		out = append(out, k)
	}
	return out
}

func bashTake(m int) func(int) []int {
	return func(h int) []int {
		var out []int
		for t := 1; t <= m && t <= h; t++ {
			out = append(out, h-t)
		}
		return out
	}
}

func randomHeaps(rng *rand.Rand, count, maxHeap int) []int {
	heaps := make([]int, 1+rng.IntN(count))
	for i := range heaps {
		heaps[i] = rng.IntN(maxHeap + 1)
	}
	return heaps
}

func solveOrFail(t *testing.T, spec string, heaps []int, method Method) *Report {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), []string{JoinInts(heaps)}, Options{Method: method})
	if err != nil {
		t.Fatalf("%s %v: %v", spec, heaps, err)
	}
	return r
}

// checkAgainstBrute compares a report with the brute force: outcome and
// the exact list of winning moves (as sets: the brute force orders moves
// within a heap by the size left, the games by their own move order).
func checkAgainstBrute(t *testing.T, spec string, heaps []int, r *Report, b *bruteHeaps) {
	t.Helper()
	want := "P"
	if b.wins(heaps) {
		want = "N"
	}
	if r.Outcome != want {
		t.Fatalf("%s %v: outcome %s, brute force says %s", spec, heaps, r.Outcome, want)
	}
	got := slices.Sorted(slices.Values(r.WinningMoves))
	exp := slices.Sorted(slices.Values(b.winningMoves(heaps)))
	if strings.Join(got, "|") != strings.Join(exp, "|") {
		t.Fatalf("%s %v: winning moves %q, brute force says %q", spec, heaps, got, exp)
	}
}

func TestNimClosedFormAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	b := &bruteHeaps{take: nimTake, memo: map[string]bool{}}
	for range 400 {
		heaps := randomHeaps(rng, 4, 7)
		for _, m := range []Method{Auto, Search} {
			r := solveOrFail(t, "nim", heaps, m)
			checkAgainstBrute(t, "nim", heaps, r, b)
			var x int
			for _, h := range heaps {
				x ^= h
			}
			if r.Grundy.Int64() != int64(x) {
				t.Fatalf("nim %v: grundy %v, want %d", heaps, r.Grundy, x)
			}
		}
	}
}

func TestMisereNimAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	b := &bruteHeaps{take: nimTake, misere: true, memo: map[string]bool{}}
	for range 600 {
		heaps := randomHeaps(rng, 4, 5)
		r := solveOrFail(t, "misere-nim", heaps, Auto)
		checkAgainstBrute(t, "misere-nim", heaps, r, b)
		if r.Grundy != nil {
			t.Fatalf("misère Nim must not report a Sprague–Grundy value")
		}
	}
}

func TestBashClosedFormAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for m := 1; m <= 5; m++ {
		spec := fmt.Sprintf("bash:%d", m)
		b := &bruteHeaps{take: bashTake(m), memo: map[string]bool{}}
		gm := map[int]int{}
		for range 150 {
			heaps := randomHeaps(rng, 3, 14)
			for _, method := range []Method{Auto, Search} {
				r := solveOrFail(t, spec, heaps, method)
				checkAgainstBrute(t, spec, heaps, r, b)
				x := 0
				for _, h := range heaps {
					x ^= grundyOne(bashTake(m), h, gm)
				}
				if r.Grundy.Int64() != int64(x) {
					t.Fatalf("%s %v: grundy %v, want %d", spec, heaps, r.Grundy, x)
				}
			}
			// With one heap, the closed-form remoteness matches the search.
			one := heaps[:1]
			closed := solveOrFail(t, spec, one, Auto)
			searched := solveOrFail(t, spec, one, Search)
			if *closed.Remoteness != *searched.Remoteness {
				t.Fatalf("%s %v: remoteness %d by the closed form, %d by search", spec, one, *closed.Remoteness, *searched.Remoteness)
			}
		}
	}
}

func TestMisereBashAgainstBruteForce(t *testing.T) {
	for m := 1; m <= 5; m++ {
		spec := fmt.Sprintf("misere-bash:%d", m)
		b := &bruteHeaps{take: bashTake(m), misere: true, memo: map[string]bool{}}
		for n := 0; n <= 40; n++ {
			r := solveOrFail(t, spec, []int{n}, Auto)
			checkAgainstBrute(t, spec, []int{n}, r, b)
		}
	}
}

func TestSubtractionSearchAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for trial := range 60 {
		set := []int{}
		for s := 1; s <= 7; s++ {
			if rng.IntN(3) == 0 {
				set = append(set, s)
			}
		}
		if len(set) == 0 {
			set = []int{1 + trial%7}
		}
		take := func(h int) []int {
			var out []int
			for _, s := range set {
				if s <= h {
					out = append(out, h-s)
				}
			}
			return out
		}
		spec := "subtract:" + strings.ReplaceAll(JoinInts(set), " ", ",")
		b := &bruteHeaps{take: take, memo: map[string]bool{}}
		for range 10 {
			heaps := randomHeaps(rng, 3, 20)
			r := solveOrFail(t, spec, heaps, Auto)
			checkAgainstBrute(t, spec, heaps, r, b)
		}
	}
}

func TestFibonacciSubtraction(t *testing.T) {
	// HDU 1848 "Fibonacci again and again": the values of the Fibonacci
	// subtraction game start 0 1 2 3 0 1 2 3 4 5 0 (computed here by the
	// mex recursion, independently of the game's own move generator).
	fibs := []int{1, 2, 3, 5, 8, 13, 21, 34, 55, 89}
	take := func(h int) []int {
		var out []int
		for _, f := range fibs {
			if f <= h {
				out = append(out, h-f)
			}
		}
		return out
	}
	inst, _ := Lookup("fib")
	tab, err := inst.(Tabler).Table(context.Background(), 90, Options{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[int]int{}
	for n, v := range tab.Values {
		if want := grundyOne(take, n, memo); int(v) != want {
			t.Fatalf("fib G(%d) = %d, want %d", n, v, want)
		}
	}
	if got := fmt.Sprint(tab.Values[:11]); got != "[0 1 2 3 0 1 2 3 4 5 0]" {
		t.Fatalf("fib values start %s", got)
	}
}

func TestHundredThousandHeapNim(t *testing.T) {
	// Heaps 1..10^5: the nim-sum is 10^5 (n ≡ 0 mod 4), and every heap with
	// bit 16 set has a winning move — tens of thousands of positions of
	// 10^5 heaps each, too many to list: the report says how many there
	// are and lists what fits.
	const n = 100_000
	tokens := make([]string, n)
	x := 0
	for i := range tokens {
		tokens[i] = fmt.Sprint(i + 1)
		x ^= i + 1
	}
	if x != n {
		t.Fatalf("nim-sum of 1..%d is %d", n, x)
	}
	inst, _ := Lookup("nim")
	r, err := inst.Solve(context.Background(), tokens, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Grundy.Int64() != int64(x) || r.Outcome != "N" {
		t.Fatalf("grundy %v outcome %s, want %d N", r.Grundy, r.Outcome, x)
	}
	wins := 0
	for h := 1; h <= n; h++ {
		if h^x < h {
			wins++
		}
	}
	if r.MoveCount != wins || !r.MovesIncomplete || len(r.WinningMoves) == 0 || len(r.WinningMoves) >= wins {
		t.Fatalf("count %d (want %d), incomplete %v, listed %d", r.MoveCount, wins, r.MovesIncomplete, len(r.WinningMoves))
	}
	// The first listed move is the first heap with bit 16 set: 65536 → 65536 ⊕ x.
	first := strings.Fields(r.WinningMoves[0])
	if first[65535] != fmt.Sprint(65536^x) {
		t.Fatalf("first winning move leaves %s at heap 65536, want %d", first[65535], 65536^x)
	}
	b, err := r.MarshalJSON()
	if err != nil || !strings.Contains(string(b), fmt.Sprintf(`"winning_move_count":%d,"winning_moves_complete":false}`, wins)) {
		t.Fatalf("JSON does not carry the count: %v %.200s", err, b[len(b)-100:])
	}
}

// remotenessByDefinition is Steinhaus's remoteness of a position, from
// its definition over whole positions: 0 when no move is left; else one
// more than the least remoteness of a losing option when there is one (the
// winner hurries), or than the greatest remoteness of any option. next
// lists the positions one move leaves; key names a position in the memo.
func remotenessByDefinition(pos []int, next func([]int) [][]int, key func([]int) string, memo map[string]int) int {
	k := key(pos)
	if v, ok := memo[k]; ok {
		return v
	}
	best, worst, moved := -1, 0, false
	for _, q := range next(pos) {
		moved = true
		r := remotenessByDefinition(q, next, key, memo)
		if r%2 == 0 && (best < 0 || r < best) { // even: a P-position
			best = r
		}
		worst = max(worst, r)
	}
	v := 0
	switch {
	case best >= 0:
		v = best + 1
	case moved:
		v = worst + 1
	}
	memo[k] = v
	return v
}

// bruteRemoteness is the remoteness of a sum of heaps where take(h) lists
// the heaps a move can leave from h.
func bruteRemoteness(take func(int) []int, heaps []int, memo map[string]int) int {
	next := func(hs []int) [][]int {
		var out [][]int
		for i, h := range hs {
			for _, to := range take(h) {
				q := slices.Clone(hs)
				q[i] = to
				out = append(out, q)
			}
		}
		return out
	}
	return remotenessByDefinition(heaps, next, func(hs []int) string { return fmt.Sprint(hs) }, memo)
}

func TestSumRemotenessAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	games := []struct {
		spec string
		take func(int) []int
	}{{"nim", nimTake}, {"bash:3", bashTake(3)}, {"subtract:1,3,4", func(h int) []int {
		var out []int
		for _, s := range []int{1, 3, 4} {
			if s <= h {
				out = append(out, h-s)
			}
		}
		return out
	}}}
	for _, g := range games {
		memo := map[string]int{}
		for range 60 {
			heaps := randomHeaps(rng, 3, 9)
			want := bruteRemoteness(g.take, heaps, memo)
			for _, method := range []Method{Auto, Search} {
				r := solveOrFail(t, g.spec, heaps, method)
				if r.Remoteness == nil || *r.Remoteness != want {
					t.Fatalf("%s %v (method %d): remoteness %v, want %d", g.spec, heaps, method, r.Remoteness, want)
				}
			}
		}
	}
	// Too large a sum to search: the remoteness is unknown, not guessed.
	r := solveOrFail(t, "nim", []int{900, 901, 902, 903}, Auto)
	if r.Remoteness != nil {
		t.Fatalf("nim 900 901 902 903: remoteness %d, want unknown", *r.Remoteness)
	}
}

func TestSumRemotenessGivesUpOnLargeSums(t *testing.T) {
	// subtract:1..40 on heaps near 600: each part has 40 moves and the sum
	// has about 10^11 positions; the search must stop at its budget and
	// say the remoteness is unknown.
	set := make([]string, 40)
	for i := range set {
		set[i] = fmt.Sprint(i + 1)
	}
	spec := "subtract:" + strings.Join(set, ",")
	r := solveOrFail(t, spec, []int{600, 601, 602, 603}, Auto)
	if r.Remoteness != nil {
		t.Fatalf("remoteness %d, want unknown", *r.Remoteness)
	}
}

func TestSubtractionPeriodAgainstSearch(t *testing.T) {
	// The proven period answers (Method ClosedForm) must agree with the
	// search on every heap small enough to search: value, outcome and the
	// exact winning moves.
	rng := rand.New(rand.NewPCG(23, 24))
	for trial := range 40 {
		var set []string
		for s := 1; s <= 9; s++ {
			if rng.IntN(3) == 0 {
				set = append(set, fmt.Sprint(s))
			}
		}
		if len(set) == 0 {
			set = []string{fmt.Sprint(1 + trial%9)}
		}
		spec := "subtract:" + strings.Join(set, ",")
		for range 8 {
			heaps := randomHeaps(rng, 3, 3000)
			period := solveOrFail(t, spec, heaps, ClosedForm)
			search := solveOrFail(t, spec, heaps, Search)
			if period.Outcome != search.Outcome || period.Grundy.Cmp(search.Grundy) != 0 ||
				!slices.Equal(period.WinningMoves, search.WinningMoves) {
				t.Fatalf("%s %v: period says %s %v %q, search %s %v %q", spec, heaps,
					period.Outcome, period.Grundy, period.WinningMoves, search.Outcome, search.Grundy, search.WinningMoves)
			}
			if !strings.HasPrefix(period.Method, "proven period") {
				t.Fatalf("%s: answered by %q", spec, period.Method)
			}
		}
	}
}

func TestSubtractionHugeHeaps(t *testing.T) {
	// 10^21 ≡ 6 (mod 7) and S = {1,3,4} has period 7 (0 1 0 1 2 3 2), so
	// G(10^21) = 2; with a heap of 7 (G = 0) the sum is 2, and the winning
	// moves leave 10^21-4 (G 0), or take 7 to 6 or to 4 (G 2).
	inst, _ := Lookup("subtract:1,3,4")
	r, err := inst.Solve(context.Background(), []string{"1000000000000000000000", "7"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"999999999999999999996 7", "1000000000000000000000 6", "1000000000000000000000 4"}
	if r.Grundy.Int64() != 2 || !slices.Equal(r.WinningMoves, want) || r.Remoteness != nil {
		t.Fatalf("got grundy %v moves %q remoteness %v", r.Grundy, r.WinningMoves, r.Remoteness)
	}
}
