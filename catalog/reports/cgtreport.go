package reports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/calc"
	"github.com/grundy-go/grundy/cgt/notation"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// The CGT calculator's report: a short partizan game written in CGSuite's
// notation, with its canonical form, outcome, birthday, stops, mean,
// temperature and atomic weight; or the truth of a comparison of two.
// 'grundy value' gives the same report for a position of a partizan game.

// CGTMaxSteps is the work one calculator run may do (sums, comparisons
// and canonicalisations not answered from memory; cgt.Space.MaxSteps)
// when CGTOptions.MaxSteps is 0.
const CGTMaxSteps = 200_000_000

// MaxCGTValueText bounds the canonical form a report writes out.
const MaxCGTValueText = 4 << 20

// ValueTooLongText stands in a report's value for a canonical form whose
// text passes MaxCGTValueText.
const ValueTooLongText = "(the canonical form is too long to write out)"

// ValueText is g's canonical form as text, or ValueTooLongText and false
// when the text would pass MaxCGTValueText: a sum of many hot games has a
// canonical form of few distinct subgames but an exponentially long text,
// which would otherwise be built in memory only to be printed (issue 19:
// ±1 + … + ±30, partizan subtraction's large heaps).
func ValueText(s *cgt.Space, g cgt.Game) (string, bool) {
	str, ok := s.StringLimit(g, MaxCGTValueText)
	if !ok {
		return ValueTooLongText, false
	}
	return str, true
}

// ErrThermographOfComparison is CGT's error when a thermograph is asked
// of a comparison, which is not one game.
var ErrThermographOfComparison = errors.New("a thermograph draws one game, not a comparison")

// CGTOptions tune CGT.
type CGTOptions struct {
	// MaxSteps bounds the work (cgt.Space.MaxSteps); 0 for CGTMaxSteps.
	MaxSteps int64
	// Thermograph asks for the game's thermograph as an SVG image
	// (CGTReport.Thermograph).
	Thermograph bool
	// Properties asks for every CGSuite property (CGTReport.Properties).
	Properties bool
	// Memory is the budget the Space's tables charge (cgt.Space.Memory);
	// nil for none beyond MaxSteps and the Space's own cap on games.
	Memory *budget.Bytes
	// Form asks PartizanValue to build the canonical form of a sum
	// whatever it costs; without it a sum whose form takes more than
	// SumFormTrialSteps is answered from its components (sumvalue.go).
	Form bool
}

// CGTReport is the report of the calculator ('grundy cgt', /api/v1/cgt)
// and of 'grundy value': exact numbers as fractions, AtomicWeight nil
// where it is undefined (not an atomic game). A comparison's report has
// only Comparison set, and its JSON is {"result": bool}.
type CGTReport struct {
	Game         string      `json:"game,omitempty"`     // the game of a position ('grundy value')
	Position     string      `json:"position,omitempty"` // the position ('grundy value')
	Value        string      `json:"value"`              // the canonical form ("" when too long)
	Outcome      string      `json:"outcome"`            // L, R, N or P
	Birthday     json.Number `json:"birthday"`           // an integer of any size
	LeftStop     Number      `json:"left_stop"`
	RightStop    Number      `json:"right_stop"`
	Mean         Number      `json:"mean"`
	Temperature  Number      `json:"temperature"`
	AtomicWeight *string     `json:"atomic_weight"`
	// ValueTooLong: the canonical form's text is longer than
	// MaxCGTValueText, and Value is empty.
	ValueTooLong bool `json:"value_too_long,omitempty"`
	// Properties are CGSuite's other properties, when asked for.
	Properties *cgt.Properties `json:"properties,omitempty"`
	// Sum is set when the canonical form of a sum was not built: the
	// report is then the one of SumReport (sumvalue.go).
	Sum *SumReport `json:"-"`

	// Comparison is the answer when the expression was a comparison.
	Comparison *CGTComparison `json:"-"`
	// Thermograph is the SVG image asked for by CGTOptions.Thermograph.
	Thermograph []byte `json:"-"`
	// Loopy is the report on a loopy game (loopyreport.go); when set, it
	// is the whole report.
	Loopy *LoopyReport `json:"-"`
	// Result is the value of a method that returns no game
	// (G.IsInfinitesimal, G.Options(Left)); when set, it is the whole
	// report, and its JSON is {"result": value}.
	Result *cgt.Value `json:"-"`
	// Note says where the expression was read otherwise than CGSuite's
	// input would read it (3*5 is 3 + *5 here, the product 15 there).
	Note string `json:"note,omitempty"`
}

