package pipeline

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/tier"
)

// A loopy tier too large for one worker, solved by rank ranges: the
// retrograde analysis of the tier (tier's solveLoopy: retro.Solve with
// Exits, a bucket queue by remoteness) run level by level, a round of
// messages between ranges per level, as a distributed graph computation
// (Pregel's supersteps; Malewicz et al., SIGMOD 2010).
//
//	splitFn      (split.go) the tier's reachable positions as ranges; the
//	             child ranges to read; the writer's mark
//	loopyAskFn   per range: each position's moves out of the tier, asked
//	             of the child ranges (as askFn); each move inside the
//	             tier, sent to its target's range as a reverse arc; the
//	             positions with their numbers of moves
//	readFn, joinFn (split.go) the exits' records, sent to their ranges
//	initFn       per range (GroupByKey): each position's state as
//	             solveExits starts it: a counter of the moves not known
//	             to lose, Win and Lose from its exits, resolved at once if
//	             it has no move inside the tier; its predecessors
//	roundFn ×R   round r, per range (CoGroupByKey of its state with the
//	             messages of round r-1): the messages applied (a lost
//	             target makes the mover won in r; a won one counts down
//	             the mover's counter, lost in max(r, Lose) at zero), the
//	             exits' wins of level r, then each position of
//	             remoteness r tells its predecessors' ranges
//	settleFn     the last round's messages applied; every range must be
//	             quiet (no position waiting to be processed at a level
//	             past the rounds); the positions left unresolved are
//	             draws; the range's records are written as its part
//	             (writePart, split.go) for assembleFn
//
// Round r resolves exactly the positions of remoteness r+1 the queue
// resolves at its level r (the order inside a level does not change the
// result: a message only resolves positions at a later level), so the
// records are solveLoopy's, byte for byte. Rounds are laid out when the
// pipeline is built (Beam has no loops): Options.LoopyRounds per height
// of the tier graph that has such tiers. A tier needs about its greatest
// remoteness plus one; if the rounds did not suffice, settleFn fails the
// tier and Build runs the pipeline again with twice the rounds (finished
// tiers kept). Each round moves every range's state (its positions'
// counters and predecessors: about 4 bytes a move inside the tier and
// 12 a position, as varints) through the runner's shuffle, as a Pregel
// superstep on a dataflow engine does.
//
// A game with a verdict on endless play (game.Endless) also needs the
// attractor of drawn ends (retro's endless pass), another fixpoint of
// rounds: not built, so such a game's loopy tiers are solved whole.

func init() {
	register.DoFn5x1[context.Context, string, []byte, func(string, []byte), func(string, []byte), error](&loopyAskFn{})
	register.DoFn3x1[string, func(*[]byte) bool, func(string, []byte), error](&initFn{})
	register.DoFn5x1[string, func(*[]byte) bool, func(*[]byte) bool, func(string, []byte), func(string, []byte), error](&roundFn{})
	register.DoFn5x1[context.Context, string, func(*[]byte) bool, func(*[]byte) bool, func(int64, []byte), error](&settleFn{})
	register.DoFn3x0[string, []byte, func(string, []byte)](&noMessagesFn{})
}

// DefaultLoopyRounds is Options.LoopyRounds if 0.
const DefaultLoopyRounds = 16

// maxLoopyRounds bounds Build's doubling of the rounds.
const maxLoopyRounds = 1 << 12

// roundsMsg is the start of settleFn's error when the rounds did not
// suffice, which Build looks for in the runner's report.
const roundsMsg = "needs more rounds of retrograde analysis than"

// loopyRanger is what a loopy tier's ranges ask of the game
// (tier.Ranger).
type loopyRanger interface {
	Moves(t game.Tier, r int64, dst []tier.Option) ([]tier.Option, error)
	Terminal(t game.Tier, r int64) (uint16, error)
	Endless() bool
}

func (l *looked) loopyRanger() (loopyRanger, error) {
	rs, err := l.ranger()
	if err != nil {
		return nil, err
	}
	x, ok := rs.(loopyRanger)
	if !ok {
		return nil, fmt.Errorf("%s cannot solve a loopy tier by ranges", l.g.Spec())
	}
	return x, nil
}

