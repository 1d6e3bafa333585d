package reports

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/notation"
	mpartizan "github.com/grundy-go/grundy/misere/partizan"
)

// Misère play of partizan games: the calculator's partizan forms ('grundy
// cgt --misere {0|*}'), and the positions of partizan games and scripts
// ('grundy value GAME POS --misere', 'grundy solve GAME POS --misere'),
// in general misère play (package misere/partizan: Siegel's misère
// canonical forms; a player who cannot move wins).

// Equivalence names the equivalence the partizan misère reports compute.
const Equivalence = "general misère play (all games; Siegel 2015)"

// MisereFormer is implemented by partizan games whose positions become
// misère game forms: built-in partizan games (package partizanreport)
// and partizan scripts. An impartial script answers with an error
// wrapping mpartizan.ErrImpartial (its misère play is the impartial
// theory's, catalog.MisereSolver).
type MisereFormer interface {
	catalog.Instance
	// MisereForms returns the position's form in t, and with moves set
	// each player's moves from it.
	MisereForms(ctx context.Context, t *mpartizan.Table, tokens []string, opts catalog.Options, moves bool) (*mpartizan.Position, error)
}

// MiserePartizanReport is the report on a partizan game form under misère
// play: CGSuite's properties of a game, in snake_case, for the form's
// misère canonical form.
type MiserePartizanReport struct {
	Game     string `json:"game,omitempty"`
	Position string `json:"position,omitempty"`
	// Value is the misère canonical form.
	Value       string `json:"value"`
	Equivalence string `json:"equivalence"`
	// MisereOutcomeClass is L (Left wins whoever starts), R, N (the player
	// to move wins) or P, a player who cannot move winning.
	MisereOutcomeClass   string `json:"misere_outcome_class"`
	LeftWinsMovingFirst  bool   `json:"left_wins_moving_first"`
	RightWinsMovingFirst bool   `json:"right_wins_moving_first"`
	Birthday             int    `json:"birthday"` // of the canonical form
	// Form and FormBirthday are the form as written, for an expression.
	Form         *string `json:"form,omitempty"`
	FormBirthday *int    `json:"form_birthday,omitempty"`
	IsCanonical  *bool   `json:"is_canonical,omitempty"` // the form as written is the canonical one
	// LeftOptions and RightOptions are the canonical form's.
	LeftOptions  []string `json:"left_options"`
	RightOptions []string `json:"right_options"`
	// Conjugate is the canonical form with Left and Right exchanged (not
	// an inverse under misère play).
	Conjugate  string `json:"conjugate"`
	IsLeftEnd  bool   `json:"is_left_end"`
	IsRightEnd bool   `json:"is_right_end"`
}

// newMisereTable returns a Table within opts' memory budget and ctx.
func newMisereTable(ctx context.Context, mem *budget.Bytes) *mpartizan.Table {
	t := mpartizan.NewTable()
	t.Memory = mem
	t.SetContext(ctx)
	return t
}

// misereText writes g, or ValueTooLongText when it is too long to print.
func misereText(t *mpartizan.Table, g mpartizan.Game) string {
	s, ok := t.StringLimit(g, MaxCGTValueText)
	if !ok {
		return ValueTooLongText
	}
	return s
}

// describeMiserePartizan reports on the form g.
func describeMiserePartizan(t *mpartizan.Table, g mpartizan.Game, withForm bool) (*MiserePartizanReport, error) {
	c, err := t.Canonical(g)
	if err != nil {
		return nil, err
	}
	conj, err := t.Conjugate(c)
	if err != nil {
		return nil, err
	}
	if conj, err = t.Canonical(conj); err != nil {
		return nil, err
	}
	r := &MiserePartizanReport{
		Value:                misereText(t, c),
		Equivalence:          Equivalence,
		MisereOutcomeClass:   t.Outcome(c).String(),
		LeftWinsMovingFirst:  t.LeftWinsFirst(c),
		RightWinsMovingFirst: t.RightWinsFirst(c),
		Birthday:             t.Birthday(c),
		LeftOptions:          []string{},
		RightOptions:         []string{},
		Conjugate:            misereText(t, conj),
		IsLeftEnd:            t.IsLeftEnd(c),
		IsRightEnd:           t.IsRightEnd(c),
	}
	for _, o := range t.LeftOrdered(c) {
		r.LeftOptions = append(r.LeftOptions, misereText(t, o))
	}
	for _, o := range t.RightOrdered(c) {
		r.RightOptions = append(r.RightOptions, misereText(t, o))
	}
	if withForm {
		form, bday, canon := misereText(t, g), t.Birthday(g), g == c
		r.Form, r.FormBirthday, r.IsCanonical = &form, &bday, &canon
	}
	return r, nil
}

