package toppling

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a row by the rules, whole rows, no mirror images.
func plain(s *cgt.Space, row string, memo map[string]cgt.Game) cgt.Game {
	if v, ok := memo[row]; ok {
		return v
	}
	var L, R []cgt.Game
	for q := range Topples(row, true) {
		L = append(L, plain(s, q, memo))
	}
	for q := range Topples(row, false) {
		R = append(R, plain(s, q, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[row] = v
	return v
}

// TestRows values every row of up to 7 places over L, R, G and '.' both
// ways, and the published values: n Left dominoes are n, LR is * (Fink,
// Nowakowski, Siegel, Wolfe, 2015), LRL is 1/2.
func TestRows(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]cgt.Game{}
	rows := []string{""}
	for n := 1; n <= 7; n++ {
		for _, r := range rows {
			if len(r) == n-1 {
				for _, c := range "LRG." {
					rows = append(rows, r+string(c))
				}
			}
		}
	}
	for _, r := range rows {
		ps, err := Parse([]string{r})
		if err != nil {
			continue // empty rows
		}
		got, err := e.Value(context.Background(), ps...)
		if err != nil {
			t.Fatal(err)
		}
		if want := plain(s, strings.Trim(r, "."), memo); got != want {
			t.Fatalf("%q = %s, the rules give %s", r, s.String(got), s.String(want))
		}
	}
	for _, c := range []struct{ row, want string }{
		{"LLLL", "4"}, {"RR", "-2"}, {"LR", "*"}, {"LRL", "1/2"}, {"G", "*"}, {"-", "0"},
	} {
		inst, err := catalog.Lookup("toppling-dominoes")
		if err != nil {
			t.Fatal(err)
		}
		r, err := reports.PartizanValue(context.Background(), inst, []string{c.row}, catalog.Options{}, reports.CGTOptions{})
		if err != nil || r.Value != c.want {
			t.Errorf("%s = %v (%v), want %s", c.row, r, err, c.want)
		}
	}
}
