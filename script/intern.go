package script

import (
	"context"
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
)

// smallInts bounds the ints interned through a flat slice instead of the
// key map: the common case of heap games, with no hashing at all.
const smallInts = 1 << 22

// Intern returns the Pos of a position value, after the script's key(pos)
// canonicalisation when it defines one.
func (g *Game) Intern(v starlark.Value) (Pos, error) {
	if g.keyFn != nil {
		k, err := g.call(g.keyFn, v)
		if err != nil {
			return 0, err
		}
		if err := checkPosition(k); err != nil {
			return 0, g.resultError(g.keyFn, v, "returned a non-position: "+err.Error(), err)
		}
		v = k
	} else if g.canon != nil {
		k, err := g.canon(v)
		if err != nil {
			return 0, &Error{Pos: g.file, Msg: fmt.Sprintf("the key of %s: %s", describe(v), err), cause: err}
		}
		v = k
	}
	return g.internRaw(v)
}

func (g *Game) internRaw(v starlark.Value) (Pos, error) {
	if n, ok := v.(starlark.Int); ok {
		if x, ok := n.Int64(); ok && x >= 0 && x < smallInts {
			if int(x) < len(g.small) {
				if id := g.small[x]; id != 0 {
					return id, nil
				}
			}
			id, err := g.newNode(v, nodeBytes)
			if err != nil {
				return 0, err
			}
			if int(x) >= len(g.small) {
				grown := make([]Pos, max(int(x)+1, 2*len(g.small), 256))
				copy(grown, g.small)
				g.small = grown
			}
			g.small[x] = id
			return id, nil
		}
	}
	if t, ok := v.(starlark.Tuple); ok {
		if k, ok := packTuple(t); ok {
			if id, ok := g.packed[k]; ok {
				return id, nil
			}
			id, err := g.newNode(v, nodeBytes+mapEntryBytes+8+valueBytes(v))
			if err != nil {
				return 0, err
			}
			if g.packed == nil {
				g.packed = make(map[uint64]Pos)
			}
			g.packed[k] = id
			return id, nil
		}
	}
	buf, err := appendKey(g.keybuf[:0], v, noPath)
	g.keybuf = buf
	if err != nil {
		return 0, err
	}
	if id, ok := g.ids[string(buf)]; ok {
		return id, nil
	}
	id, err := g.newNode(v, nodeBytes+mapEntryBytes+int64(len(buf))+valueBytes(v))
	if err != nil {
		return 0, err
	}
	g.ids[string(buf)] = id
	return id, nil
}

// packTuple packs a tuple of 1 to 15 small non-negative ints into a
// uint64: the length in the top 4 bits, then the ints in 60/len bits
// each (pairs below 2^30, rows of a board of up to 8 below 128). The
// common positions then skip the binary key and its string map: a
// uint64 map is about twice as fast. The empty tuple is 0. Each packed
// value has one tuple, and a tuple that packs never goes to the string
// map, so the two maps never hold the same position.
func packTuple(t starlark.Tuple) (uint64, bool) {
	n := len(t)
	if n > 15 {
		return 0, false
	}
	if n == 0 {
		return 0, true
	}
	w := 60 / uint(n)
	k := uint64(n) << 60
	for i, e := range t {
		x, ok := e.(starlark.Int)
		if !ok {
			return 0, false
		}
		v, ok := x.Int64()
		if !ok || v < 0 || v >= 1<<w {
			return 0, false
		}
		k |= uint64(v) << (w * uint(i))
	}
	return k, true
}

// nodeBytes is the memory a position of a script takes at least, as
// charged to the memory budget: its node, its slot in the flat table of
// small ints, its successors, the Sprague–Grundy solver's memo entry, the
// boxed Starlark value, and the slack of slices that grow by doubling.
// Measured with runtime.MemStats (HeapAlloc after two collections, before
// Load and after Solve) on scripts of 1M positions: 110 bytes a position
// for a chain of small ints (moves(n) = [n - 1], solved), 110 for the
// endless start = 0, moves(n) = [n + 1] stopped by the state cap.
const nodeBytes = 112

// mapEntryBytes is what a position interned through the key map adds to
// nodeBytes besides its key's bytes and its value (valueBytes): the map's
// slot, the key's string header and allocation rounding. With them, the
// same measure gives 167 bytes a position for ints from 1 << 23 (charged
// 112 + 48 + 5 + 16 = 181), 226 for pairs of ints made by an endless
// script and 180 for the pairs of a 1000 × 1000 grid, solved (charged 112
// + 48 + 6 to 8 + 88 = 256): an estimate that errs on the side of
// stopping early.
const mapEntryBytes = 48