// solveLoopySplit adds the stages that solve the loopy tiers ts by
// ranges, in rounds rounds, once their children are done; it returns
// their descriptions and "done" messages, as solveSplit.
func solveLoopySplit(s beam.Scope, spec, out string, split Split, ts []int64, rounds int, reach, done beam.PCollection) (info, up beam.PCollection) {
	in := beam.CoGroupByKey(s,
		beam.ParDo(s, &stageFn{Tiers: ts}, reach),
		beam.ParDo(s, &doneFn{Tiers: ts}, done))
	ranges, reads, marks, info0, up0 := beam.ParDo5(s, &splitFn{Game: spec, Out: out, Split: split}, in)
	asks, nodes := beam.ParDo2(s, &loopyAskFn{Game: spec, Out: out, Split: split}, ranges)
	recs := beam.ParDo(s, &readFn{Game: spec, Out: out, Split: split}, reads)
	answers := beam.ParDo(s, &joinFn{Game: spec}, beam.CoGroupByKey(s, asks, recs))
	state := beam.ParDo(s, &initFn{Game: spec, Split: split}, beam.GroupByKey(s, beam.Flatten(s, answers, nodes)))
	msgs := beam.ParDo(s, &noMessagesFn{}, state)
	for r := range rounds {
		rs := s.Scope(fmt.Sprintf("round-%d", r))
		state, msgs = beam.ParDo2(rs, &roundFn{Game: spec, Split: split, Round: r}, beam.CoGroupByKey(rs, state, msgs))
	}
	results := beam.ParDo(s, &settleFn{Game: spec, Out: out, Split: split, Rounds: rounds}, beam.CoGroupByKey(s, state, msgs))
	info1, up1 := beam.ParDo2(s, &assembleFn{Game: spec, Out: out}, beam.GroupByKey(s, beam.Flatten(s, results, marks)))
	return beam.Flatten(s, info0, info1), beam.Flatten(s, up0, up1)
}

// noMessagesFn makes the (empty) messages before round 0.
type noMessagesFn struct{}

func (noMessagesFn) ProcessElement(string, []byte, func(string, []byte)) {}

// What initFn gets besides joinFn's answers (tagOptions).
const (
	tagNode = 'n' // the range's positions: (rank, moves inside, moves out, terminal record) = 18 bytes each
	tagArc  = 'a' // moves inside the tier into the range: (target rank, source rank) = 16 bytes each
)

// loopyAskFn lists a loopy range's positions' moves: those out of the
// tier as asks to the child ranges (askFn's format), those inside it as
// reverse arcs to their targets' ranges, and the positions themselves.
type loopyAskFn struct {
	Game, Out string
	Split     Split
}

func (f *loopyAskFn) ProcessElement(ctx context.Context, key string, b []byte, ask func(string, []byte), node func(string, []byte)) error {
	defer startTask()()
	t, i, l, pt, err := placeTier(f.Game, key)
	if err != nil {
		return err
	}
	x, err := l.loopyRanger()
	if err != nil {
		return err
	}
	r0, bm, err := f.Split.rangeBits(ctx, f.Out, f.Game, pt, i, b)
	if err != nil {
		return err
	}
	ranks := f.Split.ranks(pt)
	asks := map[string][]byte{} // child range → this range's key, then (rank here, rank there) pairs
	arcs := map[string][]byte{} // range of this tier → tagArc, then (target, source) pairs
	here := []byte{tagNode}
	var opts []tier.Option
	for w, word := range bm {
		for ; word != 0; word &= word - 1 {
			r := r0 + (int64(w)<<6 | int64(bits.TrailingZeros64(word)))
			if opts, err = x.Moves(t, r, opts[:0]); err != nil {
				return tierError(pt.Name, err)
			}
			var inside, outside uint32
			for _, o := range opts {
				if o.Tier == t {
					inside++
					k := placeKey(t, o.Rank/ranks)
					a, ok := arcs[k]
					if !ok {
						a = []byte{tagArc}
					}
					a = binary.BigEndian.AppendUint64(a, uint64(o.Rank))
					arcs[k] = binary.BigEndian.AppendUint64(a, uint64(r))
					continue
				}
				outside++
				k := placeKey(o.Tier, o.Rank/f.Split.ranks(l.by[o.Tier]))
				a, ok := asks[k]
				if !ok {
					a = []byte(key)
				}
				a = binary.BigEndian.AppendUint64(a, uint64(r))
				asks[k] = binary.BigEndian.AppendUint64(a, uint64(o.Rank))
			}
			var term uint16
			if len(opts) == 0 {
				if term, err = x.Terminal(t, r); err != nil {
					return tierError(pt.Name, err)
				}
			}
			here = binary.BigEndian.AppendUint64(here, uint64(r))
			here = binary.BigEndian.AppendUint32(here, inside)
			here = binary.BigEndian.AppendUint32(here, outside)
			here = binary.BigEndian.AppendUint16(here, term)
		}
	}
	for k, a := range asks {
		ask(k, a)
	}
	for k, a := range arcs {
		node(k, a)
	}
	node(key, here)
	return nil
}

