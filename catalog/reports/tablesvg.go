package reports

import (
	"fmt"
	"html"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/internal/axis"
)

// TableSVG draws a table (grundy table --svg): a bar per value for one
// heap, with the heap size n along the bottom axis and G(n) up the left
// one; a square per position for two heaps (P-positions dark), with b
// along the top axis and a down the left one. Every axis has its ticks
// and their numbers (internal/axis), and its name.
//
// A grid of outcomes (a game without Sprague–Grundy values) is drawn as
// a grid of values is, its P-positions dark and its draws grey. A
// built-in partizan game's table (canonical forms with their outcome
// classes) is drawn as a grid of its forms, each cell coloured by its
// class.
func TableSVG(t *catalog.Table) string {
	if forms, classes := formCells(t); classes != nil {
		return formGridSVG(t, forms, classes)
	}
	if t.OutcomeGrid != nil && t.Grid == nil {
		g := *t
		g.Grid = make([][]int64, len(t.OutcomeGrid))
		for a, row := range t.OutcomeGrid {
			g.Grid[a] = make([]int64, len(row))
			for b, o := range row {
				switch o {
				case "P":
					g.Grid[a][b] = 0
				case "D":
					g.Grid[a][b] = drawCell
				default:
					g.Grid[a][b] = -1
				}
			}
		}
		t = &g
	}
	var sb strings.Builder
	const font = `font-family="sans-serif" font-size="11"`
	tick := func(x1, y1, x2, y2 float64) {
		fmt.Fprintf(&sb, `<line class="tick" x1="%g" y1="%g" x2="%g" y2="%g" stroke="#555"/>`+"\n", x1, y1, x2, y2)
	}
	label := func(x, y float64, anchor, text string) {
		fmt.Fprintf(&sb, `<text class="tick-label" x="%g" y="%g" text-anchor="%s" %s>%s</text>`+"\n", x, y, anchor, font, html.EscapeString(text))
	}
	if t.Grid != nil {
		n := len(t.Grid)
		cell := 12.0
		if n > 64 {
			cell = max(2, 768/float64(n))
		}
		left, top := 44.0, 52.0
		size := float64(n) * cell
		w, h := left+size+12, top+size+12
		fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">`+"\n", w, h, w, h)
		fmt.Fprintf(&sb, `<title>%s: P-positions (dark) of the first %d×%d positions</title>`+"\n", html.EscapeString(t.Game), n, n)
		fmt.Fprintf(&sb, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
		fmt.Fprintf(&sb, `<text x="%g" y="14" %s>%s: P-positions dark; heap a down, heap b across</text>`+"\n", left, font, html.EscapeString(t.Game))
		for a, row := range t.Grid {
			for b, v := range row {
				fill := "#f4f4f4"
				switch v {
				case 0:
					fill = "#223a5e"
				case drawCell:
					fill = "#a0a0a0"
				}
				fmt.Fprintf(&sb, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s" stroke="#ccc" stroke-width="0.5"><title>(%d, %d): %s</title></rect>`+"\n",
					left+float64(b)*cell, top+float64(a)*cell, cell, cell, fill, a, b, gridWords(v))
			}
		}
		for _, v := range axis.Ticks(0, float64(n-1), 8, true) {
			c := (v + 0.5) * cell
			tick(left+c, top-4, left+c, top)
			label(left+c, top-7, "middle", axis.Label(v))
			tick(left-4, top+c, left, top+c)
			label(left-7, top+c+4, "end", axis.Label(v))
		}
		label(left+size/2, 30, "middle", "b")
		label(12, top+size/2, "middle", "a")
		sb.WriteString("</svg>\n")
		return sb.String()
	}
	var most uint64 = 1
	for _, v := range t.Values {
		most = max(most, v)
	}
	barW := 8.0
	if len(t.Values) > 100 {
		barW = max(1, 800/float64(len(t.Values)))
	}
	const height = 200.0
	left, top := 44.0, 24.0
	width := float64(len(t.Values)) * barW
	bottom := top + height
	w, h := left+width+16, bottom+40
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">`+"\n", w, h, w, h)
	fmt.Fprintf(&sb, `<title>%s: Sprague–Grundy values G(0..%d)</title>`+"\n", html.EscapeString(t.Game), len(t.Values)-1)
	fmt.Fprintf(&sb, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&sb, `<text x="%g" y="14" %s>%s: G(n) for n = 0…%d (max %d); red marks G = 0</text>`+"\n", left, font, html.EscapeString(t.Game), len(t.Values)-1, most)
	y := func(v float64) float64 { return bottom - v/float64(most)*height }
	for n, v := range t.Values {
		bh := bottom - y(float64(v))
		fill := "#223a5e"
		if v == 0 {
			fill, bh = "#c0392b", 3
		}
		fmt.Fprintf(&sb, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"><title>G(%d) = %d</title></rect>`+"\n", left+float64(n)*barW, bottom-bh, max(barW-1, 1), bh, fill, n, v)
	}
	fmt.Fprintf(&sb, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#555"/>`+"\n", left, bottom, left+width, bottom)
	fmt.Fprintf(&sb, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#555"/>`+"\n", left, top, left, bottom)
	for _, v := range axis.Ticks(0, float64(len(t.Values)-1), 10, true) {
		x := left + (v+0.5)*barW
		tick(x, bottom, x, bottom+4)
		label(x, bottom+16, "middle", axis.Label(v))
	}
	for _, v := range axis.Ticks(0, float64(most), 5, true) {
		tick(left-4, y(v), left, y(v))
		label(left-7, y(v)+4, "end", axis.Label(v))
	}
	label(left+width/2, bottom+34, "middle", "heap size n")
	fmt.Fprintf(&sb, `<text class="tick-label" x="12" y="%g" text-anchor="middle" transform="rotate(-90 12 %g)" %s>G(n)</text>`+"\n", top+height/2, top+height/2, font)
	sb.WriteString("</svg>\n")
	return sb.String()
}

// drawCell marks a drawn position in a grid drawn from outcomes.
const drawCell = -2

// CheckTableSVG says why a table cannot be drawn, or nil: a picture shows
// a row of Sprague–Grundy values as bars, or a grid's P-positions; a row
// of outcomes, or of a script's canonical forms without their outcome
// classes, has neither. A built-in partizan game's forms come with their
// classes and are drawn.
func CheckTableSVG(t *catalog.Table) error {
	if _, classes := formCells(t); classes != nil {
		return nil
	}
	if t.Outcomes != nil || t.Canonical != nil || t.CanonicalGrid != nil {
		return fmt.Errorf("an SVG picture draws Sprague–Grundy values, or the P-positions of a grid; this table holds %s: use --csv or --json", map[bool]string{true: "outcomes", false: "canonical forms"}[t.Outcomes != nil])
	}
	return nil
}

// gridWords says what a grid cell's value means: a Sprague–Grundy value,
// or, from a closed form that gives outcomes only, N for -1.
func gridWords(v int64) string {
	switch {
	case v == 0:
		return "P"
	case v == drawCell:
		return "D"
	case v < 0:
		return "N"
	}
	return fmt.Sprintf("G = %d", v)
}

// formCells returns a partizan table's forms and classes as a grid (a row
// is a grid of one row), or nil classes when the table has none.
func formCells(t *catalog.Table) (forms, classes [][]string) {
	switch {
	case t.CanonicalGrid != nil && t.ClassGrid != nil:
		return t.CanonicalGrid, t.ClassGrid
	case t.Canonical != nil && t.Classes != nil:
		return [][]string{t.Canonical}, [][]string{t.Classes}
	}
	return nil, nil
}

// classFill colours a partizan outcome class as the explorer does: Left
// blue, Right red, the first player (N) light, the second (P) dark; the
// class is written in the cell's title too, so colour is not the only
// sign.
var classFill = map[string]struct{ fill, ink string }{
	"L": {"#cfe0f5", "#12365e"},
	"R": {"#f6d4d0", "#6b1a12"},
	"N": {"#f4f4f4", "#222"},
	"P": {"#223a5e", "#fff"},
}

// maxFormChars is the most of a form a cell writes; a longer one is cut
// with an ellipsis, the whole in the cell's title.
const maxFormChars = 12

// formGridSVG draws canonical forms in a grid, each cell coloured by its
// outcome class, a (or n) down and b across from t.First.
func formGridSVG(t *catalog.Table, forms, classes [][]string) string {
	var sb strings.Builder
	const font = `font-family="sans-serif" font-size="11"`
	longest := 1
	for _, row := range forms {
		for _, f := range row {
			longest = max(longest, min(maxFormChars, len([]rune(f))))
		}
	}
	cw, ch := max(28, 7*float64(longest)+10), 22.0
	left, top := 44.0, 52.0
	cols := 0
	for _, row := range forms {
		cols = max(cols, len(row))
	}
	w, h := left+float64(cols)*cw+12, top+float64(len(forms))*ch+12
	grid := len(forms) > 1 || t.CanonicalGrid != nil
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">`+"\n", w, h, w, h)
	fmt.Fprintf(&sb, `<title>%s: canonical forms by outcome class</title>`+"\n", html.EscapeString(t.Game))
	fmt.Fprintf(&sb, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	what := "n across"
	if grid {
		what = "a down, b across"
	}
	fmt.Fprintf(&sb, `<text x="%g" y="14" %s>%s: canonical forms, %s; blue L (Left wins), red R (Right wins), light N, dark P</text>`+"\n", left, font, html.EscapeString(t.Game), what)
	for a, row := range forms {
		for b, f := range row {
			c := classFill[classes[a][b]]
			if c.fill == "" {
				c = classFill["N"]
			}
			x, y := left+float64(b)*cw, top+float64(a)*ch
			text := f
			if r := []rune(f); len(r) > maxFormChars {
				text = string(r[:maxFormChars-1]) + "…"
			}
			name := fmt.Sprint(t.First + b)
			if grid {
				name = fmt.Sprintf("%d, %d", t.First+a, t.First+b)
			}
			fmt.Fprintf(&sb, `<g><title>(%s): %s, class %s</title><rect x="%g" y="%g" width="%g" height="%g" fill="%s" stroke="#ccc" stroke-width="0.5"/><text x="%g" y="%g" text-anchor="middle" fill="%s" %s>%s</text></g>`+"\n",
				name, html.EscapeString(f), classes[a][b], x, y, cw, ch, c.fill, x+cw/2, y+ch/2+4, c.ink, font, html.EscapeString(text))
		}
	}
	for b := range cols {
		fmt.Fprintf(&sb, `<text class="tick-label" x="%g" y="%g" text-anchor="middle" %s>%d</text>`+"\n", left+(float64(b)+0.5)*cw, top-7, font, t.First+b)
	}
	if grid {
		for a := range forms {
			fmt.Fprintf(&sb, `<text class="tick-label" x="%g" y="%g" text-anchor="end" %s>%d</text>`+"\n", left-7, top+(float64(a)+0.5)*ch+4, font, t.First+a)
		}
		fmt.Fprintf(&sb, `<text x="12" y="%g" text-anchor="middle" %s>a</text>`+"\n", top+float64(len(forms))*ch/2, font)
		fmt.Fprintf(&sb, `<text x="%g" y="30" text-anchor="middle" %s>b</text>`+"\n", left+float64(cols)*cw/2, font)
	} else {
		fmt.Fprintf(&sb, `<text x="%g" y="30" text-anchor="middle" %s>n</text>`+"\n", left+float64(cols)*cw/2, font)
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}
