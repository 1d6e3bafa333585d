package outcome

import (
	"encoding/json"
	"testing"
)

func TestTextRoundTrip(t *testing.T) {
	for _, o := range []Outcome{N, P, D, L, R} {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var back Outcome
		if err := json.Unmarshal(b, &back); err != nil || back != o {
			t.Fatalf("%v → %s → %v, %v", o, b, back, err)
		}
	}
	if _, err := json.Marshal(Unknown); err == nil {
		t.Fatal("an unknown outcome must not encode")
	}
	var o Outcome
	if err := o.UnmarshalText([]byte("W")); err == nil || err.Error() != `outcome: "W" is not one of N, P, D, L, R` {
		t.Fatalf("bad name: %v", err)
	}
}

func TestFromValues(t *testing.T) {
	if FromGrundy(0) != P || FromGrundy(7) != N {
		t.Fatal("FromGrundy: 0 is P, anything else N")
	}
	for r, want := range []Outcome{P, N, P, N} {
		if got := FromRemoteness(r); got != want {
			t.Fatalf("FromRemoteness(%d) = %v, want %v", r, got, want)
		}
	}
}

func TestFromFirstMoves(t *testing.T) {
	for _, c := range []struct {
		left, right bool
		want        Outcome
	}{{true, true, N}, {false, false, P}, {true, false, L}, {false, true, R}} {
		if got := FromFirstMoves(c.left, c.right); got != c.want {
			t.Errorf("FromFirstMoves(%v, %v) = %v, want %v", c.left, c.right, got, c.want)
		}
	}
}