// miserePartizanCGT is the calculator on a partizan form or a comparison
// of two (MisereCGT reads an expression here when it is not an impartial
// one).
func miserePartizanCGT(ctx context.Context, expr string, opts MisereCGTOptions) (*MisereCGTReport, error) {
	t := newMisereTable(ctx, opts.Memory)
	g, rel, h, err := t.Parse(expr)
	if err != nil {
		return nil, err
	}
	if rel != "" {
		res, err := t.Holds(g, rel, h)
		if err != nil {
			return nil, err
		}
		cg, err := t.Canonical(g)
		if err != nil {
			return nil, err
		}
		ch, err := t.Canonical(h)
		if err != nil {
			return nil, err
		}
		return &MisereCGTReport{Comparison: &CGTComparison{Left: misereText(t, cg), Op: string(rel), Right: misereText(t, ch), Result: res}}, nil
	}
	r, err := describeMiserePartizan(t, g, true)
	if err != nil {
		return nil, err
	}
	return &MisereCGTReport{Partizan: r}, nil
}

// parseError picks the error of the reading the user most likely meant:
// the impartial one for an expression with CGSuite's *[…] (the partizan
// notation has no brackets), the partizan one for one with braces, else
// the one that read further. Anything but a syntax error wins outright.
func parseError(expr string, impartial, partizan error) error {
	var ie, pe *notation.Error
	if !errors.As(partizan, &pe) {
		return partizan
	}
	if !errors.As(impartial, &ie) {
		return impartial
	}
	switch {
	case strings.Contains(expr, "*["):
		return impartial
	case strings.Contains(expr, "{"), pe.Pos > ie.Pos:
		return partizan
	}
	return impartial
}

// MiserePartizanValue reports on a position of a partizan game or script
// under misère play ('grundy value GAME POS --misere').
func MiserePartizanValue(ctx context.Context, inst catalog.Instance, tokens []string, opts catalog.Options) (*MisereCGTReport, error) {
	f, ok := inst.(MisereFormer)
	if !ok {
		return nil, fmt.Errorf("game %q: %w", inst.Spec(), ErrNotPartizan)
	}
	t := newMisereTable(ctx, opts.Memory)
	pos, err := f.MisereForms(ctx, t, tokens, opts, false)
	if err != nil {
		return nil, err
	}
	r, err := describeMiserePartizan(t, pos.Form, false)
	if err != nil {
		return nil, err
	}
	r.Game, r.Position = inst.Spec(), pos.Text
	return &MisereCGTReport{Partizan: r}, nil
}

// SolveMiserePartizan is 'grundy solve GAME POS --misere' for a partizan
// game or script: the misère outcome class, the misère canonical form,
// and each player's winning first moves, "L: position" for Left's and
// "R: position" for Right's. A move wins for its player, moving first,
// when the opponent then loses moving first.
func SolveMiserePartizan(ctx context.Context, f MisereFormer, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	r, _, _, err := solveMiserePartizan(ctx, f, tokens, opts)
	return r, err
}

// solveMiserePartizan is SolveMiserePartizan, with the Table it used and
// the position's forms and moves in it.
func solveMiserePartizan(ctx context.Context, f MisereFormer, tokens []string, opts catalog.Options) (*catalog.Report, *mpartizan.Table, *mpartizan.Position, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, nil, nil, catalog.RefuseMethod(f.Spec(), catalog.ClosedForm, "%s is valued by its misère game forms", f.Spec())
	}
	t := newMisereTable(ctx, opts.Memory)
	pos, err := f.MisereForms(ctx, t, tokens, opts, true)
	if err != nil {
		return nil, nil, nil, err
	}
	c, err := t.Canonical(pos.Form)
	if err != nil {
		return nil, nil, nil, err
	}
	r := &catalog.Report{
		Game:     f.Spec(),
		Position: pos.Text,
		Outcome:  t.Outcome(c).String(),
		Value:    misereText(t, c),
		Method:   "misère game forms of the positions, in " + Equivalence + " (see 'grundy value --misere')",
		Extra: map[string]any{"misere": true,
			"left_wins_moving_first": t.LeftWinsFirst(c), "right_wins_moving_first": t.RightWinsFirst(c)},
		Notes: []string{
			"misère play: the player who cannot move wins",
			"misère outcome: L = Left wins, R = Right wins (whoever starts), N = the player to move wins, P = the player to move loses",
			"winning moves are the first moves that win for Left (L:) and for Right (R:), each to the position it leaves",
		},
	}
	if t.IsLeftEnd(pos.Form) {
		r.Notes = append(r.Notes, "Left has no move here: Left, to move, wins at once")
	}
	if t.IsRightEnd(pos.Form) {
		r.Notes = append(r.Notes, "Right has no move here: Right, to move, wins at once")
	}
	for _, m := range pos.Moves {
		if t.Wins(m) {
			label := "R: "
			if m.Left {
				label = "L: "
			}
			r.WinningMoves = append(r.WinningMoves, label+m.Text)
		}
	}
	return r, t, pos, nil
}

// ErrMisereImpartial is the partizan misère path's refusal of a game
// whose positions are impartial (misère play of those is the impartial
// solver's): front ends test for it here, so they need not import the
// value layer (cmd/grundy's import rule).
var ErrMisereImpartial = mpartizan.ErrImpartial