// CGTComparison is the truth of "Left Op Right".
type CGTComparison struct {
	Left, Op, Right string // the games in canonical form, and the relation
	Result          bool
}

// MarshalJSON writes the contract: the fields of a game, or {"result":
// bool} for a comparison.
func (r *CGTReport) MarshalJSON() ([]byte, error) {
	if r.Loopy != nil && r.Comparison == nil {
		return json.Marshal(r.Loopy)
	}
	if r.Comparison != nil {
		return json.Marshal(struct {
			Result bool   `json:"result"`
			Note   string `json:"note,omitempty"`
		}{r.Comparison.Result, r.Note})
	}
	if v := r.Result; v != nil {
		var res any = v.Text
		if v.Kind == cgt.KindBool {
			res = v.Bool
		}
		return json.Marshal(struct {
			Result any    `json:"result"`
			Kind   string `json:"kind"`
			Note   string `json:"note,omitempty"`
		}{res, string(v.Kind), r.Note})
	}
	if r.Sum != nil {
		return r.Sum.marshal(r)
	}
	type plain CGTReport
	return json.Marshal((*plain)(r))
}

// CGTFunctionNames lists the calculator's functions and methods, by
// CGSuite's names, for a front end's help.
func CGTFunctionNames() string { return cgt.FunctionNames() }

// NewCGTSpace returns a space of partizan games for one computation,
// stopped by ctx and bounded by maxSteps units of work (0 for
// CGTMaxSteps).
func NewCGTSpace(ctx context.Context, maxSteps int64) *cgt.Space {
	s := cgt.NewSpace()
	s.MaxSteps = maxSteps
	if maxSteps <= 0 {
		s.MaxSteps = CGTMaxSteps
	}
	s.Context = ctx
	return s
}

// CGT evaluates expr, a game or a comparison of two in CGSuite's notation
// (see package cgt), and reports on it. A bad expression is an error that
// names the column; running out of work is a *budget.Exceeded, out of time
// the context's error.
func CGT(ctx context.Context, expr string, opts CGTOptions) (*CGTReport, error) {
	// A line of statements with variables (a := ^; a + a) is the
	// expression it stands for; errors point into the line.
	inlined, remap, err := calc.Inline(expr)
	if err != nil {
		return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), err)
	}
	if inlined == expr {
		return cgtExpr(ctx, expr, opts)
	}
	r, err := cgtExpr(ctx, inlined, opts)
	if err != nil {
		var ne *notation.Error
		var se *stopper.ParseError
		if errors.As(err, &ne) || errors.As(err, &se) {
			var inner error = ne
			if ne == nil {
				inner = se
			}
			return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), remap(inner))
		}
		return nil, err
	}
	return r, nil
}

// cgtExpr is CGT for one expression.
func cgtExpr(ctx context.Context, expr string, opts CGTOptions) (*CGTReport, error) {
	if stopper.LooksLoopy(expr) {
		return loopyCGT(ctx, expr, opts)
	}
	s := NewCGTSpace(ctx, opts.MaxSteps)
	s.Memory = opts.Memory
	ev, err := s.Evaluate(expr)
	var ne *notation.Error
	if errors.As(err, &ne) && ne.Wants == notation.WantsRational {
		return rationalCGT(s, expr, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), err)
	}
	note := strings.Join(ev.Notes, "; ")
	g, op, h := ev.G, ev.Op, ev.H
	if ev.Value != nil {
		if opts.Thermograph {
			return nil, fmt.Errorf("a thermograph draws one game, not a %s", ev.Value.Kind)
		}
		return &CGTReport{Result: ev.Value, Note: note}, nil
	}
	if op != "" {
		if opts.Thermograph {
			return nil, ErrThermographOfComparison
		}
		res, err := s.Compare(g, op, h)
		if err != nil {
			return nil, err
		}
		return &CGTReport{Comparison: &CGTComparison{Left: s.String(g), Op: string(op), Right: s.String(h), Result: res}, Note: note}, nil
	}
	r, err := DescribeCGT(s, g, opts)
	if r != nil {
		r.Note = note
	}
	return r, err
}

