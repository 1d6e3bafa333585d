package script

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/metrics"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy-go/grundy/budget"
)

// DefaultMaxMemory is the memory budget of one call of a script function
// (see Options.MaxMemory and the package documentation, "Memory").
const DefaultMaxMemory = 256 << 20

// watchTick is how often the memory watchdog samples the heap while a
// script function runs.
const watchTick = 2 * time.Millisecond

// heapMetric is the Go heap's bytes in objects, live or not yet swept.
const heapMetric = "/memory/classes/heap/objects:bytes"

// memoryExceeded is the error of a call that went over its memory budget.
func (g *Game) memoryExceeded(what string) *budget.Exceeded {
	return budget.Exceed(budget.Memory, g.opts.MaxMemory, "%s needs more than the memory budget of one call (%s)", what, budget.FormatBytes(g.opts.MaxMemory))
}

// enter and leave bracket every run of Starlark code: callSeq is odd
// while one runs, and changes with every call, so the watchdog knows
// whose growth it measures.
func (g *Game) enter() {
	g.limitHit.Store(nil)
	g.callMu.Lock()
	g.callSeq.Add(1)
	g.callMu.Unlock()
}

func (g *Game) leave() {
	g.callMu.Lock()
	g.callSeq.Add(1)
	g.callMu.Unlock()
}

// watchIdle is how long the watchdog goroutine outlives the last Run:
// starting one per Run cost more than the search in a table, which runs
// two per heap.
const watchIdle = 100 * time.Millisecond

// startWatch makes sure the watchdog goroutine runs; a Run calls it after
// counting itself in g.runs. The goroutine stops after watchIdle without
// a Run, so a Game left alone holds none.
func (g *Game) startWatch() {
	if g.watching.CompareAndSwap(false, true) {
		go g.watchWhileRuns()
	}
}

func (g *Game) watchWhileRuns() {
	for {
		g.watch()
		g.watching.Store(false)
		// A Run that started after watch saw none, but before the
		// store, found the flag set and started no goroutine: go on.
		if g.runs.Load() == 0 || !g.watching.CompareAndSwap(false, true) {
			return
		}
	}
}

// watch is the memory watchdog: every watchTick, while a call runs, it
// compares the heap with the heap at its first sample of that call.
// When the growth passes the budget it forces a collection (garbage is
// not growth) and, if the growth is still over, cancels the thread with
// a *budget.Exceeded as the cause of the call's error. It returns after
// watchIdle without a Run. While it runs the collector runs less often
// (lessGC).
func (g *Game) watch() {
	defer lessGC()()
	limit := g.opts.MaxMemory
	t := time.NewTicker(watchTick)
	defer t.Stop()
	sample := []metrics.Sample{{Name: heapMetric}}
	heap := func() int64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(sample[0].Value.Uint64())
	}
	var seq uint64
	var base, next int64
	idle := 0
	for range t.C {
		if g.runs.Load() == 0 {
			if idle++; idle*int(watchTick) >= int(watchIdle) {
				return
			}
			continue
		}
		idle = 0
		s := g.callSeq.Load()
		if s&1 == 0 || limit <= 0 {
			continue // between calls, or no budget
		}
		h := heap()
		if s != seq {
			seq, base, next = s, h, h+limit
			continue
		}
		if h <= next {
			continue
		}
		runtime.GC()
		h = heap()
		if h-base <= limit {
			// A false alarm: garbage, not growth. The heap after a
			// collection is a truer base when the first sample held
			// garbage; collect again only after as much growth again.
			base = min(base, h)
			next = h + limit
			continue
		}
		g.callMu.Lock()
		if g.callSeq.Load() == s {
			lim := g.memoryExceeded("the call")
			g.limitHit.CompareAndSwap(nil, lim)
			g.thread.Cancel(lim.Msg)
		}
		g.callMu.Unlock()
	}
}

// --- operators that can allocate without bound in one step ----------------

