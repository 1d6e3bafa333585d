package stopper

import (
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/cgt"
)

// builder collects the vertices of one game graph.
type builder struct {
	g     Graph
	lim   *Limits
	short map[cgt.Game]int32
}

func (b *builder) add() (int32, error) {
	if err := b.lim.checkVertices(b.g.Len()+1, "the game"); err != nil {
		return 0, err
	}
	b.g.L = append(b.g.L, nil)
	b.g.R = append(b.g.R, nil)
	return int32(b.g.Len() - 1), nil
}

// embed copies the graph h into b and returns its root's vertex.
func (b *builder) embed(h *Graph) (int32, error) {
	base := int32(b.g.Len())
	if err := b.lim.checkVertices(b.g.Len()+h.Len(), "the game"); err != nil {
		return 0, err
	}
	for v := 0; v < h.Len(); v++ {
		b.g.L = append(b.g.L, shift(h.L[v], base))
		b.g.R = append(b.g.R, shift(h.R[v], base))
	}
	return base, nil
}

func shift(opts []int32, d int32) []int32 {
	out := make([]int32, len(opts))
	for i, w := range opts {
		out[i] = w + d
	}
	return out
}

// maxGraphNimber bounds the nimbers written out as game graphs.
const maxGraphNimber = 1 << 16

// shortGame adds the short game g of s, one vertex per distinct
// follower.
func (b *builder) shortGame(s *cgt.Space, g cgt.Game) (int32, error) {
	if b.short == nil {
		b.short = map[cgt.Game]int32{}
	}
	if v, ok := b.short[g]; ok {
		return v, nil
	}
	// A nimber *k has k options, which package cgt makes only up to a
	// bound (Space.Left panics past it): refuse a large one here.
	if _, _, k, ok := s.NumberUpStarParts64(g); ok && k > maxGraphNimber {
		return 0, fmt.Errorf("*%d has %d options, too many for a game graph (at most *%d)", k, k, maxGraphNimber)
	}
	v, err := b.add()
	if err != nil {
		return 0, err
	}
	b.short[g] = v
	var L, R []int32
	for _, x := range s.Left(g) {
		w, err := b.shortGame(s, x)
		if err != nil {
			return 0, err
		}
		L = append(L, w)
	}
	for _, x := range s.Right(g) {
		w, err := b.shortGame(s, x)
		if err != nil {
			return 0, err
		}
		R = append(R, w)
	}
	b.g.L[v], b.g.R[v] = L, R
	return v, nil
}

// Named returns the graph of on, off, over, under, upon or dud.
func Named(name string) *Graph {
	switch name {
	case "on": // {pass|}
		return &Graph{L: [][]int32{{0}}, R: [][]int32{nil}}
	case "off": // {|pass}
		return &Graph{L: [][]int32{nil}, R: [][]int32{{0}}}
	case "over": // {0|pass}
		return &Graph{L: [][]int32{{1}, nil}, R: [][]int32{{0}, nil}}
	case "under": // {pass|0}
		return &Graph{L: [][]int32{{0}, nil}, R: [][]int32{{1}, nil}}
	case "upon": // {pass|*}
		return &Graph{L: [][]int32{{0}, {2}, nil}, R: [][]int32{{1}, {2}, nil}}
	case "dud": // {pass|pass}
		return &Graph{L: [][]int32{{0}}, R: [][]int32{{0}}}
	}
	return nil
}

func (p *parser) errAt(pos int, err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return err
	}
	var be interface{ Is(error) bool }
	if errors.As(err, &be) {
		return err // a limit: its own message
	}
	return &ParseError{pos, err.Error()}
}

