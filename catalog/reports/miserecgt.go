package reports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt/notation"
	"github.com/grundy-go/grundy/misere"
)

// The misère calculator's report ('grundy cgt --misere'): an impartial
// game written in CGSuite's notation of misère canonical forms (*[2#0],
// package misere) with CGSuite's properties of a MisereCanonicalGame in
// snake_case, or the truth of an equality of two.

// MisereCGTOptions tune MisereCGT.
type MisereCGTOptions struct {
	// Properties asks for the rest of CGSuite's properties
	// (MisereCGTReport.Properties).
	Properties bool
	// Memory bounds the games stored (about 256 bytes each); nil for
	// misere.DefaultMaxStates games.
	Memory *budget.Bytes
}

// MaxMiserePartitions bounds the partitions a report lists.
const MaxMiserePartitions = 1000

// MisereCGTReport is the report on one misère canonical form.
type MisereCGTReport struct {
	Value string `json:"value"` // the canonical form, *[…]
	// MisereOutcomeClass is "P" when the player to move loses under
	// misère play, else "N".
	MisereOutcomeClass string `json:"misere_outcome_class"`
	Birthday           int    `json:"birthday"`
	// Genus is Conway's genus written as Winning Ways does (every term up
	// to the alternation: 2^20 for *2); GenusCGSuite as CGSuite writes it
	// (2 for *2, g^γ0 for a tame game).
	Genus          string            `json:"genus"`
	GenusCGSuite   string            `json:"genus_cgsuite"`
	NimValue       int               `json:"nim_value"`        // G+, the normal-play Grundy value
	MisereNimValue int               `json:"misere_nim_value"` // G−
	Properties     *MisereProperties `json:"properties,omitempty"`

	// Comparison is the answer when the expression was G == H or G != H.
	Comparison *CGTComparison `json:"-"`
	// Partizan, when set, is the whole report: the expression was a
	// partizan form (or the position of a partizan game), read in general
	// misère play (miserepartizan.go).
	Partizan *MiserePartizanReport `json:"-"`
	// Dicot, when set, is the whole report: a form or position read
	// modulo dicots (miseredicot.go).
	Dicot *MisereDicotReport `json:"-"`
}

// MisereProperties are CGSuite's other properties of a misère canonical
// form (MisereCanonicalGame), games written in its notation.
type MisereProperties struct {
	Mate    string   `json:"mate"`
	Options []string `json:"options"` // in CGSuite's canonical order
	// Parts are the nonzero even proper parts; Partitions every sum of
	// even primes (and *[1] for an odd game) that makes the game, at most
	// MaxMiserePartitions of them (PartitionsComplete false when cut).
	Parts              []string   `json:"parts"`
	Partitions         [][]string `json:"partitions"`
	PartitionsComplete bool       `json:"partitions_complete"`
	Phylum             string     `json:"phylum"`
	IsEven             bool       `json:"is_even"`
	IsExtraverted      bool       `json:"is_extraverted"`
	IsHalfTame         bool       `json:"is_half_tame"`
	IsIntroverted      bool       `json:"is_introverted"`
	IsNimHeap          bool       `json:"is_nim_heap"`
	IsPrime            bool       `json:"is_prime"`
	IsRestive          bool       `json:"is_restive"`
	IsRestless         bool       `json:"is_restless"`
	IsTame             bool       `json:"is_tame"`
	IsTameable         bool       `json:"is_tameable"`
}

// MarshalJSON writes a game's fields, or {"result": bool} for an
// equality.
func (r *MisereCGTReport) MarshalJSON() ([]byte, error) {
	if r.Comparison != nil {
		return (&CGTReport{Comparison: r.Comparison}).MarshalJSON()
	}
	if r.Partizan != nil {
		return json.Marshal(r.Partizan)
	}
	if r.Dicot != nil {
		return json.Marshal(r.Dicot)
	}
	type plain MisereCGTReport
	return json.Marshal((*plain)(r))
}

