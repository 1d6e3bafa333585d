package cgt

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestThermographSVGAxes: the thermograph's picture numbers its axes.
// {3|-1} has walls 3−t and −1+t meeting at t = 2 over the mean 1
// (Winning Ways, ch. 6); drawn from t = −1 they reach 4 and −2, so the
// values run from −2.5 to 4.5 across (ticks every 2, 4 on the left, as
// Left's side is) and temperatures from −1 to 3 up the side.
func TestThermographSVGAxes(t *testing.T) {
	s := NewSpace()
	g, err := s.Parse("{3|-1}")
	if err != nil {
		t.Fatal(err)
	}
	svg, err := s.ThermographSVG(g)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, m := range regexp.MustCompile(`class="tick-label" x="([\d.]+)"[^>]*>([^<]*)<`).FindAllStringSubmatch(string(svg), -1) {
		labels = append(labels, m[2])
	}
	if got := strings.Join(labels, " "); got != "-2 0 2 4 -1 0 1 2 3" {
		t.Errorf("tick labels %q, want the values -2 … 4 then the temperatures -1 … 3", got)
	}
	if n := strings.Count(string(svg), `class="tick"`); n != 9 {
		t.Errorf("%d tick marks, want 9", n)
	}
	// Values increase to the left: the tick of 3 is left of the tick of -1.
	xs := regexp.MustCompile(`class="tick-label" x="([\d.]+)"`).FindAllStringSubmatch(string(svg), 4)
	if first, last := num(xs[0][1]), num(xs[3][1]); last >= first {
		t.Errorf("value ticks at x %g (for -2) and %g (for 4): 4 should be on the left", first, last)
	}
}

func num(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}