// The interpreter cannot be told to refuse an allocation, and one
// operation such as [0] * (1 << 28) (4 GiB) is over before any watchdog
// can see it. So Load rewrites the script's syntax tree before compiling
// it: x * y, x % y (and *=, %=), s.join(xs), s.replace(a, b) and
// s.format(…) become calls of the predeclared built-ins below, which
// compute the size of the result first and refuse it when it passes the
// budget of one call; str and repr are wrapped the same way. Their names
// are not identifiers, so a script cannot name or shadow them.
const (
	opName     = "·op"
	methodName = "·method"
)

// augmented maps the augmented assignments that are rewritten to their
// operator. x += y stays an in-place extend for a list: the guarded
// operator calls the same code as the interpreter (starlark.Binary on a
// list builds a new list, so ·op does the extend itself).
var augmented = map[syntax.Token]syntax.Token{syntax.STAR_EQ: syntax.STAR, syntax.PERCENT_EQ: syntax.PERCENT, syntax.PLUS_EQ: syntax.PLUS_EQ}

// guardedMethods are the methods rewritten to go through methodName.
var guardedMethods = map[string]bool{"join": true, "replace": true, "format": true, "extend": true}

// rewriteFile applies the rewrite to every node of f.
func rewriteFile(f *syntax.File) {
	for i, s := range f.Stmts {
		f.Stmts[i] = rewriteNode(reflect.ValueOf(s)).Interface().(syntax.Stmt)
	}
}

var (
	exprType = reflect.TypeFor[syntax.Expr]()
	stmtType = reflect.TypeFor[syntax.Stmt]()
	nodeType = reflect.TypeFor[syntax.Node]()
)

// rewriteNode rewrites the children of the node v (a pointer to a
// syntax struct) in place, and returns the node to use in its place.
func rewriteNode(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return v
	}
	s := v.Elem()
	for i := 0; i < s.NumField(); i++ {
		f := s.Field(i)
		if !f.CanSet() {
			continue
		}
		switch {
		case f.Kind() == reflect.Interface && (f.Type() == exprType || f.Type() == stmtType || f.Type() == nodeType):
			if !f.IsNil() {
				f.Set(rewriteNode(f.Elem()))
			}
		case f.Kind() == reflect.Slice && (f.Type().Elem() == exprType || f.Type().Elem() == stmtType || f.Type().Elem() == nodeType):
			for j := 0; j < f.Len(); j++ {
				if e := f.Index(j); !e.IsNil() {
					e.Set(rewriteNode(e.Elem()))
				}
			}
		case f.Kind() == reflect.Pointer && f.Type().Implements(nodeType):
			rewriteNode(f)
		}
	}
	switch n := v.Interface().(type) {
	case *syntax.BinaryExpr:
		if (n.Op == syntax.STAR || n.Op == syntax.PERCENT || n.Op == syntax.PLUS) && !boundedOp(n.Op, n.X, n.Y) {
			return reflect.ValueOf(opCall(n.Op, n.OpPos, n.X, n.Y))
		}
	case *syntax.AssignStmt:
		plain := map[syntax.Token]syntax.Token{syntax.STAR_EQ: syntax.STAR, syntax.PERCENT_EQ: syntax.PERCENT, syntax.PLUS_EQ: syntax.PLUS}[n.Op]
		if op, ok := augmented[n.Op]; ok && !boundedOp(plain, n.LHS, n.RHS) {
			// x *= y reads x again: for x[i] *= y, x and i are
			// evaluated twice (the language has no other way to say it).
			use := copyNode(reflect.ValueOf(n.LHS)).Interface().(syntax.Expr)
			n.RHS = opCall(op, n.OpPos, use, n.RHS)
			n.Op = syntax.EQ
		}
	case *syntax.CallExpr:
		if dot, ok := n.Fn.(*syntax.DotExpr); ok && guardedMethods[dot.Name.Name] {
			name := &syntax.Literal{Token: syntax.STRING, TokenPos: dot.NamePos, Raw: fmt.Sprintf("%q", dot.Name.Name), Value: dot.Name.Name}
			n.Args = append([]syntax.Expr{dot.X, name}, n.Args...)
			n.Fn = &syntax.Ident{NamePos: dot.NamePos, Name: methodName}
		}
	}
	return v
}

