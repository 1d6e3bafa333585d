package reports

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/heap"
)

// The sequence of a heap game ('grundy seq', /api/v1/seq): G(0), …,
// G(N-1) of a take-and-break game on one heap, computed by the heap
// engine, with the period the values show and whether a theorem proves it.
// A game offers its sequence by implementing Sequencer, so every heap game
// is named the same way in seq as in solve.

// Sequencer is implemented by the instances of heap games whose values the
// heap engine computes: octal and hexadecimal codes, subtraction games,
// Grundy's game, Lasker's Nim, Nim on one heap.
type Sequencer interface {
	catalog.Instance
	// HeapRule is the game's rule for the heap engine. Its Spec is the
	// instance's spec: it names the game in reports and value files.
	HeapRule() *heap.Rule
}

// SeqOptions tune Sequence.
type SeqOptions struct {
	// Plain computes with every option of every heap (the witness method)
	// instead of the sparse-space method.
	Plain bool
	// NoPeriodFill computes every value even after the period is proven
	// (by default the rest are filled in from the period, and are then
	// certain).
	NoPeriodFill bool
	// Progress, when not nil, is called now and then with the number of
	// values known.
	Progress func(n int)
	// Resume holds values computed before (ReadSeqFile): the computation
	// continues after them.
	Resume *heap.Values
	// SpillPath and SpillBudget: values past SpillBudget bytes are kept in
	// a memory-mapped file at SpillPath, which ReadSeqFile reads back for
	// a resume (heap.Options).
	SpillPath   string
	SpillBudget int64
}

// SeqReport is the sequence of values of a heap game and its regularity.
type SeqReport struct {
	Game   string       // the game's spec
	Values *heap.Values // G(0), …, G(Values.Len()-1)
	// Periodic is set when the values show a period: G(n+Period) = G(n)
	// for n ≥ Preperiod (see heap.Period for how clearly).
	Periodic          bool
	Preperiod, Period int
	// Proven is set when a theorem, named by Theorem, guarantees the
	// period for every heap; Needed, when not 0, is the number of values
	// its proof needs.
	Proven  bool
	Theorem string
	Needed  int
	// Arithmetic is the arithmetic period G(n+p) = G(n) + s the values
	// show when they show no period (never proven here); nil if none.
	Arithmetic *ArithPeriod

	// tabled is set for a sequence read off a game's table (TableSequence),
	// which the heap engine does not know: it has no rare values.
	tabled bool
}

// ArithPeriod is an arithmetic period: G(n+Period) = G(n) + Saltus for
// n ≥ Preperiod.
type ArithPeriod struct {
	Preperiod int `json:"preperiod"`
	Period    int `json:"period"`
	Saltus    int `json:"saltus"`
}

// LookupSequencer returns the heap game spec names, for SequenceOf.
func LookupSequencer(spec string) (Sequencer, error) {
	inst, err := catalog.Lookup(spec)
	if err != nil {
		return nil, err
	}
	return AsSequencer(inst)
}

// AsSequencer returns inst's sequence, or an error naming the games that
// have one.
func AsSequencer(inst catalog.Instance) (Sequencer, error) {
	s, ok := inst.(Sequencer)
	if !ok || s.HeapRule() == nil {
		var names []string
		for _, e := range SequenceGames() {
			names = append(names, e.Usage())
		}
		return nil, fmt.Errorf("%s is not a game on one heap whose values the heap engine computes; games with a sequence: %s, and any game whose table is a row of Sprague–Grundy values (game scripts of one int)", inst.Spec(), strings.Join(names, ", "))
	}
	return s, nil
}

// SequenceGames returns the registered games that have a sequence, in
// the registry's order.
func SequenceGames() []*catalog.Entry {
	var out []*catalog.Entry
	for _, e := range catalog.Entries() {
		if sequenceEntry(e) {
			out = append(out, e)
		}
	}
	return out
}

// sequenceEntry reports whether e's games are Sequencers, by making the
// game of its example.
func sequenceEntry(e *catalog.Entry) bool {
	spec := e.Name
	if e.Params != "" {
		f := strings.Fields(e.Example)
		if len(f) < 2 || !strings.HasPrefix(f[1], e.Name+":") {
			return false
		}
		spec = f[1]
	}
	inst, err := catalog.LookupBuiltin(spec)
	if err != nil {
		return false
	}
	s, ok := inst.(Sequencer)
	return ok && s.HeapRule() != nil
}

