package arckayles

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[string])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[string])(nil)
)

func init() {
	for _, c := range []struct {
		name, summary, example string
		rule                   Rule
	}{
		{"arc-kayles", "Arc Kayles on any graph: a move picks an edge and removes both its ends (impartial; CGSuite's game.graph.ArcKayles)", "value arc-kayles .----", Plain},
		{"weighted-arc-kayles", "weighted Arc Kayles: a move picks an edge whose ends have positive weight and lowers both by one (impartial; CGSuite's game.graph.WeightedArcKayles)", "value weighted-arc-kayles 2-1-2", Weighted},
		{"partizan-arc-kayles", "Partizan Arc Kayles: Left picks a blue or green edge, Right a red or green one, and both its ends are removed (CGSuite's game.graph.PartizanArcKayles)", "value partizan-arc-kayles llr", Partizan},
	} {
		g := Game{Rule: c.rule}
		catalog.Register(catalog.Entry{
			Name:     c.name,
			Position: g.Help(),
			Summary:  c.summary,
			Example:  c.example,
			Kind:     partizanreport.Kind,
			Make: func(string) (catalog.Instance, error) {
				return partizanreport.New(c.name, partizanreport.Rules[string]{
					Game: g, Parse: g.Parse, Format: g.Format, Moves: g.Moves,
				}), nil
			},
		})
	}
}