// valueBytes estimates the heap bytes of a position's Starlark value: 16
// for a boxed int or bool (more for a big int), 16 plus the bytes of a
// string, a tuple's header and slots plus its elements. The position's
// depth is bounded (MaxDepth) before it is interned.
func valueBytes(v starlark.Value) int64 {
	switch v := v.(type) {
	case starlark.Int:
		if _, ok := v.Int64(); ok {
			return 16
		}
		return 48 + int64(v.BigInt().BitLen()+7)/8
	case starlark.String:
		return 16 + int64(len(v))
	case starlark.Tuple:
		n := 24 + 16*int64(len(v))
		for _, x := range v {
			n += valueBytes(x)
		}
		return n
	}
	return 0
}

// memoryChunk is the least the intern table charges its memory budget at
// a time: 4096 positions of nodeBytes.
const memoryChunk = 4096 * nodeBytes

// setMemory makes b the budget that the intern table charges as it grows
// from now on; the positions already met stay paid for by whichever budget
// paid (a solver kept between requests charges each request for what it
// adds). A nil b charges nothing.
func (g *Game) setMemory(b *budget.Bytes) {
	if b != g.memory {
		g.memory, g.memUsed, g.memCharged = b, 0, 0
	}
}

// newNode adds the position v, which takes about cost bytes, to the
// intern table, within the state cap and the memory budget.
func (g *Game) newNode(v starlark.Value, cost int64) (Pos, error) {
	if len(g.nodes) > g.opts.MaxPositions {
		return 0, budget.Exceed(budget.States, int64(g.opts.MaxPositions), "the script's game has more than %d distinct positions", g.opts.MaxPositions)
	}
	if g.memory != nil {
		if g.memUsed+cost > g.memCharged {
			chunk := max(memoryChunk, cost)
			if err := g.memory.Charge(chunk, "the script's table of positions"); err != nil {
				return 0, err
			}
			g.memCharged += chunk
		}
		g.memUsed += cost
	}
	g.nodes = append(g.nodes, node{val: v, succN: -1, compN: -1, mover: -2})
	return Pos(len(g.nodes) - 1), nil
}

// Positions returns the number of distinct positions met so far.
func (g *Game) Positions() int { return len(g.nodes) - 1 }

// Value returns the Starlark value of p (nil for End).
func (g *Game) Value(p Pos) starlark.Value { return g.nodes[p].val }

// Format writes p as the command line reads it back: an int, ints
// separated by spaces for a tuple of ints, a plain string, or Starlark
// notation for anything else (--pos reads it).
func (g *Game) Format(p Pos) string {
	if p == End || int(p) >= len(g.nodes) {
		return "(end)"
	}
	return formatValue(g.nodes[p].val)
}

// Rank is p itself: positions are numbered densely as they are met.
func (g *Game) Rank(p Pos) int { return int(p) }

// Start returns the script's start position; ok is false when it has none.
func (g *Game) Start() (p Pos, ok bool, err error) {
	if g.start == nil {
		return 0, false, nil
	}
	err = g.Run(context.Background(), func(context.Context) error {
		p, err = g.Intern(g.start)
		return err
	})
	return p, err == nil, err
}

// Parse reads a position: from a Starlark literal when expr is not empty
// (see ParseLiteral: nothing in it is evaluated, so a position given by a
// user costs what its text does), else from command-line tokens (one int,
// several ints as a tuple, anything else a string), else the script's
// start. Errors in expr say "bad position" and name no flag: the server
// reads positions the same way.
func (g *Game) Parse(ctx context.Context, tokens []string, expr string) (Pos, error) {
	var v starlark.Value
	switch {
	case expr != "" && len(tokens) > 0:
		return 0, fmt.Errorf("give the position either as words or as a Starlark expression, not both")
	case expr != "":
		r, err := ParseLiteral(expr)
		if err != nil {
			return 0, &budget.BadInput{Msg: fmt.Sprintf("bad position %q: %s", shorten(expr), err), Offset: -1}
		}
		if err := checkPosition(r); err != nil {
			return 0, &budget.BadInput{Msg: fmt.Sprintf("bad position %q: the value %s", shorten(expr), err), Offset: -1}
		}
		v = r
	case len(tokens) > 0:
		v = parseTokens(tokens)
		if len(tokens) == 1 && tokens[0] == "" {
			return 0, fmt.Errorf("bad position: empty")
		}
	default:
		if g.start == nil {
			return 0, fmt.Errorf("%s defines no start position: give one after the script (e.g. 10, or 3 4 5), or as a Starlark expression", g.file)
		}
		v = g.start
	}
	var p Pos
	err := g.Run(ctx, func(context.Context) error {
		var err error
		p, err = g.Intern(v)
		return err
	})
	return p, err
}

