package tier

import (
	"bytes"
	"container/heap"
	"context"
	"fmt"
	"iter"
	"slices"
	"sort"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Discovering tiers: a game that says which tier each position is in
// (a game script's tier(pos)) but has no dense ranks of its own becomes
// a game.Tiered by a forward search from the start.
//
// Tiers are numbers, and their order is the order of the numbers: a
// move stays in its tier or goes to a greater one. The search takes the
// tiers one at a time in increasing order (a heap of the tiers reached
// so far): it follows every move of the tier's positions, those staying
// in the tier to a fixed point, and hands the positions reached in
// greater tiers on to them. Since every tier is finished before any
// greater one is started, a move to a smaller tier is met while its
// target tier is already closed, and is an error naming both positions
// (a cycle of tiers needs such a move, so it cannot go unnoticed).
//
// A tier's ranks are its positions in the order of their canonical keys
// (bytes, compared as strings). The ranks of a tier thus depend only on
// the set of its positions, not on the order the search met them, and a
// position's rank can be found again from the sorted keys alone (by
// binary search): this is how a database of such a game answers a query
// (package db stores each tier's keys). TierRank itself is a map lookup.
//
// The discovered game keeps every position with its moves (as positions)
// and the verdicts of game.Terminal and game.Endless that the game gives,
// so after Discover it no longer calls the game: it is safe for
// concurrent use (the tier solver's workers share it) even when the game
// is not (a script). Its memory is charged to DiscoverOptions.Memory
// before the tables grow.

// DiscoverOptions say how Discover sees a game's tiers.
type DiscoverOptions[P comparable] struct {
	// TierOf is the tier of a position: an error (a script's tier(pos)
	// returning something that is not a tier) stops the search.
	TierOf func(p P) (game.Tier, error)
	// Key appends p's canonical key to dst: equal for equal positions,
	// distinct for distinct ones. Ranks follow the keys' byte order.
	Key func(dst []byte, p P) ([]byte, error)
	// Format writes a position in errors; fmt's %v when nil.
	Format func(p P) string
	// Name is a tier's name for people; "tier N" when nil.
	Name func(t game.Tier) string
	// Memory, if not nil, is charged for the discovered game's tables
	// (positions, their index, keys and moves) before they grow.
	Memory *budget.Bytes
	// MaxPositions, if positive, bounds the positions discovered.
	MaxPositions int
}

// Discovered is a game whose tiers were found by Discover: a
// game.Tiered over the positions reachable from its start, with
// game.Terminal and game.Endless as the game's own (normal play and
// draws when it has none). It is safe for concurrent use.
type Discovered[P comparable] struct {
	start   P
	tiers   []*discTier[P]
	byTier  map[game.Tier]*discTier[P]
	where   map[P]discLoc[P]
	name    func(game.Tier) string
	format  func(P) string
	endless bool
	count   int64
}

type discLoc[P comparable] struct {
	tier *discTier[P]
	rank int64
}

// discTier is one tier: its positions by rank, their keys, their moves
// and verdicts.
type discTier[P comparable] struct {
	t        game.Tier
	pos      []P
	keys     []byte  // the keys, by rank, one after another
	keyOff   []int64 // keys[keyOff[r]:keyOff[r+1]] is rank r's key
	succOff  []int64 // moves of rank r: succ[succOff[r]:succOff[r+1]]
	succ     []P
	term     []outcome.Outcome // at positions without moves
	end      []outcome.Outcome // endless verdicts, when the game has them
	children []game.Tier
	loopy    bool
}

// Discover searches g from start and returns its tiered form (see the
// comment above: tiers in increasing order, ranks by key). A move to a
// smaller tier, a tier or key function's error, two positions with the
// same key, the memory budget or ctx's end stop it with an error.
func Discover[P comparable](ctx context.Context, g game.Game[P], start P, opts DiscoverOptions[P]) (*Discovered[P], error) {
	d := &Discovered[P]{start: start, byTier: map[game.Tier]*discTier[P]{}, where: map[P]discLoc[P]{}, name: opts.Name, format: opts.Format}
	term, _ := g.(game.Terminal[P])
	end, _ := g.(game.Endless[P])
	d.endless = end != nil
	var sz P
	// A position in its tier's list, in the index (with its key, the
	// map's slot and its location) and once more as a move, on average.
	per := 3*int64(unsafe.Sizeof(sz)) + 2*16 + 48
	var charged, used int64
	charge := func(n int64, what string) error {
		used += n
		if used > charged {
			chunk := max(used-charged, 4096*per)
			if err := opts.Memory.Charge(chunk, what); err != nil {
				return err
			}
			charged += chunk
		}
		return nil
	}
	st, err := opts.TierOf(start)
	if err != nil {
		return nil, err
	}
	pending := map[game.Tier][]P{st: {start}}
	tierOf := map[P]game.Tier{start: st}
	order := &tierHeap{st}
	var moves []P
	var key []byte
	for order.Len() > 0 {
		t := heap.Pop(order).(game.Tier)
		members := pending[t]
		delete(pending, t)
		dt := &discTier[P]{t: t}
		var succ []P
		succOff := []int64{0}
		var kids []game.Tier
		for i := 0; i < len(members); i++ {
			if i&0xff == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			p := members[i]
			moves = moves[:0]
			for q := range g.Moves(p) {
				moves = append(moves, q)
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for _, q := range moves {
				tq, seen := tierOf[q]
				if !seen {
					if opts.MaxPositions > 0 && len(tierOf) >= opts.MaxPositions {
						return nil, budget.Exceed(budget.States, int64(opts.MaxPositions), "the game has more than %d positions", opts.MaxPositions)
					}
					if err := charge(per, "the table of the game's positions by tier"); err != nil {
						return nil, err
					}
					if tq, err = opts.TierOf(q); err != nil {
						return nil, err
					}
				}
				if tq < t {
					return nil, fmt.Errorf("the move %s → %s goes from %s to the earlier %s: a move must stay in its tier or go to a later one (a greater number)",
						d.fmt(p), d.fmt(q), d.tierName(t), d.tierName(tq))
				}
				if !seen {
					tierOf[q] = tq
					if tq == t {
						members = append(members, q)
					} else {
						if _, ok := pending[tq]; !ok {
							heap.Push(order, tq)
						}
						pending[tq] = append(pending[tq], q)
					}
				}
				if tq == t {
					dt.loopy = true
				} else if !slices.Contains(kids, tq) {
					kids = append(kids, tq)
				}
			}
			succ = append(succ, moves...)
			succOff = append(succOff, int64(len(succ)))
			if err := charge(int64(len(moves))*int64(unsafe.Sizeof(sz)), "the table of the game's moves"); err != nil {
				return nil, err
			}
		}
		// Ranks: the members sorted by key.
		keyOff := make([]int64, 0, len(members)+1)
		var keys []byte
		for _, p := range members {
			keyOff = append(keyOff, int64(len(keys)))
			if key, err = opts.Key(key[:0], p); err != nil {
				return nil, err
			}
			if err := charge(int64(len(key)), "the keys of the game's positions"); err != nil {
				return nil, err
			}
			keys = append(keys, key...)
		}
		keyOff = append(keyOff, int64(len(keys)))
		keyOf := func(i int) []byte { return keys[keyOff[i]:keyOff[i+1]] }
		perm := make([]int, len(members))
		for i := range perm {
			perm[i] = i
		}
		slices.SortFunc(perm, func(a, b int) int { return bytes.Compare(keyOf(a), keyOf(b)) })
		dt.pos = make([]P, len(members))
		dt.keyOff = make([]int64, 1, len(members)+1)
		dt.keys = make([]byte, 0, len(keys))
		dt.succOff = make([]int64, 1, len(members)+1)
		dt.succ = make([]P, 0, len(succ))
		for r, i := range perm {
			if r > 0 && bytes.Equal(keyOf(perm[r-1]), keyOf(i)) {
				return nil, fmt.Errorf("the positions %s and %s have the same key: a key must tell positions apart", d.fmt(members[perm[r-1]]), d.fmt(members[i]))
			}
			p := members[i]
			dt.pos[r] = p
			dt.keys = append(dt.keys, keyOf(i)...)
			dt.keyOff = append(dt.keyOff, int64(len(dt.keys)))
			dt.succ = append(dt.succ, succ[succOff[i]:succOff[i+1]]...)
			dt.succOff = append(dt.succOff, int64(len(dt.succ)))
			d.where[p] = discLoc[P]{dt, int64(r)}
			if succOff[i] == succOff[i+1] {
				if dt.term == nil {
					dt.term = make([]outcome.Outcome, len(members))
				}
				dt.term[r] = outcome.P
				if term != nil {
					dt.term[r] = term.TerminalOutcome(p)
				}
			}
			if end != nil {
				if dt.end == nil {
					dt.end = make([]outcome.Outcome, len(members))
				}
				dt.end[r] = end.EndlessOutcome(p)
			}
		}
		slices.Sort(kids)
		dt.children = kids
		d.tiers = append(d.tiers, dt)
		d.byTier[t] = dt
		d.count += int64(len(members))
	}
	return d, nil
}

// tierHeap is a min-heap of tiers.
type tierHeap []game.Tier

func (h tierHeap) Len() int           { return len(h) }
func (h tierHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h tierHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *tierHeap) Push(x any)        { *h = append(*h, x.(game.Tier)) }
func (h *tierHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (d *Discovered[P]) fmt(p P) string {
	if d.format != nil {
		return d.format(p)
	}
	return fmt.Sprint(p)
}

func (d *Discovered[P]) tierName(t game.Tier) string {
	if d.name != nil {
		return d.name(t)
	}
	return fmt.Sprintf("tier %d", t)
}

// Tiers lists the tiers found, in increasing order.
func (d *Discovered[P]) Tiers() []game.Tier {
	out := make([]game.Tier, len(d.tiers))
	for i, dt := range d.tiers {
		out[i] = dt.t
	}
	return out
}

// Positions is the number of positions found.
func (d *Discovered[P]) Positions() int64 { return d.count }

// Keys yields the keys of tier t's positions by rank (sorted): the
// slices are the Discovered's, not to be modified.
func (d *Discovered[P]) Keys(t game.Tier) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		dt := d.byTier[t]
		if dt == nil {
			return
		}
		for r := range len(dt.pos) {
			if !yield(dt.keys[dt.keyOff[r]:dt.keyOff[r+1]]) {
				return
			}
		}
	}
}

// Rank finds the rank of a key in tier t by binary search over the
// tier's sorted keys (as a database does from its key files); ok is
// false when no position of the tier has that key.
func (d *Discovered[P]) Rank(t game.Tier, key []byte) (int64, bool) {
	dt := d.byTier[t]
	if dt == nil {
		return -1, false
	}
	n := len(dt.pos)
	r := sort.Search(n, func(i int) bool { return bytes.Compare(dt.keys[dt.keyOff[i]:dt.keyOff[i+1]], key) >= 0 })
	if r < n && bytes.Equal(dt.keys[dt.keyOff[r]:dt.keyOff[r+1]], key) {
		return int64(r), true
	}
	return -1, false
}

// The game.Tiered methods.

// Moves yields the moves of p found by the search.
func (d *Discovered[P]) Moves(p P) iter.Seq[P] {
	return func(yield func(P) bool) {
		l, ok := d.where[p]
		if !ok {
			return
		}
		dt := l.tier
		for _, q := range dt.succ[dt.succOff[l.rank]:dt.succOff[l.rank+1]] {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the moves of p.
func (d *Discovered[P]) AppendMoves(dst []P, p P) []P {
	l, ok := d.where[p]
	if !ok {
		return dst
	}
	dt := l.tier
	for _, q := range dt.succ[dt.succOff[l.rank]:dt.succOff[l.rank+1]] {
		dst = append(dst, q)
	}
	return dst
}

// Start is the position the search started from.
func (d *Discovered[P]) Start() P { return d.start }

// TierOf is p's tier; a position the search did not find has the
// greatest tier, which no tier's children list.
func (d *Discovered[P]) TierOf(p P) game.Tier {
	if l, ok := d.where[p]; ok {
		return l.tier.t
	}
	return ^game.Tier(0)
}

// TierChildren are the tiers other than t that t's moves reach.
func (d *Discovered[P]) TierChildren(t game.Tier) []game.Tier {
	if dt := d.byTier[t]; dt != nil {
		return dt.children
	}
	return nil
}

// TierLoopy reports whether a move of t stays in t.
func (d *Discovered[P]) TierLoopy(t game.Tier) bool {
	dt := d.byTier[t]
	return dt != nil && dt.loopy
}

// TierSize is the number of positions of t.
func (d *Discovered[P]) TierSize(t game.Tier) int64 {
	if dt := d.byTier[t]; dt != nil {
		return int64(len(dt.pos))
	}
	return 0
}

// TierRank is p's rank in its tier: its place in the order of keys; -1
// for a position the search did not find.
func (d *Discovered[P]) TierRank(p P) int64 {
	if l, ok := d.where[p]; ok {
		return l.rank
	}
	return -1
}

// TierUnrank is the position of rank r in tier t.
func (d *Discovered[P]) TierUnrank(t game.Tier, r int64) (P, bool) {
	dt := d.byTier[t]
	if dt == nil || r < 0 || r >= int64(len(dt.pos)) {
		var zero P
		return zero, false
	}
	return dt.pos[r], true
}

// TierName is the tier's name (DiscoverOptions.Name).
func (d *Discovered[P]) TierName(t game.Tier) string { return d.tierName(t) }

// TerminalOutcome is the game's verdict at a position without moves.
func (d *Discovered[P]) TerminalOutcome(p P) outcome.Outcome {
	if l, ok := d.where[p]; ok && l.tier.term != nil {
		return l.tier.term[l.rank]
	}
	return outcome.P
}

// Format writes a position (DiscoverOptions.Format).
func (d *Discovered[P]) Format(p P) string { return d.fmt(p) }

// WithEndless is the discovered game with the game's verdicts on
// endless play (game.Endless), when the game has them; the Discovered
// itself otherwise.
func (d *Discovered[P]) WithEndless() game.Tiered[P] {
	if d.endless {
		return discEndless[P]{d}
	}
	return d
}

type discEndless[P comparable] struct{ *Discovered[P] }

func (e discEndless[P]) EndlessOutcome(p P) outcome.Outcome {
	if l, ok := e.where[p]; ok && l.tier.end != nil {
		return l.tier.end[l.rank]
	}
	return outcome.D
}

var (
	_ game.Tiered[int]       = (*Discovered[int])(nil)
	_ game.Terminal[int]     = (*Discovered[int])(nil)
	_ game.MoveAppender[int] = (*Discovered[int])(nil)
	_ game.Formatter[int]    = (*Discovered[int])(nil)
	_ game.Endless[int]      = discEndless[int]{}
)
