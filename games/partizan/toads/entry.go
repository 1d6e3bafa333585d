package toads

import (
	"fmt"
	"strconv"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[string])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[string])(nil)
)

// MaxJumpParam bounds the J of toads-and-frogs:J (a jump over more pieces
// than a strip holds is no different).
const MaxJumpParam = MaxSquares

const position = "a strip of T (Left's toads), F (Right's frogs) and . (empty), e.g. TT..FF; several strips make a sum"

func init() {
	catalog.Register(catalog.Entry{
		Name:           "toads-and-frogs",
		Aliases:        []string{"toads"},
		Params:         "J",
		OptionalParams: true,
		Position:       position,
		Summary:        "Toads and Frogs: toads step or jump over one frog to the right, frogs to the left; toads-and-frogs:J jumps over up to J pieces in a row (CGSuite's GenToadsAndFrogs)",
		Example:        "value toads-and-frogs TT..FF",
		Kind:           partizanreport.Kind,
		Make: func(params string) (catalog.Instance, error) {
			if params == "" {
				return newInstance("toads-and-frogs", Standard), nil
			}
			j, err := strconv.Atoi(params)
			if err != nil || j < 0 || j > MaxJumpParam {
				return nil, fmt.Errorf("bad jump %q: expected the most pieces a jump passes over, from 0 (no jumps: elephants-and-rhinos) to %d", params, MaxJumpParam)
			}
			if j == 1 {
				return newInstance("toads-and-frogs", Standard), nil
			}
			return newInstance("toads-and-frogs:"+params, Gen(j)), nil
		},
	})
	catalog.Register(catalog.Entry{
		Name:     "elephants-and-rhinos",
		Position: position,
		Summary:  "Elephants and Rhinos: Toads and Frogs without jumps; toads (elephants) step right, frogs (rhinos) left",
		Example:  "value elephants-and-rhinos TT..FF",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return newInstance("elephants-and-rhinos", Gen(0)), nil
		},
	})
}

func newInstance(spec string, g Game) *partizanreport.Game[string] {
	return partizanreport.New(spec, partizanreport.Rules[string]{
		Game: g, Parse: Parse, Format: g.Format, Grid: partizanreport.Strip,
	})
}