// MisereCGT evaluates expr, a misère game or an equality of two in
// CGSuite's notation (package misere), and reports on it. A bad
// expression is an error naming the column.
func MisereCGT(ctx context.Context, expr string, opts MisereCGTOptions) (*MisereCGTReport, error) {
	c := misere.NewCanon()
	c.MaxGames = misere.DefaultMaxStates
	if lim := opts.Memory.Limit(); lim > 0 {
		c.MaxGames = int(min(max(lim/256, 1024), 1<<30))
	}
	c.SetContext(ctx)
	g, op, h, err := c.ParseForm(expr)
	if err != nil {
		// Not an impartial form (*[2#0]): a partizan one ({0|*}), in
		// general misère play, or the error of the reading that got
		// further.
		r, perr := miserePartizanCGT(ctx, expr, opts)
		if perr == nil {
			return r, nil
		}
		return nil, misereError(expr, parseError(expr, err, perr), c.MaxGames)
	}
	if op != "" {
		ls, err := c.Format(g)
		if err != nil {
			return nil, err
		}
		rs, err := c.Format(h)
		if err != nil {
			return nil, err
		}
		res := g == h
		if op == misere.NotEqual {
			res = !res
		}
		return &MisereCGTReport{Comparison: &CGTComparison{Left: ls, Op: string(op), Right: rs, Result: res}}, nil
	}
	r, err := describeMisere(ctx, c, g, opts)
	if err != nil {
		return nil, misereError(expr, err, c.MaxGames)
	}
	return r, nil
}

// misereError words an error of the misère calculator: a syntax error
// names the expression, and the Canon's cap on games is a limit of
// memory (it is set from the memory budget), which the front ends word
// as such.
func misereError(expr string, err error, maxGames int) error {
	var ne *notation.Error
	if errors.As(err, &ne) {
		return fmt.Errorf("bad expression %q: %w", shorten(expr), err)
	}
	if budget.Over(err, budget.States) {
		return budget.Exceed(budget.Memory, int64(maxGames)*256, "the misère forms need more than %d games (about 256 bytes each)", maxGames)
	}
	return err
}

func describeMisere(ctx context.Context, c *misere.Canon, g int32, opts MisereCGTOptions) (*MisereCGTReport, error) {
	str, ok, err := c.FormatLimit(g, MaxCGTValueText)
	if err != nil {
		return nil, err
	}
	if !ok {
		str = ValueTooLongText
	}
	gen, err := c.Genus(ctx, g)
	if err != nil {
		return nil, err
	}
	r := &MisereCGTReport{
		Value:              str,
		MisereOutcomeClass: "N",
		Birthday:           c.Birthday(g),
		Genus:              gen.String(),
		GenusCGSuite:       gen.CGSuiteString(c.Phylum(g)),
		NimValue:           c.Plus(g),
		MisereNimValue:     c.Minus(g),
	}
	if c.IsP(g) {
		r.MisereOutcomeClass = "P"
	}
	if !opts.Properties {
		return r, nil
	}
	p := &MisereProperties{Phylum: c.Phylum(g).String(), IsNimHeap: c.IsNimHeap(g), IsIntroverted: c.IsIntroverted(g)}
	ph := c.Phylum(g)
	p.IsTame, p.IsTameable, p.IsRestive, p.IsRestless = ph.IsTame(), ph.IsTameable(), ph.IsRestive(), ph.IsRestless()
	format := func(gs []int32) ([]string, error) {
		out := make([]string, len(gs))
		for i, x := range gs {
			s, ok, err := c.FormatLimit(x, MaxCGTValueText)
			if err != nil {
				return nil, err
			}
			if !ok {
				s = ValueTooLongText
			}
			out[i] = s
		}
		return out, nil
	}
	m, err := c.Mate(g)
	if err != nil {
		return nil, err
	}
	mate, err := format([]int32{m})
	if err != nil {
		return nil, err
	}
	p.Mate = mate[0]
	o, err := c.SortedOptions(g)
	if err != nil {
		return nil, err
	}
	if p.Options, err = format(o); err != nil {
		return nil, err
	}
	parts, err := c.ProperParts(g)
	if err != nil {
		return nil, err
	}
	if p.Parts, err = format(parts); err != nil {
		return nil, err
	}
	ps, more, err := c.Partitions(g, MaxMiserePartitions)
	if err != nil {
		return nil, err
	}
	p.PartitionsComplete = !more
	p.Partitions = make([][]string, len(ps))
	for i, q := range ps {
		if p.Partitions[i], err = format(q); err != nil {
			return nil, err
		}
	}
	odd, err := c.IsOdd(g)
	if err != nil {
		return nil, err
	}
	p.IsEven = !odd
	if p.IsPrime, err = c.IsPrime(g); err != nil {
		return nil, err
	}
	if p.IsExtraverted, err = c.IsExtraverted(g); err != nil {
		return nil, err
	}
	// CGSuite's IsHalfTame: G + G is tame.
	gg, err := c.Sum(g, g)
	if err != nil {
		return nil, err
	}
	p.IsHalfTame = c.Phylum(gg).IsTame()
	r.Properties = p
	return r, nil
}
