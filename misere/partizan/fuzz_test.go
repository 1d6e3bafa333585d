package partizan

import (
	"errors"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt/notation"
)

// FuzzParse: any input is read or refused with a notation error, never a
// panic; what is read prints back to text that reads as the same game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{0|*}", "{2|0||-1}", "{{|1}|} >= 0", "^+v", "-{1|*2}", "1 || 0", "{,|}", "{|||}", "((1)", "*99999", "{0|0|0}", "{a|b}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 200 {
			return
		}
		tb := NewTable()
		tb.MaxGames = 20000
		tb.Memory = budget.NewBytes(64 << 20)
		g, rel, h, err := tb.Parse(src)
		if err != nil {
			var ne *notation.Error
			if !errors.As(err, &ne) && !budget.Over(err, budget.States) && !budget.Over(err, budget.Memory) {
				t.Fatalf("%q: error %v (%T), want a notation error", src, err, err)
			}
			return
		}
		for _, x := range []Game{g, h} {
			if rel == "" && x == h {
				continue
			}
			text, ok := tb.StringLimit(x, 10000)
			if !ok {
				continue // written out, a sum's form can be exponentially long
			}
			back, r2, _, err := tb.Parse(text)
			if err != nil || r2 != "" || back != x {
				t.Fatalf("%q: %s reads back as %v (%v)", src, text, back, err)
			}
		}
	})
}
