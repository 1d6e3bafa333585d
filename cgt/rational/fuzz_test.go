package rational

import (
	"errors"
	"testing"

	"github.com/grundy-go/grundy/cgt/notation"
)

// FuzzEvaluate: no input panics or hangs; an error is a *notation.Error
// whose offset lies in the input; a number printed reads back to itself.
func FuzzEvaluate(f *testing.F) {
	for _, s := range []string{"1/3", "(6/23).Floor", "17/0", "(inf).Max(-inf)", "1/2 + 1/3 * (2/7)^(-2)", "(17/6) % (1/3)", "{0|1/3}", "1/3 < 2/5", "((1/3)", "2 ^ 99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r, err := Evaluate(src)
		if err != nil {
			var ne *notation.Error
			if !errors.As(err, &ne) || ne.Pos < 0 || ne.Pos > len(src) {
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		if r.Value.Kind == KindRational {
			back, err := Evaluate(r.Value.Text)
			if err != nil || back.Value.Text != r.Value.Text {
				t.Fatalf("%q = %s reads back as %v (%v)", src, r.Value.Text, back, err)
			}
		}
	})
}
