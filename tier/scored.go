package tier

import (
	"context"
	"fmt"
	"math/bits"
	"reflect"
	"sync/atomic"

	"github.com/grundy-go/grundy/db"
)

// Games with scores (game.Scored): a record holds the margin for the
// player to move and the remoteness of the line that reaches it
// (db.EncodeScore). A position's value is the best, for the player to
// move, of its moves' negated margins, ties broken as game.Scored says:
// with a positive margin the fewest moves, with a negative one the most,
// with a zero margin the fewest. An acyclic tier is one pass of this
// rule (ScoredNegamax); a tier whose moves may stay inside it is solved
// by its retrograde pass for scores (solveScoredLoopy), which needs play
// inside the tier to have no cycles.
//
// Why not scores through cycles: the win/lose/draw analysis of a loopy
// tier (retro) decides a position as soon as one move wins, or when every
// move loses, and leaves the rest drawn. A margin is a maximum over every
// move, so a position is decided only once all its moves are, and a
// position on a cycle never is: "the best margin" of endless play is not
// defined by the rules (a draw? a margin of the pieces taken so far?).
// Rather than invent a rule, the solver refuses such a game with an error
// naming a position on a cycle.

// scoredGame reports whether g (a game.Tiered[P] for some P) implements
// game.Scored[P]: a TerminalScore method from one argument to int. It is
// by reflection because RankingOf takes its game as any.
func scoredGame(g any) bool {
	m := reflect.ValueOf(g).MethodByName("TerminalScore")
	if !m.IsValid() {
		return false
	}
	t := m.Type()
	return t.NumIn() == 1 && t.NumOut() == 1 && t.Out(0).Kind() == reflect.Int
}

// betterScore reports whether the margin a reached in ra moves is better
// for the player to move than b in rb (game.Scored's order).
func betterScore(a int, ra uint32, b int, rb uint32) bool {
	switch {
	case a != b:
		return a > b
	case a < 0:
		return ra > rb // losing: delay
	}
	return ra < rb // winning or drawn: hurry
}

// foldScore returns the better of best (a position's record so far, or
// db.Empty for none) and the record a move to a position of record child
// gives it: the child's margin negated, one move more.
func foldScore(best, child uint16) (uint16, error) {
	s, r, ok := db.DecodeScore(child)
	if !ok {
		return 0, ErrEmptyOption
	}
	if r+1 > db.MaxScoredRemoteness {
		return 0, fmt.Errorf("remoteness %d, more than a scored record holds (%d)", r+1, db.MaxScoredRemoteness)
	}
	if best != db.Empty {
		bs, br, _ := db.DecodeScore(best)
		if !betterScore(-s, r+1, bs, br) {
			return best, nil
		}
	}
	c, _ := db.EncodeScore(-s, r+1)
	return c, nil
}

// ScoredNegamax is the record of a position with moves, all out of its
// tier, in a scored game, from its options' scored records.
func ScoredNegamax(opts []uint16) (uint16, error) {
	best := uint16(db.Empty)
	for _, c := range opts {
		var err error
		if best, err = foldScore(best, c); err != nil {
			return 0, err
		}
	}
	return best, nil
}

// solveScoredLoopy solves a tier of a scored game whose moves may stay
// inside it: Kahn's order on the graph of its moves inside the tier. A
// position's record is final once every one of its moves' is; the moves
// out of the tier are folded in first (their records are the children's),
// then each position whose moves are all final is finished and folded
// into its predecessors. Positions left unfinished lie on or above a
// cycle: an error (see the comment at the top of this file).
func (s *solver[P]) solveScoredLoopy(ctx context.Context, ts *tierState, kids *children) (db.Records, error) {
	words := int64(len(ts.reach))
	prefix := make([]int64, words+1)
	var n int64
	for w, x := range ts.reach {
		prefix[w] = n
		n += int64(bits.OnesCount64(x))
	}
	prefix[words] = n
	// Per node: its best record so far, its moves inside the tier not yet
	// final, its in-degree, the graph's offsets, the queue.
	perNode := int64(2+4+4+8+4) + 8*(words+1)/max(n, 1)
	charged := perNode * n
	if err := s.opts.Memory.Charge(charged, "the graph of tier "+ts.name); err != nil {
		return db.Records{}, err
	}
	defer func() { s.opts.Memory.Release(charged) }()
	nodes := tierNodes[int64, int64]{ts, prefix}
	best := make([]uint16, n)
	pending := make([]uint32, n)
	indeg := make([]uint32, n)
	newBuf := func() *[]P { b := make([]P, 0, 64); return &b }
	cur := s.cur
	cur.Step = "moves"
	err := parallel(ctx, s, cur, s.workers, words, newBuf, func(w0, w1 int64, buf *[]P) (int64, error) {
		return eachNode(s, nodes, w0, w1, buf, func(v int64, p P, ms []P) error {
			if len(ms) == 0 {
				c, err := s.terminalCode(p)
				best[v] = c
				return err
			}
			for _, q := range ms {
				k, _, err := s.childIndex(ts, kids.tiers, p, q)
				if err != nil {
					return err
				}
				if k < 0 {
					u, err := inTier(s, nodes, p, q)
					if err != nil {
						return err
					}
					atomic.AddUint32(&indeg[u], 1)
					pending[v]++
					continue
				}
				c, err := s.childCode(ts, kids, p, q)
				if err != nil {
					return err
				}
				if best[v], err = foldScore(best[v], c); err != nil {
					return fmt.Errorf("the position %s: %w", s.format(p), err)
				}
			}
			return nil
		})
	})
	if err != nil {
		return db.Records{}, err
	}
	off, adj, charged, err := predecessors(ctx, s, nodes, cur, indeg)
	if err != nil {
		return db.Records{}, err
	}
	defer s.opts.Memory.Release(charged)
	indeg = nil
	cur.Step = "queue"
	cur.Done = 0
	s.report(cur)
	if n > 1<<31-1 {
		return db.Records{}, fmt.Errorf("tier %s has %d reachable positions, more than the scored pass of one tier handles (2^31)", ts.name, n)
	}
	queue := make([]int32, 0, n)
	for v := range n {
		if pending[v] == 0 {
			queue = append(queue, int32(v))
		}
	}
	for i := 0; i < len(queue); i++ {
		if i&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return db.Records{}, err
			}
		}
		v := int64(queue[i])
		for _, u := range adj[off[v]:off[v+1]] {
			if best[u], err = foldScore(best[u], best[v]); err != nil {
				return db.Records{}, err
			}
			if pending[u]--; pending[u] == 0 {
				queue = append(queue, int32(u))
			}
		}
	}
	cur.Done = int64(len(queue))
	s.report(cur)
	if int64(len(queue)) < n {
		for w, word := range ts.reach {
			for v := prefix[w]; word != 0; word &= word - 1 {
				if pending[v] > 0 {
					r := int64(w)<<6 | int64(bits.TrailingZeros64(word))
					p, _ := s.g.TierUnrank(ts.t, r)
					return db.Records{}, fmt.Errorf("the position %s of tier %s is on or leads only through a cycle of moves inside its tier: a game with scores must end, and its margins are not defined through cycles", s.format(p), ts.name)
				}
				v++
			}
		}
	}
	recs, err := s.allocRecords(ts.size, 2, ts)
	if err != nil {
		return db.Records{}, err
	}
	for w, word := range ts.reach {
		for v := prefix[w]; word != 0; word &= word - 1 {
			r := int64(w)<<6 | int64(bits.TrailingZeros64(word))
			recs.Set(r, best[v])
			v++
		}
	}
	return recs, nil
}
