package hackenbush

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

// pictureNotation is the catalog's help for the graph notation.
const pictureNotation = "pictures: edges U-V (vertex 0 is the ground) separated by commas, each followed by its colour l (blue, Left), r (red, Right) or g (green, either; the default), e.g. 0-1l,1-2r,2-0g; several pictures make a sum"

func init() {
	catalog.Register(catalog.Entry{
		Name:           "green-hackenbush",
		Params:         "0|1 (optional: vertices numbered from 0, the ground 0, or from 1, the ground 1)",
		OptionalParams: true,
		Position:       greenPosition,
		Summary:        "Green Hackenbush on any graph: either player cuts an edge, and whatever no longer reaches the ground falls (values by the fusion and colon principles, in linear time)",
		Example:        "value green-hackenbush 0-1,1-2,2-0,2-3",
		Kind:           partizanreport.Kind,
		Make:           newGreen,
	})
	for _, childish := range []bool{false, true} {
		g := Graphs{Childish: childish}
		name, rule := "hackenbush-graph", "Blue-Red-Green Hackenbush on any graph: Left cuts a blue or green edge, Right a red or green one; whatever no longer reaches the ground falls"
		if childish {
			name, rule = "childish-hackenbush", "Childish Hackenbush on any graph: Left cuts a blue or green edge, Right a red or green one, but only an edge whose cut makes nothing else fall"
		}
		catalog.Register(catalog.Entry{
			Name:     name,
			Position: pictureNotation,
			Summary:  rule,
			Example:  "value " + name + " 0-1l,1-2r,1-3g,3-0l",
			Kind:     partizanreport.Kind,
			Make: func(string) (catalog.Instance, error) {
				return partizanreport.New(name, partizanreport.Rules[string]{
					Game: g, Parse: func(t []string) ([]string, error) { return ParsePictures(t, 'g') }, Format: g.Format, Moves: g.Moves,
				}), nil
			},
		})
	}
}
