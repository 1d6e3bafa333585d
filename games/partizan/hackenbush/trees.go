package hackenbush

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

// Trees is Hackenbush on trees: each position is one tree standing on
// the ground by one edge, written from the ground up as a chain of edges
// l (blue, Left's), r (red, Right's) and e (green, either player's, as
// CGSuite writes it), where a node with several branches lists them
// in brackets: "l[r,lr]" is a blue edge carrying a red edge and a
// blue-red stalk. A stalk is a tree without brackets. Cutting an edge
// removes everything above it; cutting the bottom edge removes the tree.
//
// Positions are kept in a canonical notation (branches sorted), so equal
// trees share one memo entry. A tree whose bottom edge e carries the
// forest F is the ordinal sum e : F (Winning Ways ch. 1; Siegel, CGT,
// ch. II), e being 1, −1 or * for a blue, red or green edge, which the
// tests use as the second witness.
type Trees struct{}

// MaxTreeEdges bounds the edges of one tree.
const MaxTreeEdges = 64

type tnode struct {
	color byte
	kids  []*tnode
}

func (n *tnode) String() string {
	var sb strings.Builder
	n.write(&sb)
	return sb.String()
}

func (n *tnode) write(sb *strings.Builder) {
	sb.WriteByte(n.color)
	switch len(n.kids) {
	case 0:
	case 1:
		n.kids[0].write(sb)
	default:
		parts := make([]string, len(n.kids))
		for i, k := range n.kids {
			parts[i] = k.String()
		}
		slices.Sort(parts)
		sb.WriteByte('[')
		sb.WriteString(strings.Join(parts, ","))
		sb.WriteByte(']')
	}
}

func (n *tnode) size() int {
	s := 1
	for _, k := range n.kids {
		s += k.size()
	}
	return s
}

// treeParser reads the tree notation.
type treeParser struct {
	src string
	pos int
}

func (p *treeParser) fail(format string, args ...any) error {
	return fmt.Errorf("bad tree %q at character %d: %s", p.src, p.pos+1, fmt.Sprintf(format, args...))
}

// forest := tree (',' tree)*
func (p *treeParser) forest(depth int) ([]*tnode, error) {
	var out []*tnode
	for {
		t, err := p.tree(depth)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		return out, nil
	}
}

// tree := edge (tree | '[' forest ']')?
func (p *treeParser) tree(depth int) (*tnode, error) {
	if depth > MaxTreeEdges {
		return nil, p.fail("more than %d edges", MaxTreeEdges)
	}
	if p.pos >= len(p.src) {
		return nil, p.fail("expected an edge l, r or e")
	}
	var n tnode
	switch p.src[p.pos] {
	case 'l', 'L', 'b', 'B':
		n.color = 'l'
	case 'r', 'R':
		n.color = 'r'
	case 'e', 'E', 'g', 'G':
		n.color = 'e' // green, either player's: CGSuite's letter e
	default:
		return nil, p.fail("expected an edge l, r or e, found %q", p.src[p.pos])
	}
	p.pos++
	if p.pos >= len(p.src) {
		return &n, nil
	}
	switch c := p.src[p.pos]; {
	case c == '[':
		p.pos++
		kids, err := p.forest(depth + 1)
		if err != nil {
			return nil, err
		}
		if p.pos >= len(p.src) || p.src[p.pos] != ']' {
			return nil, p.fail("expected ']'")
		}
		p.pos++
		n.kids = kids
	case c == ',' || c == ']':
	default:
		kid, err := p.tree(depth + 1)
		if err != nil {
			return nil, err
		}
		n.kids = []*tnode{kid}
	}
	return &n, nil
}

func parseTree(s string) ([]*tnode, error) {
	p := &treeParser{src: s}
	ts, err := p.forest(0)
	if err != nil {
		return nil, err
	}
	if p.pos < len(s) {
		return nil, p.fail("unexpected %q", s[p.pos])
	}
	total := 0
	for _, t := range ts {
		total += t.size()
	}
	if total > MaxTreeEdges {
		return nil, fmt.Errorf("bad tree %q: more than %d edges", s, MaxTreeEdges)
	}
	return ts, nil
}

// ParseTrees reads a picture: trees separated by spaces or commas (or
// given as several tokens); "-" is an empty picture.
func ParseTrees(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			if f == "-" {
				continue
			}
			parse := parseTree
			if treeTokenIsCGSuite(f) {
				parse = treesFromCGSuite
			}
			ts, err := parse(f)
			if err != nil {
				return nil, err
			}
			for _, t := range ts {
				out = append(out, t.String())
			}
		}
	}
	if len(tokens) == 0 {
		return nil, fmt.Errorf("no trees given: write them as strings of l, r and e with [a,b] for branches, e.g. l[r,le]")
	}
	return out, nil
}

func mustTree(p string) *tnode {
	ts, err := parseTree(p)
	if err != nil || len(ts) != 1 {
		panic(fmt.Sprintf("hackenbush: bad position %q", p))
	}
	return ts[0]
}

// cutsTree yields the trees left by cutting each edge of colour c or
// green (either player's); the empty slice when the bottom edge is cut.
func cutsTree(p string, c byte) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		root := mustTree(p)
		if (root.color == c || root.color == 'e') && !yield(nil) {
			return
		}
		// Cut below each kid of each node of the path.
		var walk func(n *tnode) bool
		walk = func(n *tnode) bool {
			for i, k := range n.kids {
				if k.color == c || k.color == 'e' {
					saved := n.kids
					n.kids = slices.Delete(slices.Clone(saved), i, i+1)
					ok := yield([]string{root.String()})
					n.kids = saved
					if !ok {
						return false
					}
				}
				if !walk(k) {
					return false
				}
			}
			return true
		}
		walk(root)
	}
}

// LeftOptions cuts one of Left's (blue) edges or a green one.
func (Trees) LeftOptions(p string) iter.Seq[[]string] { return cutsTree(p, 'l') }

// RightOptions cuts one of Right's (red) edges or a green one.
func (Trees) RightOptions(p string) iter.Seq[[]string] { return cutsTree(p, 'r') }

// Format writes a tree.
func (Trees) Format(p string) string { return p }