// Node states, as retro keeps them: a counter of the moves not yet
// known to lose while unresolved, else a resolved mark.
const (
	resolved  = 1 << 31
	resolvedN = resolved | 1
	resolvedP = resolved | 2
	resolvedD = resolved | 3
)

// lnode is one position of a loopy range during the rounds.
type lnode struct {
	rank      int64
	st        uint32 // counter, or a resolved mark
	rem       uint32 // remoteness once resolved N or P
	win, lose uint32 // retro.Exits' Win and Lose
	preds     []int64
}

func encodeState(ns []lnode) []byte {
	b := binary.AppendUvarint(nil, uint64(len(ns)))
	for _, n := range ns {
		b = binary.AppendUvarint(b, uint64(n.rank))
		b = binary.AppendUvarint(b, uint64(n.st))
		b = binary.AppendUvarint(b, uint64(n.rem))
		b = binary.AppendUvarint(b, uint64(n.win))
		b = binary.AppendUvarint(b, uint64(n.lose))
		b = binary.AppendUvarint(b, uint64(len(n.preds)))
		for _, p := range n.preds {
			b = binary.AppendUvarint(b, uint64(p))
		}
	}
	return b
}

func decodeState(b []byte) ([]lnode, error) {
	bad := fmt.Errorf("a malformed range state of %d bytes", len(b))
	next := func() (uint64, bool) {
		v, k := binary.Uvarint(b)
		if k <= 0 {
			return 0, false
		}
		b = b[k:]
		return v, true
	}
	n, ok := next()
	if !ok || n > uint64(len(b)) {
		return nil, bad
	}
	ns := make([]lnode, n)
	for i := range ns {
		var v [6]uint64
		for j := range v {
			if v[j], ok = next(); !ok {
				return nil, bad
			}
		}
		if v[5] > uint64(len(b)) {
			return nil, bad
		}
		ns[i] = lnode{rank: int64(v[0]), st: uint32(v[1]), rem: uint32(v[2]), win: uint32(v[3]), lose: uint32(v[4]), preds: make([]int64, v[5])}
		for j := range ns[i].preds {
			p, ok := next()
			if !ok {
				return nil, bad
			}
			ns[i].preds[j] = int64(p)
		}
	}
	if len(b) != 0 {
		return nil, bad
	}
	return ns, nil
}

func byRank(n lnode, r int64) int {
	switch {
	case n.rank < r:
		return -1
	case n.rank > r:
		return 1
	}
	return 0
}

// find is the node of rank r in ns (sorted by rank), or nil.
func find(ns []lnode, r int64) *lnode {
	if i, ok := slices.BinarySearchFunc(ns, r, byRank); ok {
		return &ns[i]
	}
	return nil
}

// initFn gathers a loopy range's positions, their exits' records and
// their predecessors into the state solveExits starts from.
type initFn struct {
	Game  string
	Split Split
}

