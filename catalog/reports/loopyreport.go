package reports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/calc"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// The calculator's report on a loopy partizan game (package cgt/stopper):
// 'grundy cgt on + off', 'grundy cgt "a{0|a}" --all --json'. An
// expression goes here when it names a loopy game (LooksLoopy); the
// short-game calculator is not asked.

// LoopyReport is the report on a stopper, a sided value or a loopy game
// whose sides were not found. The fields of the short-game report that
// loopy games do not have (birthday, mean, temperature, atomic weight)
// are null, so a reader of either finds the same keys.
type LoopyReport struct {
	Game     string `json:"game,omitempty"`     // the game of a position ('grundy value')
	Position string `json:"position,omitempty"` // the position ('grundy value')
	Value    string `json:"value"`
	Kind     string `json:"kind"`    // stopper, sided value, loopy game
	Outcome  string `json:"outcome"` // L R N P D PHat PCheck NHat NCheck
	// LeftFirst and RightFirst say who wins with each player moving
	// first: "Left wins", "Right wins" or "draw".
	LeftFirst    string  `json:"left_first"`
	RightFirst   string  `json:"right_first"`
	Onside       *string `json:"onside"`
	Offside      *string `json:"offside"`
	LeftStop     *string `json:"left_stop"`
	RightStop    *string `json:"right_stop"`
	Birthday     *string `json:"birthday"`
	Mean         *string `json:"mean"`
	Temperature  *string `json:"temperature"`
	AtomicWeight *string `json:"atomic_weight"`
	// Note says in words what the value is when it is not what a reader
	// may expect: a sum of stoppers that is not a stopper, a game whose
	// sides were not found.
	Note       string              `json:"note,omitempty"`
	Properties *stopper.Properties `json:"properties,omitempty"`
}

// LoopyValuer is implemented by the instances of loopy partizan games
// (Backsliding Toads and Frogs): LoopyValue parses a position and returns
// its value, stopper or sided, with the position written back.
type LoopyValuer interface {
	catalog.Instance
	LoopyValue(ctx context.Context, tokens []string, opts catalog.Options) (*stopper.Value, string, error)
}

// loopyValue is PartizanValue for a loopy game.
func loopyValue(ctx context.Context, inst LoopyValuer, tokens []string, opts catalog.Options, all bool) (*CGTReport, error) {
	v, pos, err := inst.LoopyValue(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	lr, err := DescribeLoopy(v, &stopper.Limits{Memory: opts.Memory, Context: ctx}, all)
	if err != nil {
		return nil, err
	}
	lr.Game, lr.Position = inst.Spec(), pos
	return &CGTReport{Loopy: lr}, nil
}

// LoopyMaxVertices bounds the game graphs of one calculator run.
const LoopyMaxVertices = 4096

// loopyCGT evaluates a loopy expression for CGT.
func loopyCGT(ctx context.Context, expr string, opts CGTOptions) (*CGTReport, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if opts.Thermograph {
		return nil, fmt.Errorf("thermographs of loopy games are not drawn")
	}
	lim := &stopper.Limits{MaxVertices: LoopyMaxVertices, Memory: opts.Memory, Context: ctx}
	p, err := stopper.Parse(expr, lim)
	if err != nil {
		if errors.Is(err, budget.ErrExceeded) {
			return nil, err
		}
		return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), err)
	}
	if p.Op != "" {
		res, err := calc.LoopyCompare(p, lim)
		if err != nil {
			return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), err)
		}
		l, _ := stopper.String(p.Left, lim)
		r, _ := stopper.String(p.Right, lim)
		return &CGTReport{Comparison: &CGTComparison{Left: l, Op: p.Op, Right: r, Result: res}}, nil
	}
	lr, err := DescribeLoopy(p.Left, lim, opts.Properties)
	if err != nil {
		return nil, err
	}
	return &CGTReport{Loopy: lr}, nil
}

// DescribeLoopy reports on a loopy value.
func DescribeLoopy(v *stopper.Value, lim *stopper.Limits, all bool) (*LoopyReport, error) {
	s, err := stopper.String(v, lim)
	if err != nil {
		if err != stopper.ErrTooLong {
			return nil, err
		}
		s = ValueTooLongText
	}
	lf, rf, err := stopper.FirstResults(v, lim)
	if err != nil {
		return nil, err
	}
	r := &LoopyReport{Value: s, Outcome: stopper.OutcomeName(lf, rf), LeftFirst: lf.String(), RightFirst: rf.String()}
	describe := stopper.DescribeBasic
	if all {
		describe = stopper.Describe
	}
	p, err := describe(v, lim)
	if err != nil {
		return nil, err
	}
	r.Kind = p.Kind
	r.Onside, r.Offside = p.Onside, p.Offside
	r.LeftStop, r.RightStop = p.LeftStop, p.RightStop
	switch {
	case !v.HasSides():
		r.Note = "its sides were not found: " + v.SidesErr.Error()
	case !v.IsStopper():
		r.Note = "not a stopper (play can go on for ever with the players alternating): its value is the sided value onside & offside"
	}
	if all {
		r.Properties = p
	}
	return r, nil
}

// MarshalJSON writes the loopy report's fields.
func (r *LoopyReport) MarshalJSON() ([]byte, error) {
	type plain LoopyReport
	return json.Marshal((*plain)(r))
}

// ErrRepeats is wrapped by the error of a short-game valuation that met
// a position again (a game script whose positions repeat): PartizanValue
// then values the position as a loopy game when the instance is also a
// LoopyValuer.
var ErrRepeats = errors.New("a position repeats")
