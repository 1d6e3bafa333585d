package graphfile

import (
	"bufio"
	"io"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/retro"
)

// Problem is a file in the input format of HDU 1524, "A Chess Game"
// (PKU Monthly): test cases, each a directed acyclic graph of N positions
// with tokens ("chesses") to place on it, and queries, each a set of
// token positions; the answer to a query is WIN when the player to move
// first wins the sum of the tokens, else LOSE.
//
//	N                  a test case: N positions, 0..N-1
//	X v1 … vX          N lines: line i lists the X successors of position i
//	M p1 … pM          queries: M tokens and their positions, one a line
//	0                  the end of the test case
//
// Test cases follow one another to the end of the file; a last test case
// may end at the end of the file without its 0. Blank lines and '#'
// comments are skipped, as in grundy's own format.
type Problem struct {
	Cases []Case
}

// Case is one test case: its graph and its queries.
type Case struct {
	Graph   *Graph
	Line    int // the line of N, for messages
	Queries []Query
}

// Query is one query line: the positions of its tokens.
type Query struct {
	Line   int
	Tokens []int32
}

// maxQueryTokens bounds M; the problem says 1 ≤ M ≤ 10, and the sum of
// tokens is searched as one game only while small, so more are allowed.
const maxQueryTokens = 1 << 16

// ParseAny reads grundy's format or HDU 1524's, told apart by the first
// line: two counts ("NODES EDGES") are grundy's, one (N) is HDU 1524's.
// For HDU 1524's it returns the problem too, and as the graph its first
// test case's.
func ParseAny(name string, r io.Reader, lim Limits) (*Graph, *Problem, error) {
	p := &parser{file: name, r: bufio.NewReaderSize(r, maxLine)}
	fields, err := p.next(nil)
	if err == io.EOF {
		p.line = max(p.line, 1)
		return nil, nil, p.errorf("empty file: expected a header line \"NODES EDGES\" (or HDU 1524's count of positions)")
	}
	if err != nil {
		return nil, nil, err
	}
	if len(fields) != 1 {
		g, err := parseGraph(p, fields, lim)
		return g, nil, err
	}
	pr, err := parseHDU1524(p, fields, lim)
	if err != nil {
		return nil, nil, err
	}
	return pr.Cases[0].Graph, pr, nil
}

// parseHDU1524 reads the test cases, the first of whose N is fields.
func parseHDU1524(p *parser, fields [][]byte, lim Limits) (*Problem, error) {
	limit := lim.MaxBytes
	if limit <= 0 {
		limit = defaultMaxBytes()
	}
	var spent float64 // the memory of the cases read so far
	pr := &Problem{}
	for {
		if len(fields) != 1 {
			return nil, p.errorf("expected a test case's count of positions N alone on its line, got %d fields", len(fields))
		}
		c := Case{Line: p.line}
		n, err := p.number(fields[0], "count of positions N")
		if err != nil {
			return nil, err
		}
		switch {
		case n == 0:
			return nil, p.errorf("a test case of 0 positions: N must be at least 1")
		case lim.MaxNodes > 0 && n > lim.MaxNodes:
			x := budget.Exceed(budget.States, lim.MaxNodes, "the graph has %d nodes, more than the limit of %d positions", n, lim.MaxNodes)
			return nil, &Error{File: p.file, Line: p.line, Msg: x.Msg, Err: x}
		case n > retro.MaxNodes:
			x := budget.Exceed(budget.Size, retro.MaxNodes, "%d nodes: at most %d are supported", n, retro.MaxNodes)
			return nil, &Error{File: p.file, Line: p.line, Msg: x.Msg, Err: x}
		}
		spent += float64(n) * BytesPerNode
		var from, to []int32
		for i := range n {
			fields, err = p.next(fields)
			if err == io.EOF {
				return nil, p.errorf("truncated: expected the successors of position %d of %d (test case of line %d)", i, n, c.Line)
			}
			if err != nil {
				return nil, err
			}
			x, err := p.number(fields[0], "count of successors")
			if err != nil {
				return nil, err
			}
			if x != int64(len(fields)-1) {
				return nil, p.errorf("position %d: the line says %d successors but lists %d", i, x, len(fields)-1)
			}
			spent += float64(x) * BytesPerEdge
			if spent > float64(limit) {
				x := budget.Exceed(budget.Memory, limit, "the graphs need more than the limit of %s of memory", bytesString(float64(limit)))
				return nil, &Error{File: p.file, Line: p.line, Msg: x.Msg, Err: x}
			}
			for _, f := range fields[1:] {
				v, err := p.node(f, n, "successor")
				if err != nil {
					return nil, err
				}
				from, to = append(from, int32(i)), append(to, v)
			}
		}
		succ, err := retro.Build(int(n), func(yield func(a, b int32) bool) {
			for i := range from {
				if !yield(from[i], to[i]) {
					return
				}
			}
		})
		if err != nil {
			return nil, &Error{File: p.file, Line: p.line, Msg: err.Error(), Err: err}
		}
		c.Graph = &Graph{Succ: succ}
		// Queries, to a line 0 or the end of the file.
		for {
			fields, err = p.next(fields)
			if err == io.EOF {
				pr.Cases = append(pr.Cases, c)
				return pr, nil
			}
			if err != nil {
				return nil, err
			}
			m, err := p.number(fields[0], "count of tokens M")
			if err != nil {
				return nil, err
			}
			if m == 0 {
				if len(fields) != 1 {
					return nil, p.errorf("a line that starts with 0 ends the test case and holds nothing else")
				}
				break
			}
			if m != int64(len(fields)-1) {
				return nil, p.errorf("the query says %d tokens but lists %d", m, len(fields)-1)
			}
			if m > maxQueryTokens {
				return nil, p.errorf("a query of %d tokens: at most %d", m, maxQueryTokens)
			}
			q := Query{Line: p.line, Tokens: make([]int32, m)}
			for j, f := range fields[1:] {
				if q.Tokens[j], err = p.node(f, n, "token position"); err != nil {
					return nil, err
				}
			}
			c.Queries = append(c.Queries, q)
			spent += float64(m) * 4
		}
		pr.Cases = append(pr.Cases, c)
		fields, err = p.next(fields)
		if err == io.EOF {
			return pr, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
