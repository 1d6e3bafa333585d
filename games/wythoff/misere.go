package wythoff

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/catalog"
)

// Misère play (solve --misere): whoever takes the last token loses.
//
// The closed form, classical since Wythoff's paper ("A modification of
// the game of nim", Nieuw Archief voor Wiskunde 7, 1907, which remarks on
// the misère form): the misère P-positions M are the normal P-positions W
// (the Beatty pairs) with (0, 0), (1, 2), (2, 1) replaced by (0, 1),
// (1, 0), (2, 2). The proof is short. No move joins two pairs of M: none
// joins two of W (Wythoff), and a pair of W with smaller heap at least 3
// reaches (0, 1) or (1, 0) only with difference 1 (only (1, 2) has it)
// and (2, 2) only with a heap of 2 or equal heaps (none has). From every
// other position but (0, 0), which has no move and so is won, a move
// reaches M: (1, 2) and (2, 1) reach (1, 0) and (0, 1); any other pair
// outside W has a move to W, which is in M unless it is (0, 0), (1, 2) or
// (2, 1), and then (0, k), (k, k), (1, k), (k, 2) and (k, k+1) reach
// (0, 1), (2, 2) or (0, 1), (1, 0), (2, 2) and (0, 1) instead (k as
// large as the case needs). TestMisereAgainstSearch checks it against the
// definition on every pair up to 60, winning moves included.

var _ catalog.MisereSolver = instance{}

// MisereIsP reports whether (a, b) is lost for the player to move under
// misère play.
func MisereIsP(a, b *big.Int) bool {
	if a.IsInt64() && b.IsInt64() && a.Int64() <= 2 && b.Int64() <= 2 {
		x, y := a.Int64(), b.Int64()
		return x+y == 1 || x == 2 && y == 2
	}
	return IsP(a, b)
}

// MisereWinningMoves returns every position a winning move from (a, b)
// leaves under misère play: the moves to the normal P-positions other than
// the three small ones, and the moves to (0, 1), (1, 0) and (2, 2).
func MisereWinningMoves(a, b *big.Int) [][2]*big.Int {
	if MisereIsP(a, b) {
		return nil
	}
	var out [][2]*big.Int
	for _, m := range WinningMoves(a, b) {
		if !MisereIsP(m[0], m[1]) {
			continue // (0, 0), (1, 2) or (2, 1)
		}
		out = append(out, m)
	}
	for _, t := range [][2]int64{{0, 1}, {1, 0}, {2, 2}} {
		x, y := big.NewInt(t[0]), big.NewInt(t[1])
		if reaches(a, b, x, y) {
			out = append(out, [2]*big.Int{x, y})
		}
	}
	return out
}

// reaches reports whether one move takes (a, b) to (x, y).
func reaches(a, b, x, y *big.Int) bool {
	da, db := new(big.Int).Sub(a, x), new(big.Int).Sub(b, y)
	switch {
	case da.Sign() == 0:
		return db.Sign() > 0
	case db.Sign() == 0:
		return da.Sign() > 0
	default:
		return da.Sign() > 0 && da.Cmp(db) == 0
	}
}

func (g instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().SolveMisere(ctx, tokens, opts)
	}
	h, err := catalog.ParseNaturals(tokens, "heap size", 2, 2)
	if err != nil {
		return nil, wythoffTwo(tokens, err)
	}
	a, b := h[0], h[1]
	r := &catalog.Report{
		Game:     "wythoff",
		Position: catalog.JoinBig(h),
		Outcome:  "N",
		Method:   "closed form: misère Wythoff (Wythoff 1907: the Beatty pairs, with (0, 0), (1, 2), (2, 1) replaced by (0, 1), (1, 0), (2, 2))",
		Extra:    map[string]any{"misere": true},
	}
	if MisereIsP(a, b) {
		r.Outcome = "P"
	}
	for _, m := range MisereWinningMoves(a, b) {
		r.WinningMoves = append(r.WinningMoves, m[0].String()+" "+m[1].String())
	}
	r.Notes = append(r.Notes, "misère play: the player who makes the last move loses; there is no Grundy value")
	if a.IsInt64() && b.IsInt64() && a.Int64() <= maxWythoffSearchHeap && b.Int64() <= maxWythoffSearchHeap &&
		(a.Int64()+1)*(b.Int64()+1)*(a.Int64()+b.Int64()+1) <= wythoffQuickWork {
		// The search is the second witness, and gives the remoteness.
		sr, err := g.search().SolveMisere(ctx, tokens, catalog.Options{Method: catalog.Search, MaxStates: opts.MaxStates, Memory: opts.Memory})
		if err != nil {
			return nil, err
		}
		if sr.Outcome != r.Outcome || len(sr.WinningMoves) != len(r.WinningMoves) {
			return nil, fmt.Errorf("internal error: wythoff %s under misère play: the closed form says %s with %d winning moves, the search %s with %d", r.Position, r.Outcome, len(r.WinningMoves), sr.Outcome, len(sr.WinningMoves))
		}
		r.Remoteness = sr.Remoteness
	} else {
		r.Notes = append(r.Notes, "the heaps are too large to search, so the remoteness is null")
	}
	return r, nil
}