// value evaluates a node to a value.
func (p *parser) value(n *node, lim *Limits) (*Value, error) {
	switch n.kind {
	case kNeg:
		v, err := p.value(n.a, lim)
		if err != nil {
			return nil, err
		}
		return Negate(v), nil
	case kAdd, kSub:
		a, err := p.value(n.a, lim)
		if err != nil {
			return nil, err
		}
		b, err := p.value(n.b, lim)
		if err != nil {
			return nil, err
		}
		if n.kind == kSub {
			b = Negate(b)
		}
		v, err := Add(a, b, lim)
		if err != nil {
			return nil, p.errAt(n.pos, err)
		}
		return v, nil
	case kTimes:
		return p.times(n, lim)
	case kPow, kPowTo:
		return p.pow(n, lim)
	case kSided:
		a, err := p.value(n.a, lim)
		if err != nil {
			return nil, err
		}
		b, err := p.value(n.b, lim)
		if err != nil {
			return nil, err
		}
		v, err := Sided(a, b, lim)
		if err != nil {
			return nil, p.errAt(n.pos, err)
		}
		return v, nil
	case kRef:
		if n.label == "pass" {
			return nil, &ParseError{n.pos, "pass is a move inside braces ({pass|0}), not a game"}
		}
		return nil, &ParseError{n.pos, "unknown name " + quote(n.label) + " (a label names the braces written right after it, as in a{0|a})"}
	}
	b := &builder{lim: lim}
	root, err := p.vertex(b, n, map[string]int32{})
	if err != nil {
		return nil, err
	}
	g := pack(&b.g, root)
	v, err := FromGraph(g, lim)
	if err != nil {
		return nil, p.errAt(n.pos, err)
	}
	return v, nil
}

// times is n.count copies of n.a's value, summed by doubling.
func (p *parser) times(n *node, lim *Limits) (*Value, error) {
	v, err := p.value(n.a, lim)
	if err != nil {
		return nil, err
	}
	k := n.count
	if !v.IsStopper() && !v.HasSides() && (k > 1 || k < -1) {
		// Each sum of a game without stopper sides is searched for
		// sides again, on a graph that grows with every copy: refuse
		// rather than run for minutes.
		return nil, &ParseError{n.pos, "the multiples of a loopy game whose sides were not found are not computed (write the sum G + G + … out)"}
	}
	if k < 0 {
		v, k = Negate(v), -k
	}
	var sum *Value // nil: 0
	for k > 0 {
		if k&1 == 1 {
			if sum == nil {
				sum = v
			} else if sum, err = Add(sum, v, lim); err != nil {
				return nil, p.errAt(n.pos, err)
			}
		}
		if k >>= 1; k > 0 {
			if v, err = Add(v, v, lim); err != nil {
				return nil, p.errAt(n.pos, err)
			}
		}
	}
	if sum == nil {
		return p.value(&node{kind: kShort, pos: n.pos, short: p.space.Integer(0)}, lim)
	}
	return sum, nil
}

// pow is n.a.Pow(n.b) or n.a.PowTo(n.b): the base must be a short
// game.
func (p *parser) pow(n *node, lim *Limits) (*Value, error) {
	base, err := p.value(n.a, lim)
	if err != nil {
		return nil, err
	}
	var g cgt.Game
	ok := base.IsStopper()
	if ok {
		g, ok = toShort(p.space, base.On)
	}
	if !ok {
		return nil, &ParseError{n.a.pos, "the base of Pow and PowTo must be a short game"}
	}
	x, err := p.value(n.b, lim)
	if err != nil {
		return nil, err
	}
	var v *Value
	if n.kind == kPow {
		v, err = Pow(p.space, g, x, lim)
	} else {
		v, err = PowTo(p.space, g, x, lim)
	}
	if err != nil {
		return nil, p.errAt(n.pos, err)
	}
	return v, nil
}

func quote(s string) string { return "\"" + s + "\"" }

