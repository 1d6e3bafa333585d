package connect4

import (
	"iter"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// Reachable is the game restricted to the positions reachable from Root,
// for retro.SolveGame. Mem, if not nil, is charged for the sets it keeps;
// when it runs out, the listing stops and leaves the error in *Err (Err
// must not be nil).
type Reachable struct {
	Game
	Root Board
	Mem  *budget.Bytes
	Err  *error
}

// Positions lists root and every position reachable from it, each once,
// as long as the caller asks (SolveGame stops at its state cap). Every
// move adds a stone, so it lists them level by level (by number of
// stones) and keeps only one level's set to find repeats: the positions
// themselves are SolveGame's to keep. It charges its sets to mem, and when
// that runs out it stops and leaves the error in *err.
func (r Reachable) Positions() iter.Seq[Board] {
	return func(yield func(Board) bool) {
		level, next, buf := []Board{r.Root}, []Board(nil), []Board(nil)
		seen := map[uint64]struct{}{}
		charged := 0
		for len(level) > 0 {
			clear(seen)
			next = next[:0]
			for _, p := range level {
				if !yield(p) {
					return
				}
				buf = r.AppendMoves(buf[:0], p)
				for _, q := range buf {
					k := r.S.Key(q)
					if _, ok := seen[k]; ok {
						continue
					}
					if len(next) >= charged {
						// A set entry and a slot in next, for 4096 more.
						if err := r.Mem.Charge(4096*48, "the positions reachable"); err != nil {
							*r.Err = err
							return
						}
						charged += 4096
					}
					seen[k] = struct{}{}
					next = append(next, q)
				}
			}
			level, next = next, level
		}
	}
}

var _ game.Enumerable[Board] = Reachable{}