// SeqMaxUpto is the largest number of values Sequence computes for s.
func SeqMaxUpto(s Sequencer) int { return heap.MaxUpto(s.HeapRule()) }

// Sequence computes G(0), …, G(upto-1) of the heap game spec names and
// finds their period. upto is from 1 to SeqMaxUpto (more is a
// *budget.Exceeded). When ctx ends, Sequence returns the values it has
// (a report without a period) together with the context's error.
func Sequence(ctx context.Context, spec string, upto int, opts SeqOptions) (*SeqReport, error) {
	s, err := LookupSequencer(spec)
	if err != nil {
		return nil, err
	}
	return SequenceOf(ctx, s, upto, opts)
}

// SequenceOf is Sequence for a game already looked up.
func SequenceOf(ctx context.Context, s Sequencer, upto int, opts SeqOptions) (*SeqReport, error) {
	r := s.HeapRule()
	if upto < 1 {
		return nil, fmt.Errorf("%d values of %s: expected a number of values from 1 to %d", upto, r.Spec, heap.MaxUpto(r))
	}
	if upto > heap.MaxUpto(r) {
		return nil, budget.Exceed(budget.Size, int64(heap.MaxUpto(r)), "%d values of %s: at most %d are computed", upto, r.Spec, heap.MaxUpto(r))
	}
	ho := heap.Options{UsePeriod: !opts.NoPeriodFill, Progress: opts.Progress, SpillPath: opts.SpillPath, SpillBudget: opts.SpillBudget}
	if opts.Plain {
		ho.Method = heap.Plain
	}
	vals, err := heap.Extend(ctx, r, opts.Resume, upto, ho)
	if err != nil {
		if vals == nil {
			return nil, err
		}
		return &SeqReport{Game: r.Spec, Values: vals}, err
	}
	p := heap.FindPeriod(vals, r)
	rep := &SeqReport{Game: r.Spec, Values: vals, Periodic: p.Found, Preperiod: p.Preperiod, Period: p.Period,
		Proven: p.Proven, Theorem: p.Theorem, Needed: p.Needed}
	if p.Arith {
		rep.Arithmetic = &ArithPeriod{Preperiod: p.ArithPreperiod, Period: p.ArithPeriod, Saltus: p.Saltus}
	}
	return rep, nil
}

// TableSequence is the sequence of a game the heap engine does not know
// but whose table (catalog.Tabler) is a row of Sprague–Grundy values: a
// game script whose positions are ints (or a --pos-template of n), a
// one-heap built-in game such as circle. The period is found by the same
// code as the heap engine's (heap.FindPeriod), and never proven: no
// theorem here covers a game given by its moves alone. seqErr is the
// error to give when inst has no such table (AsSequencer's).
func TableSequence(ctx context.Context, inst catalog.Instance, upto int, opts catalog.Options, seqErr error) (*SeqReport, error) {
	tabler, ok := inst.(catalog.Tabler)
	if !ok {
		return nil, seqErr
	}
	if upto < 1 {
		return nil, fmt.Errorf("%d values of %s: expected a number of values of at least 1", upto, inst.Spec())
	}
	if _, ok := inst.(catalog.ScriptInstance); ok && opts.Template == nil {
		// A sequence is of one integer: a script's table of pairs (its
		// start a pair) is not asked for here.
		opts.Template, _ = catalog.ParseTemplate("{n}")
	}
	t, err := tabler.Table(ctx, upto, opts)
	if err != nil {
		return nil, err
	}
	switch {
	case t.Outcomes != nil:
		return nil, fmt.Errorf("%s has no Sprague–Grundy values (misère play, ends the rules decide, positions that repeat, or payoffs): its table holds outcomes; see grundy table %s", inst.Spec(), inst.Spec())
	case t.Canonical != nil:
		return nil, fmt.Errorf("%s is a partizan game: its positions have canonical forms, not a sequence of Sprague–Grundy values; see grundy table %s", inst.Spec(), inst.Spec())
	case t.IsGrid():
		if opts.Template != nil {
			return nil, fmt.Errorf("a sequence is of positions of one integer: the position template %s uses m", opts.Template)
		}
		return nil, seqErr
	}
	xs := make([]uint32, len(t.Values))
	for i, v := range t.Values {
		if v > math.MaxUint32 {
			return nil, fmt.Errorf("%s: the value of n = %d, %d, is more than a sequence holds (%d)", inst.Spec(), i, v, uint32(math.MaxUint32))
		}
		xs[i] = uint32(v)
	}
	vals := heap.FromSlice(xs)
	p := heap.FindPeriod(vals, nil)
	rep := &SeqReport{Game: inst.Spec(), Values: vals, Periodic: p.Found, Preperiod: p.Preperiod, Period: p.Period, tabled: true}
	if p.Arith {
		rep.Arithmetic = &ArithPeriod{Preperiod: p.ArithPreperiod, Period: p.ArithPeriod, Saltus: p.Saltus}
	}
	return rep, nil
}

