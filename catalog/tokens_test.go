package catalog

import (
	"errors"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

// A bad field of a position is a budget.BadInput that points at it: its
// offset in the position as typed (the tokens joined by spaces), and the
// same words as before.
func TestBadFieldOffsets(t *testing.T) {
	for _, c := range []struct {
		tokens []string
		offset int
		msg    string
	}{
		{[]string{"3", "x", "5"}, 2, `bad heap size "x": expected a non-negative integer`},
		{[]string{"3,4", "5,-1"}, 6, `bad heap size "-1": must not be negative`},
		{[]string{"12  7,,y"}, 7, `bad heap size "y": expected a non-negative integer`},
	} {
		_, err := ParseNaturals(c.tokens, "heap size", 1, 10)
		var bad *budget.BadInput
		if !errors.As(err, &bad) {
			t.Fatalf("%q: error %v is not a BadInput", c.tokens, err)
		}
		if bad.Offset != c.offset || err.Error() != c.msg {
			t.Errorf("%q: offset %d, %q; want %d, %q", c.tokens, bad.Offset, err.Error(), c.offset, c.msg)
		}
	}
	_, err := ParseInts([]string{"1 2 900"}, "heap size", 1, 10, 100)
	var bad *budget.BadInput
	if !errors.As(err, &bad) || bad.Offset != 4 || bad.Input != "1 2 900" {
		t.Errorf("ParseInts past its limit: %#v", err)
	}
}