// rationalCGT evaluates expr, which holds a rational number that is not
// dyadic or an infinity (CGSuite's Rational), through the calculator of
// every notation (package cgt/calc): a value that is no game is the
// report's Result; one that comes out dyadic is reported as the game.
func rationalCGT(s *cgt.Space, expr string, opts CGTOptions) (*CGTReport, error) {
	a, err := calc.Evaluate(s, expr, nil)
	if err != nil {
		return nil, fmt.Errorf("bad expression %q: %w", shorten(expr), err)
	}
	if a.Rational != nil {
		if opts.Thermograph {
			return nil, fmt.Errorf("a thermograph draws one game, not a %s", a.Rational.Value.Kind)
		}
		return &CGTReport{Result: &a.Rational.Value}, nil
	}
	return DescribeCGT(s, a.Short.G, opts)
}

// DescribeCGT reports on the game g of s: its canonical form and
// properties, and its thermograph when opts asks for it.
func DescribeCGT(s *cgt.Space, g cgt.Game, opts CGTOptions) (*CGTReport, error) {
	str, ok := ValueText(s, g)
	if !ok {
		// Its properties are still reported; the JSON's value is empty
		// and value_too_long says why.
		str = ""
	}
	o, err := s.Outcome(g)
	if err != nil {
		return nil, err
	}
	mean, err := s.Mean(g)
	if err != nil {
		return nil, err
	}
	temp, err := s.Temperature(g)
	if err != nil {
		return nil, err
	}
	r := &CGTReport{
		Value:       str,
		Outcome:     o.String(),
		Birthday:    json.Number(s.BirthdayBig(g).String()),
		LeftStop:    dyadic(s.LeftStop(g)),
		RightStop:   dyadic(s.RightStop(g)),
		Mean:        dyadic(mean),
		Temperature: dyadic(temp),
	}
	r.ValueTooLong = !ok
	w, ok, err := s.AtomicWeight(g)
	if err != nil {
		return nil, err
	}
	if ok {
		str := s.String(w)
		r.AtomicWeight = &str
	}
	if opts.Properties {
		if r.Properties, err = s.Describe(g); err != nil {
			return nil, err
		}
	}
	if opts.Thermograph {
		if r.Thermograph, err = s.ThermographSVG(g); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func dyadic(d cgt.Dyadic) Number { return Number{d.Rat()} }

// shorten cuts a long expression for an error message.
func shorten(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// CGTThermograph draws the thermograph of g as an SVG image.
func CGTThermograph(s *cgt.Space, g cgt.Game) ([]byte, error) { return s.ThermographSVG(g) }

// KindPartizan is the Entry Kind of partizan games, whose instances are
// Valuers.
const KindPartizan = "partizan"

// Valuer is implemented by the instances of partizan games: Value parses
// a position (a sum of its parts) and returns its canonical value in s,
// with the position written back in the game's notation. A front end
// recognises a partizan game by this interface, never by its name.
type Valuer interface {
	catalog.Instance
	Value(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) (g cgt.Game, position string, err error)
}

// ErrNotPartizan is wrapped by PartizanValue's error for a game that is
// not a Valuer.
var ErrNotPartizan = errors.New("not a partizan game")

// PartizanValue is the report of 'grundy value': the CGT report of the
// canonical value of a position of a partizan game, named by the game's
// spec and the position as the game writes it.
func PartizanValue(ctx context.Context, inst catalog.Instance, tokens []string, opts catalog.Options, copts CGTOptions) (*CGTReport, error) {
	lv, loopy := inst.(LoopyValuer)
	v, ok := inst.(Valuer)
	if loopy && !ok {
		return loopyValue(ctx, lv, tokens, opts, copts.Properties)
	}
	if !ok {
		return nil, fmt.Errorf("game %q: %w", inst.Spec(), ErrNotPartizan)
	}
	s := NewCGTSpace(ctx, copts.MaxSteps)
	if sv, ok := inst.(SumValuer); ok && !copts.Form {
		return sumValue(ctx, s, sv, tokens, opts, copts)
	}
	g, pos, err := v.Value(ctx, s, tokens, opts)
	if loopy && errors.Is(err, ErrRepeats) {
		// A game whose positions may or may not repeat (a script): the
		// loopy value when they do.
		return loopyValue(ctx, lv, tokens, opts, copts.Properties)
	}
	if err != nil {
		return nil, err
	}
	r, err := DescribeCGT(s, g, copts)
	if err != nil {
		return nil, err
	}
	r.Game, r.Position = inst.Spec(), pos
	return r, nil
}
