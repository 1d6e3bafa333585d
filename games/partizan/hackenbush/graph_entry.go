package hackenbush

import (
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

// pictureNotation is the catalog's help for the graph notation.
const pictureNotation = "pictures: edges U-V (vertex 0 is the ground) separated by commas, each followed by its colour l (blue, Left), r (red, Right) or g (green, either; the default), e.g. 0-1l,1-2r,2-0g; " +
	"or CGSuite's notation, edges l, r and e (green) from the ground up, branches in brackets joined by ';' and ':A' naming a vertex, e.g. lrl(r;e) or :Geeee:G (a green square on the ground); several pictures make a sum"

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
	g := Graphs{}
	catalog.Register(catalog.Entry{
		Name:     "hackenbush-graph",
		Position: pictureNotation,
		Summary:  "Blue-Red-Green Hackenbush on any graph: Left cuts a blue or green edge, Right a red or green one; whatever no longer reaches the ground falls",
		Example:  "value hackenbush-graph 0-1l,1-2r,1-3g,3-0l",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("hackenbush-graph", partizanreport.Rules[string]{
				Game: g, Parse: func(t []string) ([]string, error) { return ParsePictures(t, 'g') }, Format: g.Format, Moves: g.Moves,
			}), nil
		},
	})
	catalog.Register(catalog.Entry{
		Name:           "childish-hackenbush",
		Params:         "all (optional: the childish rule binds green edges too; by default it binds blue and red edges only, as in CGSuite)",
		OptionalParams: true,
		Position:       pictureNotation,
		Summary:        "Childish Hackenbush on any graph: Left cuts a blue or green edge, Right a red or green one, but a blue or red edge only when its cut makes nothing else fall (CGSuite's rule; childish-hackenbush:all binds green edges too)",
		Example:        "value childish-hackenbush l(l;rl)",
		Kind:           partizanreport.Kind,
		Make:           newChildish,
	})
}

// newChildish makes childish-hackenbush (CGSuite's reading: the rule
// binds blue and red edges) or childish-hackenbush:all (every edge).
func newChildish(params string) (catalog.Instance, error) {
	g, spec := Graphs{Childish: true}, "childish-hackenbush"
	switch params {
	case "", "cgsuite":
	case "all":
		g.ChildishGreen, spec = true, spec+":all"
	default:
		return nil, fmt.Errorf("bad parameter %q: childish-hackenbush binds blue and red edges by the childish rule (CGSuite's reading), childish-hackenbush:all every edge, green too", params)
	}
	return partizanreport.New(spec, partizanreport.Rules[string]{
		Game: g, Parse: func(t []string) ([]string, error) { return ParsePictures(t, 'g') }, Format: g.Format, Moves: g.Moves,
	}), nil
}
