package graphfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// DefaultMaxBytes is the default memory budget for a graph and its
// analysis, lowered to three quarters of the machine's memory when that is
// smaller (read from /proc/meminfo where there is one).
const DefaultMaxBytes = 8 << 30

func defaultMaxBytes() int64 {
	limit := int64(DefaultMaxBytes)
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return limit
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil && kb > 0 && kb < math.MaxInt64/1024 {
				limit = min(limit, kb*1024/4*3)
			}
		}
	}
	return limit
}

// BytesPerEdge and BytesPerNode estimate the memory that reading and
// solving a graph takes: edges as parsed and then as forward and reverse
// CSR arrays; per node the offsets, counters, results and queues of the
// solvers.
const (
	BytesPerEdge = 16
	BytesPerNode = 64
)

// maxLine bounds the length of a line.
const maxLine = 1 << 16

// Limits bound what Parse accepts.
type Limits struct {
	// MaxBytes is the memory budget; 0 means DefaultMaxBytes, or less on
	// a machine with less memory.
	MaxBytes int64
	// MaxNodes bounds the nodes; 0 means retro.MaxNodes. A header that
	// announces more is refused before anything proportional to it is
	// allocated.
	MaxNodes int64
}

// Graph is a parsed game graph.
type Graph struct {
	// Succ holds the moves: Succ.Out(u) lists the nodes reachable from u.
	Succ *retro.CSR
	// Labels holds a name per node ("" where none was given), or nil when
	// the file names no node.
	Labels  []string
	byLabel map[string]int32
	// Outcomes holds the fixed outcomes of terminal nodes that are not P.
	Outcomes map[int32]outcome.Outcome
}

// Nodes returns the number of nodes.
func (g *Graph) Nodes() int { return g.Succ.Nodes() }

// NormalPlay reports whether every terminal node is lost for the player to
// move, as generalized Sprague–Grundy theory assumes.
func (g *Graph) NormalPlay() bool { return len(g.Outcomes) == 0 }

// TerminalOutcome returns the outcome of terminal node v for the player to
// move there.
func (g *Graph) TerminalOutcome(v int32) outcome.Outcome {
	if o, ok := g.Outcomes[v]; ok {
		return o
	}
	return outcome.P
}

// Name returns v's label, or its number when it has none.
func (g *Graph) Name(v int32) string {
	if g.Labels != nil && g.Labels[v] != "" {
		return g.Labels[v]
	}
	return strconv.Itoa(int(v))
}

// Node returns the node a token names: its number or its label.
func (g *Graph) Node(tok string) (int32, error) {
	if v, ok := g.byLabel[tok]; ok {
		return v, nil
	}
	n, err := strconv.ParseInt(tok, 10, 64)
	if err != nil {
		if g.byLabel != nil {
			return 0, fmt.Errorf("bad node %q: neither a node number nor a label of the graph", tok)
		}
		return 0, fmt.Errorf("bad node %q: expected a node number", tok)
	}
	if n < 0 || n >= int64(g.Nodes()) {
		return 0, fmt.Errorf("bad node %s: out of range [0, %d)", tok, g.Nodes())
	}
	return int32(n), nil
}

// Error is a parse error at a line of a file.
type Error struct {
	File string
	Line int
	Msg  string
	// Err, when not nil, is the cause: a *budget.Exceeded for a graph
	// over a limit, an I/O error.
	Err error
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Unwrap returns the cause, so that errors.Is(err, budget.ErrExceeded)
// holds for a graph over a limit.
func (e *Error) Unwrap() error { return e.Err }

type parser struct {
	file string
	line int
	r    *bufio.Reader
}

func (p *parser) errorf(format string, args ...any) error {
	return &Error{File: p.file, Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// next returns the fields of the next line that has any, or io.EOF.
func (p *parser) next(fields [][]byte) ([][]byte, error) {
	for {
		b, err := p.r.ReadSlice('\n')
		if len(b) == 0 && err == io.EOF {
			return nil, io.EOF
		}
		p.line++
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, p.errorf("line longer than %d bytes", maxLine)
		}
		if err != nil && err != io.EOF {
			return nil, &Error{File: p.file, Line: p.line, Msg: err.Error(), Err: err}
		}
		if i := bytes.IndexByte(b, '#'); i >= 0 {
			b = b[:i]
		}
		fields = fields[:0]
		for {
			for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n') {
				b = b[1:]
			}
			if len(b) == 0 {
				break
			}
			i := 0
			for i < len(b) && b[i] != ' ' && b[i] != '\t' && b[i] != '\r' && b[i] != '\n' {
				i++
			}
			fields = append(fields, b[:i])
			b = b[i:]
		}
		if len(fields) > 0 {
			return fields, nil
		}
	}
}

// number parses a non-negative decimal integer; what names it for errors.
func (p *parser) number(b []byte, what string) (int64, error) {
	if len(b) > 0 && b[0] == '-' {
		return 0, p.errorf("%s %q is negative", what, b)
	}
	if len(b) > 0 && b[0] == '+' {
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, p.errorf("%s is empty", what)
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, p.errorf("%s %q is not a number", what, b)
		}
		if n > (math.MaxInt64-9)/10 {
			return 0, p.errorf("%s %q is too large", what, b)
		}
		n = n*10 + int64(c-'0')
	}
	return n, nil
}

