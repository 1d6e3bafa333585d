package impartialgame

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/internal/arena"
)

// The remoteness of a disjunctive sum is not a function of the
// remotenesses of its parts (Winning Ways ch. 9 gives rules only for the
// conjunctive and selective compounds), so for a sum it is found by
// searching the sum itself (SumSearch), which is exponential in the number
// of parts: it is tried only for small sums, within SumSearch's budgets,
// and past them the remoteness is reported as unknown.
const SumSearchMaxParts = 8

// SumSearchMaxMoves bounds the moves that the remoteness search of a sum looks
// at (a few tenths of a second); beyond it remoteness is left unknown.
const SumSearchMaxMoves = 300_000

// SumSearchMaxWork bounds the bytes that the remoteness search of a sum spends
// on keys, copies of sums and memo entries. A move in a sum of n parts
// costs O(n) of them, so in a sum of thousands of parts the move budget
// alone would allow gigabytes; this one stops the search after about a
// tenth of a second whatever the sum's size. Every search that fits
// SumSearchMaxMoves with at most SumSearchMaxParts parts fits it many times
// over.
const SumSearchMaxWork = 64 << 20

// sumCheckEvery is the work (bytes, as SumSearchMaxWork counts them) between two
// looks at the context: about a millisecond.
const sumCheckEvery = 256 << 10

// splitSumMoves is the move budget when moves split parts: such sums grow
// with every split, nothing bounds them in advance, and most searches
// that finish need a few thousand moves, so a give-up should cost little.
const splitSumMoves = 50_000

// SumRemoteness returns the remoteness of the sum of parts under normal
// play, or nil when the sum is too large to search. mem, when not nil, is
// charged for the search's memo while it runs.
func SumRemoteness[P comparable](ctx context.Context, g game.Splitting[P], format func(P) string, parts []P, mem *budget.Bytes) (*int, error) {
	if len(parts) > SumSearchMaxParts {
		return nil, nil
	}
	s := NewSumSearch(g, format, false, mem)
	defer s.Release()
	if plain, ok := game.Plain(g); !ok {
		s.budget = splitSumMoves
	} else if len(parts) > 1 && !sumWithin(ctx, plain, parts, SumSearchMaxMoves) {
		return nil, nil
	}
	return s.Remoteness(ctx, parts)
}

// sumWithin reports whether a sum of parts of a game whose moves do not
// split has at most limit positions, judged before any search: it has at
// most the product of the numbers of positions its parts reach. A give-up
// found this way costs a few small searches instead of a whole budget.
func sumWithin[P comparable](ctx context.Context, g game.Game[P], parts []P, limit int) bool {
	bound := 1
	for _, p := range parts {
		part := impartial.New(g, impartial.Options{MaxStates: limit})
		if _, err := part.Grundy(ctx, p); err != nil {
			return false
		}
		if bound *= part.States(); bound > limit {
			return false
		}
	}
	return true
}