// boundedOp reports whether x op y is sure to make no more than a small
// multiple of its operands' memory whatever their values, judged from the
// syntax alone: such operations (n + 1, i * 2, x % 3, most arithmetic in
// game scripts) are left to the interpreter, at full speed, and to the
// watchdog.
func boundedOp(op syntax.Token, x, y syntax.Expr) bool {
	switch op {
	case syntax.PLUS: // a number plus anything is a number or an error
		return notSeq(x) || notSeq(y)
	case syntax.STAR: // repetition by at most 2, or numbers only
		return smallFactor(x) || smallFactor(y) || notSeq(x) && notSeq(y)
	case syntax.PERCENT: // numeric modulo, or formatting one literal
		_, lit := y.(*syntax.Literal)
		return notSeq(x) || lit
	}
	return false
}

// notSeq reports whether e is sure not to be a string, list or tuple: a
// number literal, a sign, or an operator that never makes a sequence.
func notSeq(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return notSeq(e.X)
	case *syntax.Literal:
		return e.Token == syntax.INT || e.Token == syntax.FLOAT
	case *syntax.UnaryExpr:
		return true // -x, +x, ~x are numbers; not x is a bool
	case *syntax.BinaryExpr:
		switch e.Op {
		case syntax.MINUS, syntax.SLASH, syntax.SLASHSLASH, syntax.LTLT, syntax.GTGT, syntax.AMP, syntax.PIPE, syntax.CIRCUMFLEX,
			syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE, syntax.IN, syntax.NOT_IN:
			return true
		}
	}
	return false
}

// smallFactor reports whether e is an int literal from -2 to 2 or a float
// literal (a sequence times a float is an error).
func smallFactor(e syntax.Expr) bool {
	if p, ok := e.(*syntax.ParenExpr); ok {
		return smallFactor(p.X)
	}
	l, ok := e.(*syntax.Literal)
	if !ok {
		return false
	}
	switch v := l.Value.(type) {
	case int64:
		return v >= -2 && v <= 2
	case float64:
		return true
	}
	return false
}

// opCall is the call ·op*(x, y) that replaces x * y: one built-in per
// operator, so the call carries no operator argument.
func opCall(op syntax.Token, pos syntax.Position, x, y syntax.Expr) *syntax.CallExpr {
	_, end := y.Span()
	return &syntax.CallExpr{
		Fn:     &syntax.Ident{NamePos: pos, Name: opName + op.String()},
		Lparen: pos,
		Args:   []syntax.Expr{x, y},
		Rparen: end,
	}
}

// copyNode returns a deep copy of a syntax node (the left side of an
// augmented assignment, used a second time).
func copyNode(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return v
	}
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	s := c.Elem()
	for i := 0; i < s.NumField(); i++ {
		f := s.Field(i)
		if !f.CanSet() {
			continue
		}
		switch {
		case f.Kind() == reflect.Interface && (f.Type() == exprType || f.Type() == nodeType):
			if !f.IsNil() {
				f.Set(copyNode(f.Elem()))
			}
		case f.Kind() == reflect.Slice && (f.Type().Elem() == exprType || f.Type().Elem() == nodeType):
			n := reflect.MakeSlice(f.Type(), f.Len(), f.Len())
			for j := 0; j < f.Len(); j++ {
				if e := f.Index(j); !e.IsNil() {
					n.Index(j).Set(copyNode(e.Elem()))
				}
			}
			f.Set(n)
		case f.Kind() == reflect.Pointer && f.Type().Implements(nodeType):
			f.Set(copyNode(f))
		case f.Kind() == reflect.Interface && f.Type().NumMethod() == 0:
			f.SetZero() // the resolver's annotations (Binding, Function)
		}
	}
	return c
}

// guards returns the predeclared built-ins of the rewrite, and str and
// repr bounded the same way.
func (g *Game) guards() starlark.StringDict {
	d := starlark.StringDict{
		methodName: starlark.NewBuiltin("method", g.guardedMethod),
		"str":      g.guardedFormat("str"),
		"repr":     g.guardedFormat("repr"),
	}
	for _, op := range []syntax.Token{syntax.STAR, syntax.PERCENT, syntax.PLUS, syntax.PLUS_EQ} {
		bop := op
		if op == syntax.PLUS_EQ {
			bop = syntax.PLUS
		}
		d[opName+op.String()] = starlark.NewBuiltin(op.String(), func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			if len(args) != 2 {
				return nil, fmt.Errorf("internal error: operator %s of %d operands", op, len(args))
			}
			if _, ok := args[0].(starlark.Int); ok {
				if _, ok := args[1].(starlark.Int); ok {
					return starlark.Binary(bop, args[0], args[1]) // ints: no repetition; % and + of ints are small
				}
			}
			return g.guardedOp(thread, op, args[0], args[1])
		})
	}
	return d
}

