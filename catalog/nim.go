package catalog

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/games/nim"
)

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

func (g nimGame) search() *searched[int] {
	return &searched[int]{
		spec:   "nim",
		game:   nim.Heap{},
		parse:  func(t []string) ([]int, error) { return ParseInts(t, "heap size", 1, MaxComponents, maxSearchHeap) },
		format: strconv.Itoa,
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
		Position: joinBig(heaps),
		Outcome:  outcomeOfValue(s),
		Grundy:   s,
		Method:   "closed form: Bouton's theorem (the value is the nim-sum of the heap sizes)",
	}
	moves := nim.WinningMoves(heaps)
	r.addMoves(len(moves), func(i int) string { return joinBig(moves[i].Apply(heaps)) })
	if len(heaps) == 1 {
		// One heap: the winner takes it all at once.
		rem := min(heaps[0].Sign(), 1)
		r.Remoteness = &rem
	} else if small, ok := intsUpTo(heaps, maxSearchHeap); ok && nimSumSearchable(small) {
		if r.Remoteness, err = sumRemoteness(ctx, nim.Heap{}, strconv.Itoa, small); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// nimSumSearchable reports whether the sum search for the remoteness of a
// Nim position fits its move budget, judged before it starts: the
// positions below it number the product of (h+1), and each has at most
// the sum of the heaps as moves.
func nimSumSearchable(heaps []int) bool {
	states, tokens := 1, 0
	for _, h := range heaps {
		states *= h + 1
		tokens += h
		if states > maxSumMoves {
			return false
		}
	}
	return states*tokens <= maxSumMoves
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
		return heapTable(ctx, "nim", nim.Heap{}, func(n int) int { return n }, upto, opts)
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
		Position: joinBig(heaps),
		Outcome:  "P",
		Method:   "closed form: Bouton's misère rule (play Nim, but leave an odd number of 1-heaps at the end)",
		Notes:    []string{"misère games have no Sprague–Grundy value, so grundy is null"},
	}
	if nim.MisereWins(heaps) {
		r.Outcome = "N"
	}
	moves := nim.MisereWinningMoves(heaps)
	r.addMoves(len(moves), func(i int) string { return joinBig(moves[i].Apply(heaps)) })
	return r, nil
}

// outcomeOfValue is N for a non-zero Sprague–Grundy value, P for zero.
func outcomeOfValue(g *big.Int) string {
	if g.Sign() == 0 {
		return "P"
	}
	return "N"
}
