package stopper

import (
	"fmt"
	"testing"
)

// TestUponForms: x + upon + *k, x + uponth + *k and their negatives
// print as CGSuite prints them (x^[on]*k, x^<on>*k, xv[on]*k, xv<on>*k;
// CanonicalStopper's upon forms, with upon = {pass|*} and uponth =
// {0||0|0,pass}), and the text reads back to the same value. The sums
// are built from their definitions, not from the printed names.
func TestUponForms(t *testing.T) {
	for _, x := range []string{"0", "1", "-1/2", "3/4"} {
		for k := 0; k <= 3; k++ {
			for _, c := range []struct{ sum, name string }{
				{"{pass|*}", "^[on]"}, {"-{pass|*}", "v[on]"},
				{"{0||0|0,pass}", "^<on>"}, {"-{0||0|0,pass}", "v<on>"},
			} {
				sum := fmt.Sprintf("%s + %s + *%d", x, c.sum, k)
				want := c.name
				if x != "0" {
					want = x + want
				}
				switch {
				case k == 1:
					want += "*"
				case k > 1:
					want += fmt.Sprintf("*%d", k)
				}
				v := mustParse(t, sum)
				got, err := String(v, nil)
				if err != nil || got != want {
					t.Errorf("%s prints %q (%v), want %q", sum, got, err, want)
					continue
				}
				mustEqual(t, want+" reads back", mustParse(t, want), v)
			}
		}
	}
	// CGSuite's printing with slashes and upon forms inside: its own
	// test data (EvalTest.scala, "process game operations").
	for _, c := range []struct{ in, want string }{
		{"10*upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"},
		{"9*(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9"},
		{"upon", "^[on]"},
	} {
		got, err := String(mustParse(t, c.in), nil)
		if err != nil || got != c.want {
			t.Errorf("%s prints %q (%v), CGSuite %q", c.in, got, err, c.want)
		}
	}
}
