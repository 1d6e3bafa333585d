package catalog_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/catalog/builtin"
)

// FuzzParseSpec feeds arbitrary game specs and positions to Lookup and
// Solve: whatever the input, the answer is a report or an error, never a
// panic or a hang (the search is capped at a few thousand positions).
func FuzzParseSpec(f *testing.F) {
	seeds := []struct{ spec, pos string }{
		{"nim", "3 4 5"}, {"subtract:1,3,4", "10 11"}, {"bash:3", "10"},
		{"misere-nim", "1 1 2"}, {"misere-bash:2", "7"}, {"fib", "20"},
		{"moore:2", "1 2 3"}, {"wythoff", "3 5"}, {"staircase", "1 3 7"},
		{"lasker", "4 5"}, {"circle:2", "7"}, {"fibonacci-nim", "10"},
		{"multiply:162", "1"}, {"paper", "2x3 4x4"}, {"kayles", "5 7"},
		{"octal:0.07", "9"}, {"subtract:", "1"}, {"subtract:1,,3", "4"},
		{":", ""}, {"nim:", "1"}, {"bash:-1", "3"}, {"subtract:1,3,4", "-1"},
		{"nim", "1e9"}, {"nim", "٣"}, {"nim", ""}, {"subtract:99999999999999999999", "5"},
		{"wythoff", "1 2 3"}, {"bash:3", "3,4,,5"},
	}
	for _, s := range seeds {
		f.Add(s.spec, s.pos)
	}
	f.Fuzz(func(t *testing.T, spec, pos string) {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("Lookup(%q): a multi-line error %q", spec, err)
			}
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		r, err := inst.Solve(ctx, []string{pos}, catalog.Options{MaxStates: 5000})
		if err != nil {
			return
		}
		if r.Outcome == "" {
			t.Fatalf("%s %q: a report without an outcome", spec, pos)
		}
	})
}

func TestFieldsAndNaturals(t *testing.T) {
	if got := strings.Join(catalog.Fields([]string{"3 4", "5,6", " 7 "}), "|"); got != "3|4|5|6|7" {
		t.Fatalf("Fields = %q", got)
	}
	for _, c := range []struct{ tok, err string }{
		{"-3", `bad heap size "-3": must not be negative`},
		{"3.5", `bad heap size "3.5": expected a non-negative integer`},
		{"0x10", `bad heap size "0x10": expected a non-negative integer`},
		{strings.Repeat("9", 10001), "more than 10000 digits"},
	} {
		_, err := catalog.ParseNatural(c.tok, "heap size")
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("ParseNatural(%.20q) = %v, want an error containing %q", c.tok, err, c.err)
		}
	}
	if _, err := catalog.ParseNaturals([]string{"1 2 3"}, "heap size", 1, 2); err == nil || err.Error() != "too many heap size values: 3, at most 2" {
		t.Errorf("too many heaps: %v", err)
	}
}

func TestUnknownGameSuggestions(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"nmi", `did you mean "nim"`},
		{"subtrac:1,2", `did you mean "subtract"`},
		{"zzzzzzzz", `unknown game "zzzzzzzz"; run 'grundy games' for the list`},
	} {
		_, err := catalog.Lookup(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Lookup(%q) = %v, want %q", c.spec, err, c.want)
		}
	}
}
