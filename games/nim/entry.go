package nim

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

// The catalog's adapters of Nim and misère Nim: "grundy solve nim 3 4 5"
// answers from Bouton's closed forms on heaps of any size, and the
// explorer lists each move with its value, remoteness coming from the
// sum search where the closed form has none.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "nim",
		Position: "heap sizes, e.g. 3 4 5 (any size)",
		Summary:  "take any positive number of tokens from one heap; taking the last token wins",
		Example:  "solve nim 3 4 5",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return nimGame{}, nil },
	})
	catalog.Register(catalog.Entry{
		Name:     "misere-nim",
		Position: "heap sizes, e.g. 1 1 2 (any size)",
		Summary:  "Nim where taking the last token loses",
		Example:  "solve misere-nim 1 1 2",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return misereNim{}, nil },
	})
}

// The capabilities the front ends discover, checked at compile time.
var (
	_ catalog.Explorer = nimGame{}
	_ catalog.Tabler   = nimGame{}
	_ catalog.Starter  = nimGame{}
	_ catalog.Explorer = misereNim{}
	_ catalog.Starter  = misereNim{}
)

// nimHeap is Nim on one heap, as the toolkit takes it.
var nimHeap = game.AsSplitting[int](Heap{})

// maxSearchHeap bounds heap sizes that are searched move by move: a Nim
// heap of n has n moves, so a search costs n²/2 steps.
const maxSearchHeap = 20_000

type nimGame struct{}

func (nimGame) Spec() string { return "nim" }

func (g nimGame) search() *impartialgame.Searched[int] {
	return &impartialgame.Searched[int]{
		Name: "nim",
		Game: nimHeap,
		Parse: func(t []string) ([]int, error) {
			return catalog.ParseInts(t, "heap size", 1, catalog.MaxComponents, maxSearchHeap)
		},
		Format: strconv.Itoa,
	}
}

func (g nimGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	s := NimSum(heaps)
	r := &catalog.Report{
		Game:     "nim",
		Position: catalog.JoinBig(heaps),
		Outcome:  catalog.OutcomeOfValue(s),
		Grundy:   s,
		Method:   "closed form: Bouton's theorem (the value is the nim-sum of the heap sizes)",
	}
	moves := distinctMoves(WinningMoves(heaps), heaps)
	r.AddMoves(len(moves), func(i int) string { return catalog.JoinBig(moves[i].Apply(heaps)) })
	if len(heaps) == 1 {
		// One heap: the winner takes it all at once.
		rem := min(heaps[0].Sign(), 1)
		r.Remoteness = &rem
	} else if rem, ok := onesRemoteness(heaps); ok {
		r.Remoteness = &rem
	} else if small, err := catalog.SmallInts(heaps, "heap size", maxSearchHeap); err == nil && sumSearchable(small) {
		if r.Remoteness, err = impartialgame.SumRemoteness(ctx, nimHeap, strconv.Itoa, small, opts.Memory); err != nil {
			return nil, err
		}
	}
	if r.Remoteness == nil {
		r.Notes = append(r.Notes, "the remoteness of a sum of several heaps has no closed form, and this one is too large to search: it is unknown")
	}
	return r, nil
}

// onesRemoteness is the remoteness of a Nim position whose heaps all
// have at most one token, under either play convention: every move takes
// a whole 1-heap, so play lasts as many moves as there are 1-heaps. ok is
// false when some heap is larger.
func onesRemoteness[N interface{ *big.Int | int }](heaps []N) (rem int, ok bool) {
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

// sumSearchable reports whether the sum search for the remoteness of a
// Nim position fits its budgets, judged before it starts. The search goes
// over multisets of heaps: a group of m equal heaps of v reaches at most
// C(m+v, v) multisets of m heaps of at most v each, and the sums reached
// number at most the product over the groups. A sum has at most D distinct
// moves (equal heaps make the same moves), D the least of the tokens and
// the sum of the min(n, top) largest sizes up to the largest heap top; each
// move costs work in proportion to the n heaps. With distinct heaps this accepts every
// position the older bound (the product of h+1, times the tokens) did.
func sumSearchable(heaps []int) bool {
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
			if c > impartialgame.SumSearchMaxMoves {
				return false
			}
		}
		if states *= c; states > impartialgame.SumSearchMaxMoves {
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
	if moves > impartialgame.SumSearchMaxMoves || states*moves > impartialgame.SumSearchMaxMoves {
		return false
	}
	return int64(states*moves)*int64(n)*12 <= impartialgame.SumSearchMaxWork
}

// remotenessBy returns the remoteness of Nim positions for the
// explorer: from the closed form when every heap has at most one token,
// else from search by sums when the position is small enough to search
// (at most SumSearchMaxParts heaps, or within sumSearchable's bound);
// unknown (nil) otherwise, without searching.
func remotenessBy(sums *impartialgame.SumSearch[int]) func(context.Context, []int) (*int, error) {
	return func(ctx context.Context, hs []int) (*int, error) {
		if rem, ok := onesRemoteness(hs); ok {
			return &rem, nil
		}
		live := 0
		for _, h := range hs {
			if h > 0 {
				live++
			}
		}
		if live > impartialgame.SumSearchMaxParts && !sumSearchable(hs) {
			return nil, nil
		}
		return sums.Remoteness(ctx, hs)
	}
}

func (g nimGame) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto > maxSearchHeap && opts.Method == catalog.Search {
		return nil, budget.Exceed(budget.Size, maxSearchHeap, "a table of %d values: searching Nim heaps is quadratic, so searched tables go up to %d", upto, maxSearchHeap)
	}
	if opts.Method == catalog.Search {
		return impartialgame.HeapTable(ctx, "nim", nimHeap, func(n int) int { return n }, upto, opts)
	}
	t := &catalog.Table{Game: "nim", Values: make([]uint64, upto), Caption: "G(n) = n: a Nim heap of n is the nimber *n"}
	for n := range t.Values {
		t.Values[n] = uint64(n)
	}
	return t, nil
}

