package dobutsu

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/budget"
)

// Counts are the positions reachable from the start as Tanaka counts
// them (Tanaka 2009): one for each orbit of the half turn with the
// sides swapped and the mirror (the database's records), finished games
// (a lion taken) left out. Catch are those whose player to move can take
// the opponent's lion, Try those where the opponent's lion stands safe
// on the mover's home rank; Other the rest. (Without the mirror, seen by
// the player to move, there are 493,573,042: 280,578,165 catch,
// 14,037,970 try and 198,956,907 other, measured with the unfolded
// ranker; 33,292 of Tanaka's positions are their own mirror images.)
type Counts struct {
	All, Catch, Try, Other int64
	Depth                  int // plies from the start to the farthest
}

// CountReachable counts the positions reachable from the start by a
// breadth-first search of its own over the folded ranks (1,045,283,976:
// three bitmaps of 131 MB, charged to mem), with the machine's cores: a
// second witness of the tier solver's forward pass.
func (g *Game) CountReachable(ctx context.Context, mem *budget.Bytes) (Counts, error) {
	k := g.folded
	words := (k.size + 63) / 64
	if err := mem.Charge(3*8*words, "the bitmaps of Dobutsu shogi's reachable positions"); err != nil {
		return Counts{}, err
	}
	defer mem.Release(3 * 8 * words)
	seen := make([]uint64, words)
	cur := make([]uint64, words)
	next := make([]uint64, words)
	mark := func(p Pos) {
		if !hasLions(p) {
			return
		}
		r := g.foldedRank(seenBySente(p))
		w, b := r>>6, uint64(1)<<(r&63)
		if atomic.LoadUint64(&seen[w])&b != 0 {
			return
		}
		if old := atomicOr(&seen[w], b); old&b == 0 {
			atomicOr(&next[w], b)
		}
	}
	var c Counts
	mark(g.start)
	workers := runtime.GOMAXPROCS(0)
	for {
		cur, next = next, cur
		clear(next)
		var found atomic.Int64
		var catch, try atomic.Int64
		var wg sync.WaitGroup
		var chunk atomic.Int64
		const step = 1 << 14
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var buf []Pos
				for {
					w0 := chunk.Add(step) - step
					if w0 >= words || ctx.Err() != nil {
						return
					}
					var n, nc, nt int64
					for w := w0; w < min(w0+step, words); w++ {
						for x := cur[w]; x != 0; x &= x - 1 {
							p := k.unrank(w<<6 | int64(bits.TrailingZeros64(x)))
							n++
							switch g.Ended(p) {
							case "catch":
								nc++
								continue
							case "try":
								nt++
								continue
							}
							buf = g.AppendMoves(buf[:0], p)
							for _, q := range buf {
								mark(q)
							}
						}
					}
					found.Add(n)
					catch.Add(nc)
					try.Add(nt)
				}
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return c, err
		}
		if found.Load() == 0 {
			c.Depth--
			return c, nil
		}
		c.All += found.Load()
		c.Catch += catch.Load()
		c.Try += try.Load()
		c.Other = c.All - c.Catch - c.Try
		c.Depth++
	}
}

func atomicOr(x *uint64, b uint64) uint64 {
	for {
		old := atomic.LoadUint64(x)
		if old&b == b || atomic.CompareAndSwapUint64(x, old, old|b) {
			return old
		}
	}
}