func (f *initFn) ProcessElement(key string, parts func(*[]byte) bool, emit func(string, []byte)) error {
	defer startTask()()
	_, _, _, pt, err := placeTier(f.Game, key)
	if err != nil {
		return err
	}
	type info struct {
		inside, outside, exits uint32
		term                   uint16
		mv, win, lose          uint32
	}
	var ns []lnode
	var infos []info
	var arcs, exits [][]byte
	var b []byte
	for parts(&b) {
		switch {
		case len(b) > 0 && b[0] == tagNode && (len(b)-1)%18 == 0:
			if ns != nil {
				return fmt.Errorf("tier %s: two lists of a range's positions", pt.Name)
			}
			for p := b[1:]; len(p) > 0; p = p[18:] {
				ns = append(ns, lnode{rank: int64(binary.BigEndian.Uint64(p))})
				infos = append(infos, info{inside: binary.BigEndian.Uint32(p[8:]), outside: binary.BigEndian.Uint32(p[12:]), term: binary.BigEndian.Uint16(p[16:])})
			}
			if ns == nil {
				ns = []lnode{}
			}
		case len(b) > 0 && b[0] == tagArc && (len(b)-1)%16 == 0:
			arcs = append(arcs, b[1:])
		case len(b) > 0 && b[0] == tagOptions && (len(b)-1)%10 == 0:
			exits = append(exits, b[1:])
		default:
			return fmt.Errorf("tier %s: a malformed part of a range of %d bytes", pt.Name, len(b))
		}
	}
	index := func(r int64) (int, error) {
		i, ok := slices.BinarySearchFunc(ns, r, byRank)
		if !ok {
			return 0, fmt.Errorf("internal error: a move reaches rank %d of tier %s, not a reachable position of its range", r, pt.Name)
		}
		return i, nil
	}
	for _, a := range arcs {
		for ; len(a) > 0; a = a[16:] {
			i, err := index(int64(binary.BigEndian.Uint64(a)))
			if err != nil {
				return err
			}
			ns[i].preds = append(ns[i].preds, int64(binary.BigEndian.Uint64(a[8:])))
		}
	}
	for _, e := range exits {
		for ; len(e) > 0; e = e[10:] {
			i, err := index(int64(binary.BigEndian.Uint64(e)))
			if err != nil {
				return err
			}
			x := &infos[i]
			x.exits++
			// tier's solveLoopy: an exit to a lost position bounds the
			// win, to a won one the loss; the others count as moves.
			switch c := binary.BigEndian.Uint16(e[8:]); {
			case c >= 4 && c&1 == 0:
				if r := uint32(c-4)/2 + 1; x.win == 0 || r < x.win {
					x.win = r
				}
			case c >= 5:
				x.lose = max(x.lose, uint32(c-5)/2+1)
			default:
				x.mv++
			}
		}
	}
	for i := range ns {
		n, x := &ns[i], infos[i]
		if x.exits != x.outside {
			return fmt.Errorf("rank %d of tier %s: %d records of moves out of the tier for %d moves", n.rank, pt.Name, x.exits, x.outside)
		}
		slices.Sort(n.preds) // the order of arrival varies; the result does not depend on it
		n.win, n.lose = x.win, x.lose
		n.st = x.inside + x.mv
		// retro's solveExits, seeding.
		switch {
		case x.win > 0:
			n.st++ // a count no move inside clears: never lost
		case n.st != 0:
		case x.lose > 0:
			n.st, n.rem = resolvedP, x.lose
		case x.outside > 0:
			return fmt.Errorf("internal error: rank %d of tier %s has moves but no state", n.rank, pt.Name)
		default:
			switch x.term {
			case 5:
				n.st = resolvedN
			case 4:
				n.st = resolvedP
			case db.Draw:
				n.st = resolvedD
			default:
				return fmt.Errorf("rank %d of tier %s: a terminal record %d", n.rank, pt.Name, x.term)
			}
		}
	}
	if ns == nil {
		return fmt.Errorf("tier %s: moves into a range without reachable positions", pt.Name)
	}
	emit(key, encodeState(ns))
	return nil
}

// messages is the range's state and the messages to it: a position of
// rank u lost (tagLost: u's mover wins) or won (tagWon: u's counter
// drops), once per move.
const (
	tagLost = 'l'
	tagWon  = 'w'
)

// applyMessages applies the messages of level r-1 to the state: a mover
// to a lost position is won in r; one whose last move not known to lose
// goes to a won position is lost in max(r, its Lose), as solveExits.
func applyMessages(ns []lnode, msgs func(*[]byte) bool, r uint32, name string) error {
	var b []byte
	for msgs(&b) {
		if len(b)%9 != 0 {
			return fmt.Errorf("tier %s: a message of %d bytes", name, len(b))
		}
		for ; len(b) > 0; b = b[9:] {
			u := find(ns, int64(binary.BigEndian.Uint64(b)))
			if u == nil {
				return fmt.Errorf("tier %s: a message to rank %d, not a reachable position of its range", name, binary.BigEndian.Uint64(b))
			}
			if u.st >= resolved {
				continue
			}
			switch b[8] {
			case tagLost:
				u.st, u.rem = resolvedN, r
			case tagWon:
				if u.st == 1 {
					u.st, u.rem = resolvedP, max(r, u.lose)
				} else {
					u.st--
				}
			default:
				return fmt.Errorf("tier %s: a message of kind %q", name, b[8])
			}
		}
	}
	return nil
}

