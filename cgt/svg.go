package cgt

import (
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/internal/axis"
)

// ThermographSVG draws the thermograph of g as a standalone SVG image, in
// the convention of Winning Ways: values increase to the left (Left's
// side), temperature upward; the left wall is blue, the right wall red,
// and the mast rises from the temperature.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) ThermographSVG(g Game) (svg []byte, err error) {
	defer s.done(&err)
	return s.thermographSVG(g), nil
}

func (s *Space) thermographSVG(g Game) []byte {
	th := s.thermograph(g)
	top := th.Temperature.add(Int(1))
	if top.Less(Int(1)) {
		top = Int(1)
	}
	// Points of each wall: its breakpoints, then the top.
	wall := func(tr Trajectory) [][2]float64 {
		var pts [][2]float64
		for _, t := range tr.T {
			pts = append(pts, [2]float64{f(tr.at(t)), f(t)})
		}
		pts = append(pts, [2]float64{f(tr.at(top)), f(top)})
		return pts
	}
	lw, rw := wall(th.Left), wall(th.Right)
	lo, hi := f(th.Mast), f(th.Mast)
	for _, p := range append(append([][2]float64(nil), lw...), rw...) {
		lo, hi = min(lo, p[0]), max(hi, p[0])
	}
	lo, hi = lo-0.5, hi+0.5
	const W, H, pad = 480.0, 360.0, 40.0
	tlo, thi := -1.0, f(top)
	x := func(v float64) float64 { return pad + (hi-v)/(hi-lo)*(W-2*pad) }
	y := func(t float64) float64 { return pad + (thi-t)/(thi-tlo)*(H-2*pad) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">`+"\n", W, H, W, H)
	fmt.Fprintf(&b, `<title>Thermograph of %s</title>`+"\n", escape(s.String(g)))
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	// axes: t = 0 and v = 0
	fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#bbb"/>`+"\n", pad, y(0), W-pad, y(0))
	if lo <= 0 && 0 <= hi {
		fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#bbb"/>`+"\n", x(0), pad, x(0), H-pad)
	}
	// Ticks and their numbers: values along the bottom (increasing to the
	// left), temperatures up the left side.
	for _, v := range axis.Ticks(lo, hi, 6, false) {
		fmt.Fprintf(&b, `<line class="tick" x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#555"/>`+"\n", x(v), H-pad, x(v), H-pad+4)
		fmt.Fprintf(&b, `<text class="tick-label" x="%.2f" y="%.2f" font-family="sans-serif" font-size="11" text-anchor="middle">%s</text>`+"\n", x(v), H-pad+15, axis.Label(v))
	}
	for _, t := range axis.Ticks(tlo, thi, 5, false) {
		fmt.Fprintf(&b, `<line class="tick" x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#555"/>`+"\n", pad-4, y(t), pad, y(t))
		fmt.Fprintf(&b, `<text class="tick-label" x="%.2f" y="%.2f" font-family="sans-serif" font-size="11" text-anchor="end">%s</text>`+"\n", pad-6, y(t)+4, axis.Label(t))
	}
	fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#555"/>`+"\n", pad, H-pad, W-pad, H-pad)
	fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#555"/>`+"\n", pad, pad, pad, H-pad)
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="11" text-anchor="middle" transform="rotate(-90 %.2f %.2f)">temperature t</text>`+"\n", 10.0, H/2, 10.0, H/2)
	poly := func(pts [][2]float64, color string) {
		var sb strings.Builder
		for i, p := range pts {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%.2f,%.2f", x(p[0]), y(p[1]))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", sb.String(), color)
	}
	poly(lw, "#1f5fd1")
	poly(rw, "#d1321f")
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="12" text-anchor="middle">value (Left's side to the left): mean %s, temperature %s</text>`+"\n",
		W/2, H-pad/3+4, th.Mast, th.Temperature)
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="11">t = 0</text>`+"\n", W-pad+2, y(0)+4)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func f(d Dyadic) float64 { return d.Float64() }

func escape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	return r.Replace(s)
}