// Start is the textbook Nim position.
func (nimGame) Start() string { return "3 4 5" }

// Explore lists Nim moves with values from Bouton's theorem: moving heap h
// to k changes the nim-sum s to s ⊕ h ⊕ k. Remoteness comes from search.
func (g nimGame) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if opts.Method == catalog.Search {
		return g.search().Explore(ctx, tokens, opts, maxMoves)
	}
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	heaps, err := catalog.ParseInts(tokens, "heap size", 1, catalog.MaxComponents, impartialgame.MaxExploreHeap)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalog.ErrTooLargeToExplore, err)
	}
	// One search of sums, shared by the requests (shared.go).
	sums := takeSums()
	defer giveSums(sums)
	value := func(_ context.Context, hs []int) (string, *big.Int, error) {
		s := 0
		for _, h := range hs {
			s ^= h
		}
		v := big.NewInt(int64(s))
		return catalog.OutcomeOfValue(v), v, nil
	}
	return impartialgame.ExploreHeaps(ctx, report, heaps, nimHeap, value, remotenessBy(sums), maxMoves)
}

// singleHeap answers a Nim sum of one heap: the player to move wins by
// taking it all, in one move, unless it is empty.
func singleHeap(_ context.Context, h int) (bool, int, bool, error) {
	return h > 0, min(h, 1), true, nil
}

type misereNim struct{}

func (misereNim) Spec() string { return "misere-nim" }

func (misereNim) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return nil, catalog.RefuseMethod("misere-nim", catalog.Search, "misere-nim is solved by Bouton's closed form only")
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:     "misere-nim",
		Position: catalog.JoinBig(heaps),
		Outcome:  "P",
		Method:   "closed form: Bouton's misère rule (play Nim, but leave an odd number of 1-heaps at the end)",
		Notes:    []string{"misère games have no Sprague–Grundy value, so grundy is null"},
	}
	if MisereWins(heaps) {
		r.Outcome = "N"
	}
	moves := distinctMoves(MisereWinningMoves(heaps), heaps)
	r.AddMoves(len(moves), func(i int) string { return catalog.JoinBig(moves[i].Apply(heaps)) })
	return r, nil
}

// Start is a small position.
func (misereNim) Start() string { return "1 2 3" }

// Explore lists misère Nim moves with outcomes from Bouton's misère rule;
// remoteness (with the player who cannot move winning) comes from search.
func (g misereNim) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	heaps, err := catalog.ParseInts(tokens, "heap size", 1, catalog.MaxComponents, impartialgame.MaxExploreHeap)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalog.ErrTooLargeToExplore, err)
	}
	sums := impartialgame.NewSumSearch(nimHeap, strconv.Itoa, true, opts.Memory)
	defer sums.Release()
	value := func(_ context.Context, hs []int) (string, *big.Int, error) {
		if misereWinsInts(hs) {
			return "N", nil, nil
		}
		return "P", nil, nil
	}
	return impartialgame.ExploreHeaps(ctx, report, heaps, nimHeap, value, remotenessBy(sums), maxMoves)
}

// misereWinsInts is Bouton's misère rule (MisereWins) on int heaps: with
// every heap at most 1 the player to move wins when the 1-heaps are even
// in number, otherwise when the nim-sum is not 0.
func misereWinsInts(heaps []int) bool {
	sum, big, ones := 0, false, 0
	for _, h := range heaps {
		sum ^= h
		big = big || h > 1
		if h == 1 {
			ones++
		}
	}
	if !big {
		return ones%2 == 0
	}
	return sum != 0
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g nimGame) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}

// distinctMoves keeps each move once (catalog.MoveSet): in 1 1, taking
// either heap is one move.
func distinctMoves(moves []Move, heaps []*big.Int) []Move {
	return catalog.DistinctMoves(moves, func(m Move) (string, []string) {
		return heaps[m.Index].String(), []string{m.To.String()}
	})
}