func (p *parser) node(b []byte, n int64, what string) (int32, error) {
	v, err := p.number(b, what)
	if err != nil {
		return 0, err
	}
	if v >= n {
		return 0, p.errorf("%s %d out of range [0, %d)", what, v, n)
	}
	return int32(v), nil
}

// Parse reads a graph; name is the file name used in errors.
func Parse(name string, r io.Reader, lim Limits) (*Graph, error) {
	p := &parser{file: name, r: bufio.NewReaderSize(r, maxLine)}
	var fields [][]byte
	fields, err := p.next(fields)
	if err == io.EOF {
		p.line = max(p.line, 1)
		return nil, p.errorf("empty file: expected a header line \"NODES EDGES\"")
	}
	if err != nil {
		return nil, err
	}
	return parseGraph(p, fields, lim)
}

// parseGraph reads grundy's format, whose header line is fields.
func parseGraph(p *parser, fields [][]byte, lim Limits) (*Graph, error) {
	limit := lim.MaxBytes
	if limit <= 0 {
		limit = defaultMaxBytes()
	}
	if len(fields) != 2 {
		return nil, p.errorf("header: expected \"NODES EDGES\" (two counts), got %d fields", len(fields))
	}
	n, err := p.number(fields[0], "node count")
	if err != nil {
		return nil, err
	}
	m, err := p.number(fields[1], "edge count")
	if err != nil {
		return nil, err
	}
	if lim.MaxNodes > 0 && n > lim.MaxNodes {
		x := budget.Exceed(budget.States, lim.MaxNodes, "the graph has %d nodes, more than the limit of %d positions", n, lim.MaxNodes)
		return nil, &Error{File: p.file, Line: p.line, Msg: x.Msg, Err: x}
	}
	if n > retro.MaxNodes {
		x := budget.Exceed(budget.Size, retro.MaxNodes, "%d nodes: at most %d are supported", n, retro.MaxNodes)
		return nil, &Error{File: p.file, Line: p.line, Msg: x.Msg, Err: x}
	}
	if need := float64(n)*BytesPerNode + float64(m)*BytesPerEdge; need > float64(limit) {
		x := budget.Exceed(budget.Memory, limit, "a graph of %d nodes and %d edges needs about %s of memory, more than the limit of %s", n, m, bytesString(need), bytesString(float64(limit)))
		return nil, &Error{File: p.file, Line: p.line, Msg: x.Msg, Err: x}
	}
	if n == 0 && m > 0 {
		return nil, p.errorf("%d edges but no nodes", m)
	}
	// The header's edge count is within the budget, so the arrays are
	// allocated once at their full size (untouched pages cost nothing if
	// the file turns out shorter).
	from := make([]int32, 0, m)
	to := make([]int32, 0, m)
	for int64(len(from)) < m {
		fields, err = p.next(fields)
		if err == io.EOF {
			return nil, p.errorf("truncated: expected %d edges, found %d", m, len(from))
		}
		if err != nil {
			return nil, err
		}
		if len(fields) != 2 || !isDigitOrSign(fields[0][0]) {
			return nil, p.errorf("expected edge %d of %d as \"U V\", got %q; are edges missing?", len(from)+1, m, bytes.Join(fields, []byte(" ")))
		}
		u, err := p.node(fields[0], n, "node")
		if err != nil {
			return nil, err
		}
		v, err := p.node(fields[1], n, "node")
		if err != nil {
			return nil, err
		}
		from = append(from, u)
		to = append(to, v)
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
	from, to = nil, nil
	g := &Graph{Succ: succ}
	for {
		fields, err = p.next(fields)
		if err == io.EOF {
			return g, nil
		}
		if err != nil {
			return nil, err
		}
		switch string(fields[0]) {
		case "label":
			if err := p.label(g, fields, n); err != nil {
				return nil, err
			}
		case "outcome":
			if err := p.outcome(g, fields, n); err != nil {
				return nil, err
			}
		default:
			if isDigitOrSign(fields[0][0]) {
				return nil, p.errorf("more edges than the %d the header announces", m)
			}
			return nil, p.errorf("unknown line %q: expected \"label U NAME\" or \"outcome U N|P|D\"", fields[0])
		}
	}
}

func isDigitOrSign(c byte) bool { return c >= '0' && c <= '9' || c == '-' || c == '+' }

func (p *parser) label(g *Graph, fields [][]byte, n int64) error {
	if len(fields) != 3 {
		return p.errorf("expected \"label U NAME\"")
	}
	v, err := p.node(fields[1], n, "node")
	if err != nil {
		return err
	}
	name := string(fields[2])
	if _, err := strconv.ParseInt(name, 10, 64); err == nil || isDigitOrSign(name[0]) {
		return p.errorf("label %q looks like a number; a label must not start with a digit or sign", name)
	}
	if strings.ContainsRune(name, ',') {
		return p.errorf("label %q holds a comma, which separates nodes on the command line", name)
	}
	if g.Labels == nil {
		g.Labels = make([]string, n)
		g.byLabel = map[string]int32{}
	}
	if g.Labels[v] != "" {
		return p.errorf("node %d already has the label %q", v, g.Labels[v])
	}
	if w, dup := g.byLabel[name]; dup {
		return p.errorf("label %q already names node %d", name, w)
	}
	g.Labels[v] = name
	g.byLabel[name] = v
	return nil
}

func (p *parser) outcome(g *Graph, fields [][]byte, n int64) error {
	if len(fields) != 3 {
		return p.errorf("expected \"outcome U N|P|D\"")
	}
	v, err := p.node(fields[1], n, "node")
	if err != nil {
		return err
	}
	var o outcome.Outcome
	switch string(fields[2]) {
	case "N":
		o = outcome.N
	case "P":
		o = outcome.P
	case "D":
		o = outcome.D
	default:
		return p.errorf("outcome %q: expected N (the player to move wins), P (loses) or D (draw)", fields[2])
	}
	if len(g.Succ.Out(v)) > 0 {
		return p.errorf("node %d has moves; only a terminal node can have a fixed outcome", v)
	}
	if g.Outcomes == nil {
		g.Outcomes = map[int32]outcome.Outcome{}
	}
	if _, dup := g.Outcomes[v]; dup {
		return p.errorf("node %d already has an outcome", v)
	}
	if o != outcome.P {
		g.Outcomes[v] = o
	}
	return nil
}

func bytesString(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	}
	return fmt.Sprintf("%.0f bytes", b)
}

// Write writes g in the format Parse reads.
func Write(w io.Writer, g *Graph) error {
	bw := bufio.NewWriter(w)
	n := g.Nodes()
	fmt.Fprintf(bw, "%d %d\n", n, g.Succ.Arcs())
	var buf []byte
	for u := range n {
		for _, v := range g.Succ.Out(int32(u)) {
			buf = strconv.AppendInt(buf[:0], int64(u), 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(v), 10)
			buf = append(buf, '\n')
			bw.Write(buf)
		}
	}
	for u, l := range g.Labels {
		if l != "" {
			fmt.Fprintf(bw, "label %d %s\n", u, l)
		}
	}
	for u := range n {
		if o, ok := g.Outcomes[int32(u)]; ok {
			fmt.Fprintf(bw, "outcome %d %v\n", u, o)
		}
	}
	return bw.Flush()
}

// String summarises g.
func (g *Graph) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d nodes, %d edges", g.Nodes(), g.Succ.Arcs())
	return sb.String()
}