// SumSearch finds the outcome and remoteness of sums of components by
// plain search over whole sums. It is the definition of remoteness
// (Winning Ways ch. 9; Steinhaus's remoteness function): 0 at the end, else
// 1 + the least remoteness of a move to a lost position if there is one,
// else 1 + the greatest. Under misère play the player who cannot move wins.
//
// A sum is a multiset of components: it is held as the sorted ids of its
// components (interned), without the components that have no moves, which
// change nothing in a sum under either play convention. Equal components
// have equal moves, so the moves of one of them stand for all.
//
// The search has two budgets, used up across all its calls: moves looked
// at (budget), and work (bytes of keys, copies and memo entries, which
// grow with the number of parts); past either the remoteness is unknown.
// The context is looked at every sumCheckEvery bytes of work.
type SumSearch[P comparable] struct {
	options func(P) iter.Seq[[]P]
	format  func(P) string
	misere  bool
	// Single, when set, answers a one-component sum directly (from the
	// Sprague–Grundy solver's memo); ok=false falls back to search.
	Single func(ctx context.Context, p P) (win bool, rem int, ok bool, err error)
	memo   map[string]sumEntry
	// keys holds the memo's keys: allocated one by one, they shared
	// spans with the search's garbage (the sums' slices), which
	// collections left half empty (grundy-game 1000 under misère play:
	// 68 MB live in 144 MB of heap).
	keys arena.Strings
	// scratch holds the key of the sum being looked up.
	scratch []byte
	ids     map[P]uint32 // components interned
	comps   []P          // by id
	dead    []bool       // by id: the component has no moves
	unit    int64        // bytes of one component in a copied sum
	budget  int          // moves still to look at
	work    int64        // bytes still to spend
	// unchecked is the work done since the context was last looked at.
	unchecked int64
	// exhausted is set once a budget has run out: later calls only look
	// up what is known.
	exhausted bool
	mem       *budget.Bytes // charged for the memo, when not nil
	charged   int64
	// maxEntries, when not 0, bounds the sums the memo holds; overStates
	// and overMemory say which limit stopped a search.
	maxEntries             int
	overStates, overMemory bool
	// progress, when not nil, is told the sums memoized now and then, so
	// that a long search shows it is alive.
	progress func(sums int)
}

type sumEntry struct {
	open bool
	win  bool
	rem  int
}

var errSumBudget = errors.New("sum search budget exhausted")

// sumEntryBytes is what a memo entry costs beyond its key: the map's
// slot, the string header and the entry.
const sumEntryBytes = 64

// NewSumSearch returns a search of sums of components of g (format writes
// one in error messages) under normal or misère play; mem, when not nil,
// is charged for its memo until Release.
func NewSumSearch[P comparable](g game.Splitting[P], format func(P) string, misere bool, mem *budget.Bytes) *SumSearch[P] {
	var zero P
	return &SumSearch[P]{
		options: g.Options, format: format, misere: misere,
		memo: map[string]sumEntry{}, ids: map[P]uint32{},
		unit:   int64(unsafe.Sizeof(zero)) + 4,
		budget: SumSearchMaxMoves, work: SumSearchMaxWork, mem: mem,
	}
}

// Release gives back the memory the memo charged.
func (s *SumSearch[P]) Release() {
	s.mem.Release(s.charged)
	s.charged = 0
}