// guardedOp computes x * y or x % y after checking the result's size.
func (g *Game) guardedOp(thread *starlark.Thread, op syntax.Token, x, y starlark.Value) (starlark.Value, error) {
	if op == syntax.PLUS || op == syntax.PLUS_EQ {
		if n, ok := concatBytes(x, y); ok {
			if err := g.checkSize(n, "concatenating "+x.Type()+"s"); err != nil {
				return nil, err
			}
		}
		if l, ok := x.(*starlark.List); ok && op == syntax.PLUS_EQ {
			// in place, as the interpreter does for a list
			if y, ok := y.(starlark.Iterable); ok {
				extend, err := l.Attr("extend")
				if err != nil {
					return nil, err
				}
				if _, err := starlark.Call(thread, extend, starlark.Tuple{y}, nil); err != nil {
					return nil, err
				}
				return l, nil
			}
		}
		return starlark.Binary(syntax.PLUS, x, y)
	}
	if op == syntax.STAR {
		if n, ok := repeatBytes(x, y); ok {
			if err := g.checkSize(n, "repeating "+article(x.Type())); err != nil {
				return nil, err
			}
		} else if n, ok := repeatBytes(y, x); ok {
			if err := g.checkSize(n, "repeating "+article(y.Type())); err != nil {
				return nil, err
			}
		}
	} else if _, ok := x.(starlark.String); ok {
		if err := g.checkSize(formatSize(y, g.opts.MaxMemory), "formatting a string with %"); err != nil {
			return nil, err
		}
	}
	return starlark.Binary(op, x, y)
}

// concatBytes is the size of x + y for strings, bytes, lists and tuples.
func concatBytes(x, y starlark.Value) (int64, bool) {
	size := func(v starlark.Value) (int64, bool) {
		switch s := v.(type) {
		case starlark.String:
			return int64(len(s)), true
		case starlark.Bytes:
			return int64(len(s)), true
		case *starlark.List:
			return 16 * int64(s.Len()), true
		case starlark.Tuple:
			return 16 * int64(len(s)), true
		}
		return 0, false
	}
	a, ok1 := size(x)
	b, ok2 := size(y)
	return a + b, ok1 && ok2
}

// repeatBytes is the size of seq * n when seq is a string, bytes, list
// or tuple and n an int.
func repeatBytes(seq, n starlark.Value) (int64, bool) {
	k, ok := n.(starlark.Int)
	if !ok {
		return 0, false
	}
	times, ok := k.Int64()
	if !ok {
		times = 1 << 62
	}
	var elem, count int64
	switch s := seq.(type) {
	case starlark.String:
		elem, count = 1, int64(len(s))
	case starlark.Bytes:
		elem, count = 1, int64(len(s))
	case *starlark.List:
		elem, count = 16, int64(s.Len())
	case starlark.Tuple:
		elem, count = 16, int64(len(s))
	default:
		return 0, false
	}
	if times <= 0 || count == 0 {
		return 0, true
	}
	if times > (1<<62)/(elem*count) {
		return 1 << 62, true
	}
	return elem * count * times, true
}

