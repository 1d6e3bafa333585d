package reports

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/notation"
	mpartizan "github.com/grundy-go/grundy/misere/partizan"
)

// Misère play modulo dicots ('grundy cgt --misere --universe dicot',
// 'grundy value GAME POS --misere --universe dicot'): games compared by
// their sums with dicots only (package misere/partizan, GeDicot).

// DicotEquivalence names the equivalence of the dicot reports.
const DicotEquivalence = "misère play modulo dicots (sums with dicots only; Siegel 2025 §5, Larsson et al. 2018)"

// DicotValueIs says what a dicot report's value is, and is not.
const DicotValueIs = "a form equal modulo dicots: the general misère canonical form with dominated options removed and options reversible through a non-end bypassed modulo dicots; not a dicot canonical form (reversing through 0 is not done)"

// MisereDicotReport is the report on a game modulo dicots.
type MisereDicotReport struct {
	Game     string `json:"game,omitempty"`
	Position string `json:"position,omitempty"`
	// Value is DicotReduced's form (DicotValueIs says what it is).
	Value       string `json:"value"`
	ValueIs     string `json:"value_is"`
	Equivalence string `json:"equivalence"`
	// IsDicot: every non-zero follower has both Left and Right options.
	IsDicot              bool   `json:"is_dicot"`
	MisereOutcomeClass   string `json:"misere_outcome_class"`
	LeftWinsMovingFirst  bool   `json:"left_wins_moving_first"`
	RightWinsMovingFirst bool   `json:"right_wins_moving_first"`
	Birthday             int    `json:"birthday"` // of Value
	// GeneralCanonical is the misère canonical form in general play.
	GeneralCanonical string `json:"general_canonical_form"`
}

// describeMisereDicot reports on g modulo dicots.
func describeMisereDicot(t *mpartizan.Table, g mpartizan.Game) (*MisereDicotReport, error) {
	c, err := t.Canonical(g)
	if err != nil {
		return nil, err
	}
	r, err := t.DicotReduced(c)
	if err != nil {
		return nil, err
	}
	return &MisereDicotReport{
		Value:                misereText(t, r),
		ValueIs:              DicotValueIs,
		Equivalence:          DicotEquivalence,
		IsDicot:              t.IsDicot(g),
		MisereOutcomeClass:   t.Outcome(g).String(),
		LeftWinsMovingFirst:  t.LeftWinsFirst(g),
		RightWinsMovingFirst: t.RightWinsFirst(g),
		Birthday:             t.Birthday(r),
		GeneralCanonical:     misereText(t, c),
	}, nil
}

// MisereDicotCGT is the calculator modulo dicots: a partizan form in
// CGSuite's braces, or a comparison of two (==, !=, >=, <=, >, <, ||)
// decided modulo dicots.
func MisereDicotCGT(ctx context.Context, expr string, opts MisereCGTOptions) (*MisereCGTReport, error) {
	t := newMisereTable(ctx, opts.Memory)
	g, rel, h, err := t.Parse(expr)
	if err != nil {
		var ne *notation.Error
		if errors.As(err, &ne) {
			return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), err)
		}
		return nil, err
	}
	if rel != "" {
		res, err := t.HoldsDicot(g, rel, h)
		if err != nil {
			return nil, err
		}
		side := func(x mpartizan.Game) (string, error) {
			c, err := t.Canonical(x)
			if err == nil {
				c, err = t.DicotReduced(c)
			}
			return misereText(t, c), err
		}
		ls, err := side(g)
		if err != nil {
			return nil, err
		}
		rs, err := side(h)
		if err != nil {
			return nil, err
		}
		return &MisereCGTReport{Comparison: &CGTComparison{Left: ls, Op: string(rel), Right: rs, Result: res}}, nil
	}
	r, err := describeMisereDicot(t, g)
	if err != nil {
		return nil, err
	}
	return &MisereCGTReport{Dicot: r}, nil
}

// MisereDicotValue reports on a position of a partizan game or script
// modulo dicots; a position that is not a dicot is refused.
func MisereDicotValue(ctx context.Context, inst catalog.Instance, tokens []string, opts catalog.Options) (*MisereCGTReport, error) {
	f, ok := inst.(MisereFormer)
	if !ok {
		return nil, fmt.Errorf("game %q: %w", inst.Spec(), ErrNotPartizan)
	}
	t := newMisereTable(ctx, opts.Memory)
	pos, err := f.MisereForms(ctx, t, tokens, opts, false)
	if err != nil {
		return nil, err
	}
	if !t.IsDicot(pos.Form) {
		return nil, fmt.Errorf("%s %s is not a dicot (some position reached from it lets one player move and not the other): --universe dicot is for dicot positions, such as Clobber's", inst.Spec(), pos.Text)
	}
	r, err := describeMisereDicot(t, pos.Form)
	if err != nil {
		return nil, err
	}
	r.Game, r.Position = inst.Spec(), pos.Text
	return &MisereCGTReport{Dicot: r}, nil
}