// spend takes n bytes of work from the budget, and looks at the context
// when enough work has gone by since it last did.
func (s *SumSearch[P]) spend(ctx context.Context, n int64) error {
	if s.work -= n; s.work < 0 {
		s.exhausted = true
		return errSumBudget
	}
	if s.unchecked += n; s.unchecked >= sumCheckEvery {
		s.unchecked = 0
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// intern returns the id of a component.
func (s *SumSearch[P]) intern(c P) uint32 {
	id, ok := s.ids[c]
	if !ok {
		id = uint32(len(s.comps))
		s.ids[c] = id
		s.comps = append(s.comps, c)
		s.dead = append(s.dead, true)
		for range s.options(c) {
			s.dead[id] = false
			break
		}
	}
	return id
}

// canon returns the sum of comps as the sorted ids of its components that
// have moves.
func (s *SumSearch[P]) canon(comps []P) []uint32 {
	ids := make([]uint32, 0, len(comps))
	for _, c := range comps {
		if id := s.intern(c); !s.dead[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// after returns the sum ids with the component at j replaced by the parts
// of opt, still sorted.
func (s *SumSearch[P]) after(ids []uint32, j int, opt []P) []uint32 {
	out := make([]uint32, 0, len(ids)-1+len(opt))
	out = append(out, ids[:j]...)
	out = append(out, ids[j+1:]...)
	for _, c := range opt {
		if id := s.intern(c); !s.dead[id] {
			at, _ := slices.BinarySearch(out, id)
			out = slices.Insert(out, at, id)
		}
	}
	return out
}

// appendKey appends the memo's key of the sum ids to b.
func appendKey(b []byte, ids []uint32) []byte {
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	return b
}

// solve returns whether the player to move wins the sum, and its
// remoteness; errSumBudget when the search grows too large.
func (s *SumSearch[P]) solve(ctx context.Context, ids []uint32) (bool, int, error) {
	if len(ids) == 0 {
		return s.misere, 0, nil
	}
	if len(ids) == 1 && s.Single != nil {
		win, rem, ok, err := s.Single(ctx, s.comps[ids[0]])
		if err != nil || ok {
			return win, rem, err
		}
	}
	if err := s.spend(ctx, 4*int64(len(ids))); err != nil && !errors.Is(err, errSumBudget) {
		return false, 0, err
	}
	s.scratch = appendKey(s.scratch[:0], ids)
	if e, ok := s.memo[string(s.scratch)]; ok { // no allocation for the look-up
		if e.open {
			return false, 0, fmt.Errorf("%w: position %s can be reached from itself", impartial.ErrCycle, s.formatSum(ids))
		}
		return e.win, e.rem, nil
	}
	if s.exhausted {
		return false, 0, errSumBudget
	}
	cost := int64(len(s.scratch)) + sumEntryBytes
	if err := s.spend(ctx, cost); err != nil {
		return false, 0, err
	}
	if s.maxEntries > 0 && len(s.memo) >= s.maxEntries {
		s.exhausted, s.overStates = true, true
		return false, 0, errSumBudget
	}
	if s.mem.Charge(cost, "the remoteness search of a sum") != nil {
		s.exhausted, s.overMemory = true, true
		return false, 0, errSumBudget
	}
	s.charged += cost
	k := s.keys.Intern(s.scratch) // s.scratch is the recursion's from here on
	s.memo[k] = sumEntry{open: true}
	if s.progress != nil && len(s.memo)&0xffff == 0 {
		s.progress(len(s.memo))
	}
	bestWin, worst, any := -1, 0, false
	for j, id := range ids {
		if j > 0 && ids[j-1] == id {
			continue // an equal component: the same moves
		}
		for opt := range s.options(s.comps[id]) {
			any = true
			if s.budget--; s.budget < 0 {
				s.exhausted, s.overStates = true, true
				delete(s.memo, k)
				return false, 0, errSumBudget
			}
			if err := s.spend(ctx, s.unit*int64(len(ids)+len(opt))); err != nil {
				delete(s.memo, k)
				return false, 0, err
			}
			win, rem, err := s.solve(ctx, s.after(ids, j, opt))
			if err != nil {
				delete(s.memo, k)
				return false, 0, err
			}
			if !win && (bestWin < 0 || rem < bestWin) {
				bestWin = rem
			}
			worst = max(worst, rem)
		}
	}
	var e sumEntry
	switch {
	case !any:
		e = sumEntry{win: s.misere, rem: 0}
	case bestWin >= 0:
		e = sumEntry{win: true, rem: bestWin + 1}
	default:
		e = sumEntry{win: false, rem: worst + 1}
	}
	s.memo[k] = e
	return e.win, e.rem, nil
}

func (s *SumSearch[P]) formatSum(ids []uint32) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = s.format(s.comps[id])
	}
	return strings.Join(parts, " ")
}

// maxLookupParts bounds the sums that are still looked up in the memo
// once a budget has run out (each look-up costs a key as long as the sum).
const maxLookupParts = 512

// Remoteness returns the remoteness of the sum, or nil when the search
// would be too large. A sum too large to take a thousand moves within the
// work budget is not searched at all.
func (s *SumSearch[P]) Remoteness(ctx context.Context, comps []P) (*int, error) {
	n := int64(len(comps))
	if n*s.unit > SumSearchMaxWork/1000 || s.exhausted && n > maxLookupParts {
		return nil, nil
	}
	if err := s.spend(ctx, n*s.unit); err != nil && !errors.Is(err, errSumBudget) {
		return nil, err
	}
	_, rem, err := s.solve(ctx, s.canon(comps))
	if errors.Is(err, errSumBudget) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rem, nil
}