// vertex adds the game of n to b, with env the labels (and pass) of
// the braces around it.
func (p *parser) vertex(b *builder, n *node, env map[string]int32) (int32, error) {
	switch n.kind {
	case kBrace:
		if n.label != "" {
			if _, ok := env[n.label]; ok {
				return 0, &ParseError{n.pos, "label " + quote(n.label) + " is already the label of braces around these"}
			}
		}
		v, err := b.add()
		if err != nil {
			return 0, err
		}
		inner := make(map[string]int32, len(env)+2)
		for k, x := range env {
			inner[k] = x
		}
		inner["pass"] = v
		if n.label != "" {
			inner[n.label] = v
		}
		var L, R []int32
		for _, o := range n.L {
			w, err := p.vertex(b, o, inner)
			if err != nil {
				return 0, err
			}
			L = append(L, w)
		}
		for _, o := range n.R {
			w, err := p.vertex(b, o, inner)
			if err != nil {
				return 0, err
			}
			R = append(R, w)
		}
		b.g.L[v], b.g.R[v] = L, R
		return v, nil
	case kRef:
		if v, ok := env[n.label]; ok {
			return v, nil
		}
		if n.label == "pass" {
			return 0, &ParseError{n.pos, "pass outside braces"}
		}
		return 0, &ParseError{n.pos, "label " + quote(n.label) + " is used outside the braces it names (a label is an option only inside its own braces, as in a{0|a})"}
	case kName:
		return b.embed(Named(n.label))
	case kShort:
		return b.shortGame(p.space, n.short)
	case kPM, kTiny, kMiny:
		// ±G = {G | −G}, Tiny(G) = {0 || 0 | −G}, Miny(G) = {G | 0 || 0}.
		if at, name := freeRef(n.a); at >= 0 {
			return 0, &ParseError{at, "label " + quote(name) + " is used inside a switch or Tiny/Miny; a label (or pass) must be an option by itself"}
		}
		a, err := p.vertex(b, n.a, env)
		if err != nil {
			return 0, err
		}
		neg, err := b.negCopy(a)
		if err != nil {
			return 0, p.errAt(n.pos, err)
		}
		v, err := b.add()
		if err != nil {
			return 0, err
		}
		zero, err := b.shortGame(p.space, cgt.Zero)
		if err != nil {
			return 0, err
		}
		switch n.kind {
		case kPM:
			b.g.L[v], b.g.R[v] = []int32{a}, []int32{neg}
		case kTiny:
			w, err := b.add()
			if err != nil {
				return 0, err
			}
			b.g.L[w], b.g.R[w] = []int32{zero}, []int32{neg}
			b.g.L[v], b.g.R[v] = []int32{zero}, []int32{w}
		case kMiny:
			w, err := b.add()
			if err != nil {
				return 0, err
			}
			b.g.L[w], b.g.R[w] = []int32{a}, []int32{zero}
			b.g.L[v], b.g.R[v] = []int32{w}, []int32{zero}
		}
		return v, nil
	}
	// A sum, negation or sided value inside braces: its value's graph,
	// which may not mention the labels around it.
	if at, name := freeRef(n); at >= 0 {
		return 0, &ParseError{at, "label " + quote(name) + " is used inside a sum or negation; a label (or pass) must be an option by itself"}
	}
	v, err := p.value(n, b.lim)
	if err != nil {
		return 0, err
	}
	if g := graphOf(v); g != nil {
		return b.embed(g)
	}
	return 0, &ParseError{n.pos, "a sided value G & H is not one game and cannot be an option"}
}

// negCopy adds −(the game at vertex a), a copy with the players' options
// exchanged.
func (b *builder) negCopy(a int32) (int32, error) {
	h := pack(&b.g, a)
	return b.embed(Neg(h))
}

// freeRef finds a label or pass in n that braces inside n do not bind.
func freeRef(n *node) (int, string) {
	var walk func(n *node, bound map[string]bool) (int, string)
	walk = func(n *node, bound map[string]bool) (int, string) {
		if n == nil {
			return -1, ""
		}
		switch n.kind {
		case kRef:
			if !bound[n.label] {
				return n.pos, n.label
			}
			return -1, ""
		case kBrace:
			inner := map[string]bool{"pass": true}
			for k := range bound {
				inner[k] = true
			}
			if n.label != "" {
				inner[n.label] = true
			}
			for _, o := range append(append([]*node(nil), n.L...), n.R...) {
				if at, name := walk(o, inner); at >= 0 {
					return at, name
				}
			}
			return -1, ""
		}
		if at, name := walk(n.a, bound); at >= 0 {
			return at, name
		}
		return walk(n.b, bound)
	}
	return walk(n, map[string]bool{})
}