// ReadSeqFile reads the values of s saved in the file path by
// WriteSeqFile, keeping the first upto of them (a run to upto needs no
// more): the file's header is checked against its size before anything
// is allocated; or it opens the spill file a run left there (see
// SeqOptions.SpillPath), which the run then continues in place. Errors
// say what is wrong with the file, not its name.
func ReadSeqFile(path string, s Sequencer, upto int) (*heap.Values, error) {
	r := s.HeapRule()
	spec, v, err := heap.LoadFile(path, heap.MaxUpto(r), upto)
	if err != nil {
		return nil, err
	}
	if spec != r.Spec {
		v.Close()
		return nil, fmt.Errorf("the file holds values of %s, not %s", spec, r.Spec)
	}
	return v, nil
}

// WriteSeqFile writes the report's values, zstd-compressed, as
// ReadSeqFile reads them.
func WriteSeqFile(w io.Writer, rep *SeqReport) error {
	return heap.Save(w, rep.Game, rep.Values)
}

// WriteJSON writes the report as one JSON object, the contract of
// docs/design.md: {"game", "values", "preperiod", "period", "proven"},
// with "arithmetic_period" when there is one and "rare" ({"mask",
// "count", "last"}, Rare) for a game that splits heaps. The values are streamed
// (there may be hundreds of millions).
func (rep *SeqReport) WriteJSON(w *bufio.Writer) error {
	w.WriteString(`{"game":`)
	w.WriteString(strconv.Quote(rep.Game)) // a spec is ASCII without control characters
	w.WriteString(`,"values":[`)
	var buf []byte
	for i := range rep.Values.Len() {
		buf = buf[:0]
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendUint(buf, uint64(rep.Values.At(i)), 10)
		w.Write(buf)
	}
	if rep.Periodic {
		fmt.Fprintf(w, `],"preperiod":%d,"period":%d,"proven":%t`, rep.Preperiod, rep.Period, rep.Proven)
	} else {
		w.WriteString(`],"preperiod":null,"period":null,"proven":false`)
	}
	if a := rep.Arithmetic; a != nil {
		fmt.Fprintf(w, `,"arithmetic_period":{"preperiod":%d,"period":%d,"saltus":%d}`, a.Preperiod, a.Period, a.Saltus)
	}
	if sp, ok := rep.Rare(); ok {
		last := "null"
		if sp.Last >= 0 {
			last = strconv.Itoa(sp.Last)
		}
		fmt.Fprintf(w, `,"rare":{"mask":%d,"count":%d,"last":%s}`, sp.Mask, sp.Count, last)
	}
	_, err := w.WriteString("}")
	return err
}

// Rare returns the rare values of a game that splits heaps (the sparse
// set of the sparse method, heap.Values.Sparse, which Flammenkamp
// publishes for octal games and Grundy's game), and false for a game
// that never splits a heap or no values.
func (rep *SeqReport) Rare() (heap.SparseSet, bool) {
	if rep.tabled {
		return heap.SparseSet{}, false
	}
	s, err := LookupSequencer(rep.Game)
	if err != nil || s.HeapRule().MaxHeaps() < 2 || rep.Values.Len() == 0 {
		return heap.SparseSet{}, false
	}
	return rep.Values.Sparse(), true
}

// MarshalJSON is WriteJSON into memory.
func (rep *SeqReport) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if err := rep.WriteJSON(w); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
