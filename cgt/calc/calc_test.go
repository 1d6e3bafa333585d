package calc

import (
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// TestRouting: each expression is read by the notation of its values,
// and printed as CGSuite prints it.
func TestRouting(t *testing.T) {
	s := cgt.NewSpace()
	lim := &stopper.Limits{MaxVertices: 4096}
	for _, c := range []struct {
		in, want, kind string
	}{
		{"{2|0||-1} + ^*", "{2^*|^*||-1^*}", "short"},
		{"^ > 0", "true", "short"},
		{"^.IsInfinitesimal", "true", "short"},
		{"on + 1", "on", "loopy"},
		{"over > 0", "true", "loopy"},
		{"{pass|0} + ^", "under", "loopy"},
		{"-over", "under", "loopy"},
		{"1/2 + 1/3", "5/6", "rational"},
		{"1/3 + 2/3", "1", "short"}, // dyadic again: the game 1
		{"(1/3 + 2/3).Birthday", "1", "short"},
		{"(-17/0).Abs", "inf", "rational"},
	} {
		a, err := Evaluate(s, c.in, lim)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		kind := "short"
		if a.Loopy != nil {
			kind = "loopy"
		} else if a.Rational != nil {
			kind = "rational"
		}
		got, err := a.Text(s, lim)
		if err != nil || got != c.want || kind != c.kind {
			t.Errorf("%s = %s (%s, %v), want %s (%s)", c.in, got, kind, err, c.want, c.kind)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"{0|1/3}", "column 4: \"1/3\" is not a dyadic rational"},
		{"1/3 + {1|}", "game at column 7"},
		{"0/0", "division by zero"},
		{"on + ", "column 6"},
	} {
		_, err := Evaluate(s, c.in, lim)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.in, err, c.msg)
		}
	}
}
