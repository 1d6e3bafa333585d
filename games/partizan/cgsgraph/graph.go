package cgsgraph

import (
	"fmt"
	"strings"
)

// Graph is an undirected multigraph with labelled vertices and edges.
// Labels are the tokens as written ("" for none: '.' or no token for a
// vertex, '-' for an edge).
type Graph struct {
	Labels []string // Labels[v] is vertex v's label
	Edges  []Edge
}

// Edge joins U and V (equal for a loop).
type Edge struct {
	U, V  int
	Label string
}

// Syntax is a ruleset's part of the notation: which tokens label
// vertices and edges, and how big a graph may be.
type Syntax struct {
	// VertexLabel reports whether a token labels a vertex (never called
	// with "."; "" is the braced empty word {}).
	VertexLabel func(tok string) bool
	// EdgeLabel reports whether a token labels an edge; "-" is always
	// passed as "", so EdgeLabel("") says whether unlabelled edges exist.
	EdgeLabel func(tok string) bool
	// MaxVertices and MaxEdges bound the graph (0: no bound); past them
	// Parse stops with an error.
	MaxVertices, MaxEdges int
}

// MaxInput bounds the length of a string Parse reads: far beyond any
// graph a solver could value, and it keeps the parser's recursion
// shallow.
const MaxInput = 4096

// SyntaxError is a string that is not a graph: Offset is the byte where
// it went wrong (0-based; the message counts characters from 1).
type SyntaxError struct {
	Input  string
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("bad graph %q at character %d: %s", e.Input, e.Offset+1, e.Msg)
}

type token struct {
	text   string
	offset int
	braced bool // a {word}: never a structural character
}

func tokenize(s string) ([]token, error) {
	var out []token
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case ' ':
			i++
		case '{':
			end := strings.IndexByte(s[i+1:], '}')
			if end < 0 {
				return nil, &SyntaxError{s, i, "unmatched '{'"}
			}
			out = append(out, token{s[i+1 : i+1+end], i, true})
			i += end + 2
		default:
			// One character is one token; a multi-byte character is one too.
			n := 1
			for i+n < len(s) && s[i+n]&0xC0 == 0x80 {
				n++
			}
			out = append(out, token{s[i : i+n], i, false})
			i += n
		}
	}
	return out, nil
}

type parser struct {
	src   string
	syn   Syntax
	toks  []token
	pos   int
	g     Graph
	names map[string]int
}

func (p *parser) fail(msg string, args ...any) error {
	off := len(p.src)
	if p.pos < len(p.toks) {
		off = p.toks[p.pos].offset
	}
	return &SyntaxError{p.src, off, fmt.Sprintf(msg, args...)}
}

func (p *parser) peek() (token, bool) {
	if p.pos < len(p.toks) {
		return p.toks[p.pos], true
	}
	return token{}, false
}

// is reports whether the next token is the structural character c.
func (p *parser) is(c string) bool {
	t, ok := p.peek()
	return ok && !t.braced && t.text == c
}

// Parse reads a graph written in CGSuite's notation under the ruleset's
// syntax.
func Parse(s string, syn Syntax) (Graph, error) {
	if len(s) > MaxInput {
		return Graph{}, &SyntaxError{s, MaxInput, fmt.Sprintf("longer than %d characters", MaxInput)}
	}
	toks, err := tokenize(s)
	if err != nil {
		return Graph{}, err
	}
	p := &parser{src: s, syn: syn, toks: toks, names: map[string]int{}}
	if err := p.component(); err != nil {
		return Graph{}, err
	}
	for p.pos < len(p.toks) {
		if !p.is(";") {
			return Graph{}, p.fail("unexpected %q: a graph's parts are joined by ';', and nothing may follow a ')'", p.toks[p.pos].text)
		}
		p.pos++
		if err := p.component(); err != nil {
			return Graph{}, err
		}
	}
	return p.g, nil
}

func (p *parser) component() error {
	if p.pos >= len(p.toks) {
		return nil
	}
	v, err := p.vertex()
	if err != nil {
		return err
	}
	return p.chain(v)
}

// vertex reads a vertex (its label, then its name) and returns its
// number, a new one unless the name was seen before.
func (p *parser) vertex() (int, error) {
	label := ""
	if t, ok := p.peek(); ok {
		switch {
		case !t.braced && t.text == ".":
			p.pos++
		case (t.braced || !strings.Contains("-<>();:", t.text)) && p.syn.VertexLabel != nil && p.syn.VertexLabel(t.text):
			label = t.text
			p.pos++
		}
	}
	name, named := "", false
	if p.is(":") {
		p.pos++
		t, ok := p.peek()
		if !ok {
			return 0, p.fail("a vertex name must follow ':'")
		}
		name, named = t.text, true
		p.pos++
	}
	if v, ok := p.names[name]; named && ok {
		if p.g.Labels[v] != label {
			p.pos--
			return 0, p.fail("vertex %q is labelled %q here and %q before", name, label, p.g.Labels[v])
		}
		return v, nil
	}
	if p.syn.MaxVertices > 0 && len(p.g.Labels) == p.syn.MaxVertices {
		return 0, p.fail("more than %d vertices", p.syn.MaxVertices)
	}
	p.g.Labels = append(p.g.Labels, label)
	v := len(p.g.Labels) - 1
	if named {
		p.names[name] = v
	}
	return v, nil
}

// chain reads what follows vertex from: edges and vertices, or branches.
func (p *parser) chain(from int) error {
	for {
		t, ok := p.peek()
		if !ok {
			return nil
		}
		if !t.braced {
			switch t.text {
			case ";", ")":
				return nil
			case "(":
				return p.branches(from)
			case ">", "<":
				return p.fail("directed edges ('>', '<') are not allowed here")
			}
		}
		label := t.text
		if !t.braced && t.text == "-" {
			label = ""
		}
		if p.syn.EdgeLabel == nil || !p.syn.EdgeLabel(label) {
			return p.fail("%s", p.edgeHint(t))
		}
		p.pos++
		if p.is(">") || p.is("<") {
			return p.fail("directed edges ('>', '<') are not allowed here")
		}
		if p.syn.MaxEdges > 0 && len(p.g.Edges) == p.syn.MaxEdges {
			p.pos--
			return p.fail("more than %d edges", p.syn.MaxEdges)
		}
		to, err := p.vertex()
		if err != nil {
			return err
		}
		p.g.Edges = append(p.g.Edges, Edge{from, to, label})
		from = to
	}
}

func (p *parser) edgeHint(t token) string {
	if t.text == "-" && !t.braced {
		return "this game's edges carry a label ('-' is an unlabelled edge)"
	}
	if p.syn.VertexLabel != nil && p.syn.VertexLabel(t.text) {
		return fmt.Sprintf("expected an edge, found the vertex label %q (join vertices by edges)", t.text)
	}
	return fmt.Sprintf("%q is not an edge of this game", t.text)
}

// branches reads '(' chain (';' chain)* ')' from vertex from.
func (p *parser) branches(from int) error {
	open := p.pos // nesting is bounded by MaxInput, so is the recursion
	p.pos++       // '('
	for {
		if err := p.chain(from); err != nil {
			return err
		}
		if !p.is(";") {
			break
		}
		p.pos++
	}
	if !p.is(")") {
		if p.pos < len(p.toks) {
			return p.fail("unexpected %q in branches: nothing may follow a ')' but ';' or ')'", p.toks[p.pos].text)
		}
		return &SyntaxError{p.src, p.toks[open].offset, "unmatched '('"}
	}
	p.pos++
	return nil
}
