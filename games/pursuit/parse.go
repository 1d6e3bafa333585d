package pursuit

import (
	"fmt"
	"math"
	"strconv"
)

// MaxEdges bounds the number of edges a problem file may declare.
const MaxEdges = 1_000_000

// Parse reads the problem's input layout: "n m", then m lines "u v"
// (an edge from u to v, nodes 1-based), then "x y" (Alice's and Bob's
// starting nodes). Whitespace may be spread freely, as judges read it;
// errors name the file and line. name is the file name for errors.
func Parse(name string, data []byte) (*Game, error) {
	s := &scanner{name: name, data: data, line: 1}
	n, err := s.int("the node count n")
	if err != nil {
		return nil, err
	}
	if n < 1 || n > MaxNodes {
		return nil, s.errorf("n = %d: must be between 1 and %d", n, MaxNodes)
	}
	m, err := s.int("the edge count m")
	if err != nil {
		return nil, err
	}
	if m < 0 {
		return nil, s.errorf("m = %d is negative", m)
	}
	if m > MaxEdges {
		return nil, s.errorf("m = %d: at most %d edges are supported", m, MaxEdges)
	}
	edges := make([][2]int32, 0, min(m, 4096))
	for i := range m {
		what := fmt.Sprintf("edge %d of %d", i+1, m)
		u, err := s.node(what, n)
		if err != nil {
			return nil, err
		}
		v, err := s.node(what, n)
		if err != nil {
			return nil, err
		}
		edges = append(edges, [2]int32{u, v})
	}
	x, err := s.node("Alice's start x", n)
	if err != nil {
		return nil, err
	}
	y, err := s.node("Bob's start y", n)
	if err != nil {
		return nil, err
	}
	if x == y {
		return nil, s.errorf("x = y = %d: the tokens must start on different nodes", x+1)
	}
	if tok, ok := s.token(); ok {
		return nil, s.errorf("unexpected %q after \"x y\": the file holds one game", tok)
	}
	return New(int(n), edges, x, y)
}

type scanner struct {
	name string
	data []byte
	pos  int
	line int // the line at pos
	at   int // the line of the last token read: errors are reported there
}

func (s *scanner) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", s.name, max(s.at, 1), fmt.Sprintf(format, args...))
}

// token returns the next whitespace-separated token.
func (s *scanner) token() (string, bool) {
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
		if c == '\n' {
			s.line++
		}
		s.pos++
	}
	start := s.pos
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			break
		}
		s.pos++
	}
	if start == s.pos {
		return "", false
	}
	s.at = s.line
	return string(s.data[start:s.pos]), true
}

func (s *scanner) int(what string) (int64, error) {
	tok, ok := s.token()
	if !ok {
		return 0, s.errorf("truncated: expected %s", what)
	}
	if len(tok) > 20 {
		tok = tok[:20] + "…"
	}
	v, err := strconv.ParseInt(tok, 10, 64)
	if err != nil {
		return 0, s.errorf("%s: %q is not an integer", what, tok)
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		return 0, s.errorf("%s: %d is out of range", what, v)
	}
	return v, nil
}

func (s *scanner) node(what string, n int64) (int32, error) {
	v, err := s.int(what)
	if err != nil {
		return 0, err
	}
	if v < 1 || v > n {
		return 0, s.errorf("%s: node %d out of range 1..%d", what, v, n)
	}
	return int32(v - 1), nil
}
