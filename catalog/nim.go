package catalog

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/nim"
)

// nimHeap is Nim on one heap, as the toolkit takes it.
var nimHeap = game.AsSplitting[int](nim.Heap{})

// maxSearchHeap bounds heap sizes that are searched move by move: a Nim
// heap of n has n moves, so a search costs n²/2 steps.
const maxSearchHeap = 20_000

func init() {
	Register(Entry{
		Name:     "nim",
		Position: "heap sizes, e.g. 3 4 5 (any size)",
		Summary:  "take any positive number of tokens from one heap; taking the last token wins",
		Example:  "solve nim 3 4 5",
		Kind:     "impartial",
		Make:     func(string) (Instance, error) { return nimGame{}, nil },
	})
	Register(Entry{
		Name:     "misere-nim",
		Position: "heap sizes, e.g. 1 1 2 (any size)",
		Summary:  "Nim where taking the last token loses",
		Example:  "solve misere-nim 1 1 2",
		Kind:     "impartial",
		Make:     func(string) (Instance, error) { return misereNim{}, nil },
	})
}

type nimGame struct{}

func (nimGame) Spec() string { return "nim" }

func (g nimGame) search() *Searched[int] {
	return &Searched[int]{
		Name:   "nim",
		Game:   nimHeap,
		Parse:  func(t []string) ([]int, error) { return ParseInts(t, "heap size", 1, MaxComponents, maxSearchHeap) },
		Format: strconv.Itoa,
	}
}

func (g nimGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	heaps, err := ParseNaturals(tokens, "heap size", 1, MaxComponents)
	if err != nil {
		return nil, err
	}
	s := nim.NimSum(heaps)
	r := &Report{
		Game:     "nim",
		Position: JoinBig(heaps),
		Outcome:  OutcomeOfValue(s),
		Grundy:   s,
		Method:   "closed form: Bouton's theorem (the value is the nim-sum of the heap sizes)",
	}
	moves := nim.WinningMoves(heaps)
	r.AddMoves(len(moves), func(i int) string { return JoinBig(moves[i].Apply(heaps)) })
	if len(heaps) == 1 {
		// One heap: the winner takes it all at once.
		rem := min(heaps[0].Sign(), 1)
		r.Remoteness = &rem
	} else if rem, ok := nimOnesRemoteness(heaps); ok {
		r.Remoteness = &rem
	} else if small, ok := intsUpTo(heaps, maxSearchHeap); ok && nimSumSearchable(small) {
		if r.Remoteness, err = SumRemoteness(ctx, nimHeap, strconv.Itoa, small, opts.Memory); err != nil {
			return nil, err
		}
	}
	if r.Remoteness == nil {
		r.Notes = append(r.Notes, "the remoteness of a sum of several heaps has no closed form, and this one is too large to search: it is unknown")
	}
	return r, nil
}

// nimOnesRemoteness is the remoteness of a Nim position whose heaps all
// have at most one token, under either play convention: every move takes
// a whole 1-heap, so play lasts as many moves as there are 1-heaps. ok is
// false when some heap is larger.
func nimOnesRemoteness[N interface{ *big.Int | int }](heaps []N) (rem int, ok bool) {
	for _, h := range heaps {
		switch h := any(h).(type) {
		case *big.Int:
			if h.Sign() < 0 || h.Cmp(big.NewInt(1)) > 0 {
				return 0, false
			}
			rem += int(h.Int64())
		case int:
			if h < 0 || h > 1 {
				return 0, false
			}
			rem += h
		}
	}
	return rem, true
}