// guardedMethod calls x.name(args...) after checking the size of the
// result of the string methods that can multiply memory: join, replace
// and format.
func (g *Game) guardedMethod(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, name, rest := args[0], string(args[1].(starlark.String)), args[2:]
	if s, ok := x.(starlark.String); ok {
		limit := g.opts.MaxMemory
		var n int64
		switch name {
		case "join":
			if len(rest) == 1 {
				if it, ok := rest[0].(starlark.Iterable); ok {
					var k int64
					iter := it.Iterate()
					var e starlark.Value
					for iter.Next(&e) && (limit <= 0 || n <= limit) {
						if es, ok := e.(starlark.String); ok {
							n += int64(len(es))
						}
						if k > 0 {
							n += int64(len(s))
						}
						k++
					}
					iter.Done()
				}
			}
		case "replace":
			if len(rest) >= 2 {
				old, ok1 := rest[0].(starlark.String)
				new, ok2 := rest[1].(starlark.String)
				if ok1 && ok2 && len(new) > len(old) {
					count := int64(len(s)) + 1
					if len(old) > 0 {
						count = int64(len(s) / len(old))
					}
					n = int64(len(s)) + count*int64(len(new)-len(old))
				}
			}
		case "extend":
			// handled below, for lists
		case "format":
			// each field ("{}", two bytes at least) may write any argument
			var most int64
			for _, a := range rest {
				most = max(most, formatSize(a, limit))
			}
			for _, kv := range kwargs {
				most = max(most, formatSize(kv[1], limit))
			}
			n = int64(len(s)) + (int64(len(s))/2+1)*most
		}
		if err := g.checkSize(n, "the string method "+name); err != nil {
			return nil, err
		}
	}
	if l, ok := x.(*starlark.List); ok && name == "extend" && len(rest) == 1 {
		if s, ok := rest[0].(starlark.Sequence); ok {
			if err := g.checkSize(16*int64(l.Len()+s.Len()), "extending a list"); err != nil {
				return nil, err
			}
		}
	}
	var m starlark.Value
	if ha, ok := x.(starlark.HasAttrs); ok {
		var err error
		if m, err = ha.Attr(name); err != nil {
			return nil, err
		}
	}
	if m == nil {
		return nil, fmt.Errorf("%s has no .%s field or method", x.Type(), name)
	}
	return starlark.Call(thread, m, rest, kwargs)
}

// guardedFormat is str or repr, checking the size of the text first.
func (g *Game) guardedFormat(name string) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 {
			if _, ok := args[0].(starlark.String); !ok {
				if err := g.checkSize(formatSize(args[0], g.opts.MaxMemory), name+"()"); err != nil {
					return nil, err
				}
			}
		}
		return starlark.Call(thread, starlark.Universe[name], args, kwargs)
	})
}

// checkSize refuses a result of n bytes when it passes the budget.
func (g *Game) checkSize(n int64, what string) error {
	if g.opts.MaxMemory > 0 && n > g.opts.MaxMemory {
		return g.memoryExceeded(fmt.Sprintf("%s (at least %s)", what, budget.FormatBytes(n)))
	}
	return nil
}

// formatSize estimates the length of the text of v (str or repr) from
// above, up to the escapes of strings, stopping once it passes limit.
// A container met again on the current path (a list that holds itself)
// counts as the few bytes Starlark writes for it.
func formatSize(v starlark.Value, limit int64) int64 {
	var n int64
	var path []starlark.Value
	var walk func(v starlark.Value)
	walk = func(v starlark.Value) {
		if limit > 0 && n > limit || len(path) > MaxDepth {
			return
		}
		switch x := v.(type) {
		case starlark.String:
			n += int64(len(x)) + 2
			return
		case starlark.Bytes:
			n += 4*int64(len(x)) + 3
			return
		case starlark.Int:
			n += int64(x.BigInt().BitLen()/3) + 2
			return
		case starlark.Float, starlark.Bool, starlark.NoneType:
			n += 24
			return
		}
		switch v.(type) {
		case *starlark.List, *starlark.Dict, *starlark.Set: // the mutable ones, which can hold themselves
			for _, p := range path {
				if p == v {
					n += 5
					return
				}
			}
		}
		it, ok := v.(starlark.Iterable)
		if !ok {
			n += 64
			return
		}
		path = append(path, v)
		iter := it.Iterate()
		var e starlark.Value
		for iter.Next(&e) && (limit <= 0 || n <= limit) {
			n += 2
			walk(e)
			if m, ok := v.(starlark.IterableMapping); ok {
				if val, found, _ := m.Get(e); found {
					n += 2
					walk(val)
				}
			}
		}
		iter.Done()
		path = path[:len(path)-1]
		n += 2
	}
	walk(v)
	return n
}
