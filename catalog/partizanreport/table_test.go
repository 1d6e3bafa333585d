package partizanreport_test

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	_ "github.com/grundy-go/grundy/games/partizan/eatcake"
)

// cutcakeValue is the closed form of Cutcake (Berlekamp, Conway and Guy,
// Winning Ways, ch. 2, "Cutcakes"): a cake of r rows and c columns, Left
// cutting it into columns, is worth ⌊c / 2^⌊log₂ r⌋⌋ − 1 to Left when c
// has more binary digits than r, the negative of that with the sides
// swapped when r has more, and 0 when they have as many.
func cutcakeValue(r, c int) int {
	lr, lc := bits.Len(uint(r))-1, bits.Len(uint(c))-1
	switch {
	case lc > lr:
		return c>>lr - 1
	case lr > lc:
		return -(r>>lc - 1)
	}
	return 0
}

// TestCutcakeTableClosedForm checks grundy table cutcake against the
// closed form Winning Ways gives, cell by cell, with each cell's class.
func TestCutcakeTableClosedForm(t *testing.T) {
	tab := table(t, "cutcake", 20)
	if tab.First != 1 || len(tab.CanonicalGrid) != 20 {
		t.Fatalf("table starts at %d with %d rows; want 1 and 20", tab.First, len(tab.CanonicalGrid))
	}
	for a := range 20 {
		for b := range 20 {
			want := cutcakeValue(a+1, b+1)
			if got := tab.CanonicalGrid[a][b]; got != fmt.Sprint(want) {
				t.Errorf("cutcake %dx%d: table %s, closed form %d", a+1, b+1, got, want)
			}
			class := map[bool]string{true: "L", false: "R"}[want > 0]
			if want == 0 {
				class = "P"
			}
			if got := tab.ClassGrid[a][b]; got != class {
				t.Errorf("cutcake %dx%d: class %s, want %s", a+1, b+1, got, class)
			}
		}
	}
}

// TestTableAgreesWithSolve: every cell of each tabled partizan game's
// table is what grundy solve (and value) gives that cake alone.
func TestTableAgreesWithSolve(t *testing.T) {
	for _, game := range []string{"cutcake", "eatcake", "maundy-cake"} {
		tab := table(t, game, 7)
		inst, err := catalog.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		for a := range 7 {
			for b := range 7 {
				pos := fmt.Sprintf("%dx%d", a+1, b+1)
				r, err := inst.Solve(context.Background(), []string{pos}, catalog.Options{})
				if err != nil {
					t.Fatalf("%s %s: %v", game, pos, err)
				}
				if got := tab.CanonicalGrid[a][b]; got != fmt.Sprint(r.Value) {
					t.Errorf("%s %s: table %s, solve %v", game, pos, got, r.Value)
				}
				if got := tab.ClassGrid[a][b]; got != r.Outcome {
					t.Errorf("%s %s: table class %s, solve %s", game, pos, got, r.Outcome)
				}
			}
		}
	}
}

// TestTableLimits: a table past the game's largest side, or of no cells,
// is refused in words.
func TestTableLimits(t *testing.T) {
	inst, _ := catalog.Lookup("eatcake")
	tab := inst.(catalog.Tabler)
	for _, c := range []struct {
		upto int
		want string
	}{{65, "--upto is at most 64"}, {0, "expected at least 1"}} {
		_, err := tab.Table(context.Background(), c.upto, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("upto %d: error %v, want one saying %q", c.upto, err, c.want)
		}
	}
}

// TestTableCSVAndSVG: the CSV numbers cells from the first cake and
// names each class; the picture writes each form with its class.
func TestTableCSVAndSVG(t *testing.T) {
	tab := table(t, "cutcake", 3)
	var buf bytes.Buffer
	if err := reports.TableCSV(&buf, tab); err != nil {
		t.Fatal(err)
	}
	want := "a,b,canonical,class\n1,1,0,P\n1,2,1,L\n1,3,2,L\n2,1,-1,R\n2,2,0,P\n2,3,0,P\n3,1,-2,R\n3,2,0,P\n3,3,0,P\n"
	if buf.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", buf.String(), want)
	}
	if err := reports.CheckTableSVG(tab); err != nil {
		t.Fatal(err)
	}
	svg := reports.TableSVG(tab)
	for _, s := range []string{"<title>(1, 2): 1, class L</title>", "<title>(3, 1): -2, class R</title>", "<title>(2, 2): 0, class P</title>"} {
		if !strings.Contains(svg, s) {
			t.Errorf("SVG lacks %q", s)
		}
	}
}

func table(t *testing.T, game string, upto int) *catalog.Table {
	t.Helper()
	inst, err := catalog.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	tab, ok := inst.(catalog.Tabler)
	if !ok {
		t.Fatalf("%s is not a Tabler", game)
	}
	res, err := tab.Table(context.Background(), upto, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