// nimSumSearchable reports whether the sum search for the remoteness of a
// Nim position fits its budgets, judged before it starts. The search goes
// over multisets of heaps: a group of m equal heaps of v reaches at most
// C(m+v, v) multisets of m heaps of at most v each, and the sums reached
// number at most the product over the groups. A sum has at most D distinct
// moves (equal heaps make the same moves), D the least of the tokens and
// the sum of the min(n, top) largest sizes up to the largest heap top; each
// move costs work in proportion to the n heaps. With distinct heaps this accepts every
// position the older bound (the product of h+1, times the tokens) did.
func nimSumSearchable(heaps []int) bool {
	counts := map[int]int{}
	n, top := 0, 0
	for _, h := range heaps {
		if h > 0 {
			counts[h]++
			n++
			top = max(top, h)
		}
	}
	states := 1
	for v, m := range counts {
		// C(m+v, v) = C(m+v, min(m, v)), built up factor by factor.
		c, k := 1, min(m, v)
		for i := 1; i <= k; i++ {
			c = c * (m + v - k + i) / i
			if c > maxSumMoves {
				return false
			}
		}
		if states *= c; states > maxSumMoves {
			return false
		}
	}
	moves, tokens := 0, 0
	for i := range min(n, top) {
		moves += top - i
	}
	for _, h := range heaps {
		tokens += max(h, 0)
	}
	moves = min(moves, tokens)
	if moves > maxSumMoves || states*moves > maxSumMoves {
		return false
	}
	return int64(states*moves)*int64(n)*12 <= maxSumWork
}

// nimRemotenessBy returns the remoteness of Nim positions for the
// explorer: from the closed form when every heap has at most one token,
// else from search by sums when the position is small enough to search
// (at most SumSearchMaxParts heaps, or within nimSumSearchable's bound);
// unknown (nil) otherwise, without searching.
func nimRemotenessBy(sums *SumSearch[int]) func(context.Context, []int) (*int, error) {
	return func(ctx context.Context, hs []int) (*int, error) {
		if rem, ok := nimOnesRemoteness(hs); ok {
			return &rem, nil
		}
		live := 0
		for _, h := range hs {
			if h > 0 {
				live++
			}
		}
		if live > SumSearchMaxParts && !nimSumSearchable(hs) {
			return nil, nil
		}
		return sums.Remoteness(ctx, hs)
	}
}

// intsUpTo converts heaps to ints when each is at most limit.
func intsUpTo(heaps []*big.Int, limit int64) ([]int, bool) {
	out := make([]int, len(heaps))
	for i, h := range heaps {
		if !h.IsInt64() || h.Int64() > limit {
			return nil, false
		}
		out[i] = int(h.Int64())
	}
	return out, true
}

func (g nimGame) Table(ctx context.Context, upto int, opts Options) (*Table, error) {
	if upto > maxSearchHeap && opts.Method == Search {
		return nil, fmt.Errorf("--upto %d: searching Nim heaps is quadratic; at most %d", upto, maxSearchHeap)
	}
	if opts.Method == Search {
		return HeapTable(ctx, "nim", nimHeap, func(n int) int { return n }, upto, opts)
	}
	t := &Table{Game: "nim", Values: make([]uint64, upto), Caption: "G(n) = n: a Nim heap of n is the nimber *n"}
	for n := range t.Values {
		t.Values[n] = uint64(n)
	}
	return t, nil
}

type misereNim struct{}

func (misereNim) Spec() string { return "misere-nim" }

func (misereNim) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == Search {
		return nil, fmt.Errorf("misere-nim is solved by Bouton's closed form only; drop --method search")
	}
	heaps, err := ParseNaturals(tokens, "heap size", 1, MaxComponents)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Game:     "misere-nim",
		Position: JoinBig(heaps),
		Outcome:  "P",
		Method:   "closed form: Bouton's misère rule (play Nim, but leave an odd number of 1-heaps at the end)",
		Notes:    []string{"misère games have no Sprague–Grundy value, so grundy is null"},
	}
	if nim.MisereWins(heaps) {
		r.Outcome = "N"
	}
	moves := nim.MisereWinningMoves(heaps)
	r.AddMoves(len(moves), func(i int) string { return JoinBig(moves[i].Apply(heaps)) })
	return r, nil
}

// OutcomeOfValue is N for a non-zero Sprague–Grundy value, P for zero.
func OutcomeOfValue(g *big.Int) string {
	if g.Sign() == 0 {
		return "P"
	}
	return "N"
}
