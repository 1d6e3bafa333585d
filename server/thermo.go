package server

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
)

// The thermograph of /api/v1/cgt?thermograph=1: the walls as points, for
// a page to draw with its own axes (the CLI's --thermograph draws an SVG
// of the same walls, cgt.Space.ThermographSVG).

// thermoWalls is a thermograph as the API gives it (Siegel, Combinatorial
// Game Theory, II.5; Winning Ways, ch. 6): each wall as its points
// [value, temperature] from temperature −1 through its breakpoints to
// Top, where the mast is drawn up to; Temperature and Mast exactly, as
// fractions.
type thermoWalls struct {
	Left        [][2]float64 `json:"left"`
	Right       [][2]float64 `json:"right"`
	Top         float64      `json:"top"`
	Temperature string       `json:"temperature"`
	Mast        string       `json:"mast"`
}

// cgtWithThermograph is reports.CGT for a game (not a comparison), with
// its thermograph's walls; the JSON is the CLI's --json with
// "thermograph" added.
func cgtWithThermograph(ctx context.Context, expr string, steps int64) (json.RawMessage, error) {
	sp := reports.NewCGTSpace(ctx, steps)
	g, op, _, err := sp.ParseComparison(expr)
	if err != nil {
		if len(expr) > 60 {
			expr = expr[:57] + "..."
		}
		return nil, fmt.Errorf("bad expression %q: %w", expr, err)
	}
	if op != "" {
		return nil, reports.ErrThermographOfComparison
	}
	rep, err := reports.DescribeCGT(sp, g, reports.CGTOptions{})
	if err != nil {
		return nil, err
	}
	th, err := sp.Thermograph(g)
	if err != nil {
		return nil, err
	}
	top := th.Temperature
	if top, err = top.Add(cgt.Int(1)); err != nil {
		return nil, err
	}
	if top.Less(cgt.Int(1)) {
		top = cgt.Int(1)
	}
	walls := thermoWalls{Top: dyadicFloat(top), Temperature: th.Temperature.String(), Mast: th.Mast.String()}
	for i, tr := range []cgt.Trajectory{th.Left, th.Right} {
		var pts [][2]float64
		for _, t := range append(append([]cgt.Dyadic(nil), tr.T...), top) {
			v, err := tr.At(t)
			if err != nil {
				return nil, err
			}
			pts = append(pts, [2]float64{dyadicFloat(v), dyadicFloat(t)})
		}
		if i == 0 {
			walls.Left = pts
		} else {
			walls.Right = pts
		}
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	if fields["thermograph"], err = json.Marshal(walls); err != nil {
		return nil, err
	}
	return json.Marshal(fields)
}

// dyadicFloat is a dyadic rational as a float64 (exact for the values a
// thermograph of a game of any reasonable size has).
func dyadicFloat(d cgt.Dyadic) float64 { return d.Float64() }
