package stopper

import (
	"errors"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

// BenchmarkDescribe values and describes (as 'grundy cgt --all') each of
// CGSuite's stopper and sided-value examples.
func BenchmarkDescribe(b *testing.B) {
	for _, c := range append([]string{"dud", "a{{|a}|}", "{0|{dud|},*}", "on + off", "over - over"}, func() []string {
		var s []string
		for _, c := range cgsuiteStoppers {
			s = append(s, c.in)
		}
		return s
	}()...) {
		b.Run(c, func(b *testing.B) {
			for b.Loop() {
				p, err := Parse(c, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Describe(p.Left, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A game graph past the limits stops with the budget's error.
func TestLimits(t *testing.T) {
	_, err := Parse("100 + on", &Limits{MaxVertices: 50})
	if !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("100 vertices under a limit of 50: %v", err)
	}
	_, err = Parse("{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}} + over", &Limits{Memory: budget.NewBytes(1000)})
	if !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("comparison tables under 1000 bytes: %v", err)
	}
}