// expand computes p's successors (and its terminal kind) once; it reports
// false, having recorded the error, when the script fails.
func (g *Game) expand(p Pos) bool {
	if int(p) >= len(g.nodes) {
		g.fail(fmt.Errorf("script: position %d was not made by this game", p))
		return false
	}
	if p == End || g.nodes[p].succN >= 0 {
		return true
	}
	if g.err != nil {
		return false
	}
	v := g.nodes[p].val
	if g.terminalFn != nil {
		t, err := g.terminalKind(v)
		if err != nil {
			g.fail(err)
			return false
		}
		if t != termNone {
			n := &g.nodes[p]
			n.term, n.succOff, n.succN = t, uint32(len(g.succ)), 0
			return true
		}
	}
	off := len(g.succ)
	if g.chanceFn != nil {
		probs, err := g.chanceOutcomes(v)
		if err != nil {
			g.succ = g.succ[:off]
			g.fail(err)
			return false
		}
		if probs != nil {
			g.probs[p] = probs
			n := &g.nodes[p]
			n.succOff, n.succN, n.mover = uint32(off), int32(len(g.succ)-off), -1
			return true
		}
	}
	if g.movesFn == nil {
		g.fail(g.partizanOnly())
		return false
	}
	res, err := g.call(g.movesFn, v)
	if err != nil {
		g.fail(err)
		return false
	}
	err = g.eachMove(v, res, func(_ starlark.Value, q starlark.Value) error {
		id, err := g.Intern(q)
		if err != nil {
			return err
		}
		g.succ = append(g.succ, id)
		return nil
	})
	if err != nil {
		g.succ = g.succ[:off]
		g.fail(err)
		return false
	}
	n := &g.nodes[p]
	n.succOff, n.succN = uint32(off), int32(len(g.succ)-off)
	return true
}

// eachMove calls f with the label (nil when moves are not labelled) and
// the successor value of every move in a moves(pos) result.
func (g *Game) eachMove(pos, res starlark.Value, f func(label, q starlark.Value) error) error {
	bad := func(msg string, cause ...error) error { return g.resultError(g.movesFn, pos, msg, cause...) }
	wrap := func(err error, what string) error {
		if pe, ok := err.(*positionError); ok {
			return bad("returned a non-position "+what+": "+pe.Error(), pe)
		}
		return err
	}
	if d, ok := res.(*starlark.Dict); ok {
		g.dictMoves = true
		for _, kv := range d.Items() {
			if err := f(kv[0], kv[1]); err != nil {
				return wrap(err, "for the move "+describe(kv[0]))
			}
		}
		return nil
	}
	it, ok := res.(starlark.Iterable)
	if !ok || res.Type() == "string" {
		return bad(fmt.Sprintf("returned %s (%s); expected a list of positions", article(res.Type()), describe(res)))
	}
	// A list, the usual result, is read by index: an iterator is an
	// allocation per call. (Nothing can change the list meanwhile: the
	// call that made it has returned, and the globals are frozen.)
	list, _ := res.(*starlark.List)
	var iter starlark.Iterator
	if list == nil {
		iter = it.Iterate()
		defer iter.Done()
	}
	var x starlark.Value
	for i := 0; ; i++ {
		if list != nil {
			if i >= list.Len() {
				break
			}
			x = list.Index(i)
		} else if !iter.Next(&x) {
			break
		}
		var label starlark.Value
		q := x
		if g.labelled {
			pair, ok := x.(starlark.Tuple)
			if !ok || len(pair) != 2 {
				return bad(fmt.Sprintf("returned %s at index %d; with move_labels = True each move is a pair (label, position)", describe(x), i))
			}
			label, q = pair[0], pair[1]
		}
		if err := f(label, q); err != nil {
			return wrap(err, fmt.Sprintf("at index %d", i))
		}
	}
	return nil
}

