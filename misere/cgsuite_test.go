package misere

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

// CGSuite's values for heaps of five games, as a third-party test file
// quotes them: pycgt's tests/test_impartial.py (github, "Validation of
// impartial games and misère play") lists, for heaps 0..25 (Grundy's game
// 0..19), CGSuite 2.2 beta 2's NimValue, MisereNimValue,
// MisereCanonicalForm.IsTame and the first 8 terms γ0..γ7 of the genus,
// obtained there by running CGSuite headlessly on
// game.heap.TakeAndBreak(code)(n). CGSuite was not run here; these rows
// were copied as data (one string per heap: "G+ G− T|F γ0…γ7").
var cgsuiteHeaps = map[string][]string{
	"kayles": {
		"0 1 T 12020202", "1 0 T 03131313", "2 2 T 20202020", "3 3 T 31313131", "1 0 T 03131313",
		"4 1 F 14646464", "3 3 T 31313131", "2 2 F 20202020", "1 1 T 13131313", "4 0 F 04646464",
		"2 2 F 20202020", "6 4 F 46464646", "4 0 F 04646464", "1 1 F 13131313", "2 2 F 20202020",
		"7 5 F 57575757", "1 1 F 13131313", "4 6 F 64646464", "3 3 F 31313131", "2 2 F 20202020",
		"1 0 F 03131313", "4 6 F 64646464", "6 4 F 46464646", "7 5 F 57575757", "4 6 F 64646464",
		"1 7 F 73131313",
	},
	"dawson": {
		"0 1 T 12020202", "1 0 T 03131313", "1 0 T 03131313", "2 2 T 20202020", "0 1 T 12020202",
		"3 3 T 31313131", "1 0 T 03131313", "1 0 T 03131313", "0 1 T 12020202", "3 1 F 14313131",
		"3 3 T 31313131", "2 0 F 05202020", "2 2 T 20202020", "4 1 F 14646464", "0 1 T 12020202",
		"5 0 F 05757575", "2 0 F 05202020", "2 2 T 20202020", "3 1 F 14313131", "3 3 T 31313131",
		"0 0 F 02020202", "1 0 F 03131313", "1 1 F 13131313", "3 1 F 14313131", "0 3 F 31313131",
		"2 0 F 05202020",
	},
	"grundy-game": {
		"0 1 T 12020202", "0 1 T 12020202", "0 1 T 12020202", "1 0 T 03131313", "0 1 T 12020202",
		"2 2 T 20202020", "1 0 T 03131313", "0 1 T 12020202", "2 2 T 20202020", "1 0 T 03131313",
		"0 1 T 12020202", "2 2 T 20202020", "1 0 T 03131313", "3 1 F 14313131", "2 2 T 20202020",
		"1 0 T 03131313", "3 1 F 14313131", "2 2 T 20202020", "4 0 F 05646464", "3 1 F 14313131",
	},
	"octal:0.007": {
		"0 1 T 12020202", "0 1 T 12020202", "0 1 T 12020202", "1 0 T 03131313", "1 0 T 03131313",
		"1 0 T 03131313", "2 2 T 20202020", "2 2 T 20202020", "0 1 T 12020202", "3 3 T 31313131",
		"3 3 T 31313131", "1 0 T 03131313", "1 0 T 03131313", "1 0 T 03131313", "0 1 T 12020202",
		"4 1 F 14646464", "3 1 F 14313131", "3 3 T 31313131", "3 3 T 31313131", "2 0 F 05202020",
		"2 2 T 20202020", "2 2 T 20202020", "4 1 F 14646464", "4 1 F 14646464", "0 1 F 12020202",
		"5 0 F 05757575",
	},
	"octal:0.6": {
		"0 1 T 12020202", "0 1 T 12020202", "1 0 T 03131313", "2 2 T 20202020", "0 1 T 12020202",
		"1 0 T 03131313", "2 2 T 20202020", "3 1 F 14313131", "1 0 T 03131313", "2 2 T 20202020",
		"3 1 F 14313131", "4 0 F 05646464", "0 2 F 20202020", "3 1 F 14313131", "4 0 F 05646464",
		"2 2 F 20202020", "1 1 F 13131313", "3 0 F 05313131", "2 2 F 20202020", "1 1 F 13131313",
		"0 0 F 02020202", "2 2 F 20202020", "1 1 F 13131313", "4 0 F 05646464", "5 4 F 47575757",
		"1 1 F 13131313",
	},
}

// TestCGSuiteHeaps: G+, G−, CGSuite's IsTame (the nim heap and
// hereditarily tame phyla) and γ0..γ7 of each heap's canonical form
// against CGSuite's, for Kayles, Dawson's chess, Grundy's game,
// Treblecross (0.007) and Officers (0.6).
func TestCGSuiteHeaps(t *testing.T) {
	for spec, rows := range cgsuiteHeaps {
		r, err := heap.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		c, heaps, err := HeapForms(context.Background(), r, len(rows)-1, 0)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := c.Genera(context.Background(), heaps)
		if err != nil {
			t.Fatal(err)
		}
		for n, id := range heaps {
			g := gs[n]
			var seq strings.Builder
			for k := range 8 {
				j := k
				for j >= len(g.Gamma) {
					j -= 2
				}
				seq.WriteString(fmt.Sprint(g.Gamma[j]))
			}
			tame := "F"
			if c.Phylum(id).IsTame() {
				tame = "T"
			}
			got := fmt.Sprintf("%d %d %s %s", c.Plus(id), c.Minus(id), tame, seq.String())
			if got != rows[n] {
				t.Errorf("%s heap %d: %s (phylum %s), CGSuite %s", spec, n, got, c.Phylum(id), rows[n])
			}
		}
	}
}