// state is the one state of a range in a CoGroupByKey.
func state(states func(*[]byte) bool, name string) ([]lnode, error) {
	var ns []lnode
	var b []byte
	count := 0
	for states(&b) {
		count++
		var err error
		if ns, err = decodeState(b); err != nil {
			return nil, fmt.Errorf("tier %s: %w", name, err)
		}
	}
	if count != 1 {
		return nil, fmt.Errorf("tier %s: %d states of one range", name, count)
	}
	return ns, nil
}

// roundFn is level Round of the queue for one range.
type roundFn struct {
	Game  string
	Split Split
	Round int
}

func (f *roundFn) ProcessElement(key string, states, msgs func(*[]byte) bool, emitState func(string, []byte), send func(string, []byte)) error {
	defer startTask()()
	t, _, _, pt, err := placeTier(f.Game, key)
	if err != nil {
		return err
	}
	ns, err := state(states, pt.Name)
	if err != nil {
		return err
	}
	r := uint32(f.Round)
	if err := applyMessages(ns, msgs, r, pt.Name); err != nil {
		return err
	}
	out := map[string][]byte{}
	ranks := f.Split.ranks(pt)
	for i := range ns {
		n := &ns[i]
		if n.st < resolved && n.win == r && r > 0 {
			n.st, n.rem = resolvedN, r
		}
		if (n.st != resolvedN && n.st != resolvedP) || n.rem != r {
			continue
		}
		kind := byte(tagWon)
		if n.st == resolvedP {
			kind = tagLost
		}
		for _, u := range n.preds {
			k := placeKey(t, u/ranks)
			out[k] = append(binary.BigEndian.AppendUint64(out[k], uint64(u)), kind)
		}
	}
	for k, m := range out {
		send(k, m)
	}
	emitState(key, encodeState(ns))
	return nil
}

// settleFn applies the last round's messages, checks that nothing is
// left to do, and writes the range's records as its part, as rangeFn.
type settleFn struct {
	Game, Out string
	Split     Split
	Rounds    int
}

func (f *settleFn) ProcessElement(ctx context.Context, key string, states, msgs func(*[]byte) bool, emit func(int64, []byte)) error {
	defer startTask()()
	_, i, _, pt, err := placeTier(f.Game, key)
	if err != nil {
		return err
	}
	ns, err := state(states, pt.Name)
	if err != nil {
		return err
	}
	if err := applyMessages(ns, msgs, uint32(f.Rounds), pt.Name); err != nil {
		return err
	}
	for _, n := range ns {
		waiting := n.st < resolved && n.win > 0 ||
			(n.st == resolvedN || n.st == resolvedP) && n.rem >= uint32(f.Rounds) && len(n.preds) > 0
		if waiting {
			return tierError(pt.Name, fmt.Errorf("%s %d (rank %d waits for level %d)", roundsMsg, f.Rounds, n.rank, max(n.rem, n.win)))
		}
	}
	ranks := f.Split.ranks(pt)
	r0 := i * ranks
	n := min(ranks, pt.Size-r0)
	recs := db.NewRecords(n, 2)
	for _, v := range ns {
		if v.rank < r0 || v.rank >= r0+n {
			return fmt.Errorf("tier %s: rank %d in range [%d, %d)", pt.Name, v.rank, r0, r0+n)
		}
		code := uint16(db.Draw) // unresolved: neither player forces a win (no verdict on endless play)
		switch v.st {
		case resolvedN, resolvedP:
			o := outcome.N
			if v.st == resolvedP {
				o = outcome.P
			}
			c, ok := db.Encode(o, v.rem)
			if !ok {
				return fmt.Errorf("rank %d of tier %s has remoteness %d, more than a record holds (%d)", v.rank, pt.Name, v.rem, db.MaxRemoteness(2))
			}
			code = c
		}
		recs.Set(v.rank-r0, code)
	}
	return writePart(ctx, f.Out, f.Game, pt, r0, recs, emit)
}

// moreRounds reports whether err is settleFn's for too few rounds.
func moreRounds(err error) bool { return err != nil && strings.Contains(err.Error(), roundsMsg) }