// terminalKind asks terminal(pos).
func (g *Game) terminalKind(v starlark.Value) (termKind, error) {
	r, err := g.call(g.terminalFn, v)
	if err != nil {
		return 0, err
	}
	switch r := r.(type) {
	case starlark.NoneType:
		return termNone, nil
	case starlark.Bool:
		if r {
			return termEnded, nil
		}
		return termNone, nil
	case starlark.String:
		if g.payoffFn == nil {
			switch strings.ToLower(string(r)) {
			case "win":
				return termWin, nil
			case "loss", "lose":
				return termLoss, nil
			case "draw":
				return termDraw, nil
			}
		}
	}
	if g.payoffFn != nil {
		return 0, g.resultError(g.terminalFn, v, fmt.Sprintf("returned %s; expected True (the game is over: payoff(pos) says who gets what) or False", describe(r)))
	}
	return 0, g.resultError(g.terminalFn, v, fmt.Sprintf("returned %s; expected False (play on), True (over: the player to move loses, or wins if misère), or \"win\", \"loss\", \"draw\" for the player to move", describe(r)))
}

// successors returns p's successors (nil after an error). The slice is the
// game's: it must not be modified, and it stays valid.
func (g *Game) successors(p Pos) []Pos {
	if !g.expand(p) {
		return nil
	}
	n := g.nodes[p]
	return g.succ[n.succOff : n.succOff+uint32(n.succN) : n.succOff+uint32(n.succN)]
}

// components returns split(p) interned (p itself when the script has no
// split). An empty slice (nil included) is the empty sum, a position with
// no moves; a failure is the error, recorded as the game's (Err), and is
// never told by the slice: an empty sum whose arena was still empty once
// came back nil, was taken for a failure, and cut short the moves of
// every position that can leave it.
func (g *Game) components(p Pos) ([]Pos, error) {
	if p == End || g.splitFn == nil {
		return []Pos{p}, nil
	}
	n := g.nodes[p]
	if n.compN < 0 {
		if g.err != nil {
			return nil, g.err
		}
		res, err := g.call(g.splitFn, n.val)
		if err != nil {
			g.fail(err)
			return nil, g.err
		}
		off := len(g.comps)
		it, ok := res.(starlark.Iterable)
		if !ok || res.Type() == "string" {
			g.fail(g.resultError(g.splitFn, n.val, fmt.Sprintf("returned %s; expected a list of the independent components", article(res.Type()))))
			return nil, g.err
		}
		iter := it.Iterate()
		var x starlark.Value
		for i := 0; iter.Next(&x); i++ {
			id, err := g.Intern(x)
			if err != nil {
				if pe, ok := err.(*positionError); ok {
					err = g.resultError(g.splitFn, n.val, fmt.Sprintf("returned a non-position at index %d: %s", i, pe.Error()), pe)
				}
				iter.Done()
				g.comps = g.comps[:off]
				g.fail(err)
				return nil, g.err
			}
			g.comps = append(g.comps, id)
		}
		iter.Done()
		g.nodes[p].compOff, g.nodes[p].compN = uint32(off), int32(len(g.comps)-off)
		n = g.nodes[p]
	}
	return g.comps[n.compOff : n.compOff+uint32(n.compN) : n.compOff+uint32(n.compN)], nil
}

// Move is one move of a position as the script wrote it.
type Move struct {
	Label string // "" when the script does not name its moves
	To    Pos
}

// Moves returns the moves of p with their labels, asking the script
// afresh (a solver uses the cached successors instead). A terminal
// position has none.
func (g *Game) MoveList(ctx context.Context, p Pos) ([]Move, error) {
	var out []Move
	err := g.Run(ctx, func(context.Context) error {
		if !g.expand(p) {
			return g.err
		}
		if g.nodes[p].term != termNone {
			return nil
		}
		if !g.labelled && !g.dictMoves && g.chanceFn == nil {
			// No labels: the successors expand kept are the moves, in
			// order; asking the script again would cost its call and
			// an interning per move once more (the root of a sum is
			// expanded only here).
			for _, q := range g.successors(p) {
				out = append(out, Move{To: q})
			}
			return nil
		}
		var err error
		out, err = g.calledMoves(g.movesFn, g.nodes[p].val)
		return err
	})
	return out, err
}

// calledMoves calls the script's moves function fn on the position v and
// returns its moves, each interned, with their labels when it gives
// them (the keys of a dict, or move_labels pairs).
func (g *Game) calledMoves(fn *starlark.Function, v starlark.Value) ([]Move, error) {
	res, err := g.call(fn, v)
	if err != nil {
		return nil, err
	}
	var out []Move
	err = g.eachMove(v, res, func(label, q starlark.Value) error {
		id, err := g.Intern(q)
		if err != nil {
			return err
		}
		m := Move{To: id}
		if label != nil {
			if s, ok := label.(starlark.String); ok {
				m.Label = string(s)
			} else {
				m.Label = label.String()
			}
		}
		out = append(out, m)
		return nil
	})
	return out, err
}
