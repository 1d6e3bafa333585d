package catalog

import (
	"slices"
	"testing"
)

// Two moves are one move when they replace equal components by the same
// components, in any order; any other difference makes two moves.
func TestMoveSet(t *testing.T) {
	var s MoveSet
	for _, c := range []struct {
		before string
		after  []string
		new    bool
	}{
		{"1", []string{"0"}, true},
		{"1", []string{"0"}, false},      // the other heap of 1 1
		{"5", []string{"1", "2"}, true},  // a split
		{"5", []string{"2", "1"}, false}, // the same split, parts the other way
		{"5", []string{"3"}, true},       // a take is not a split
		{"6", []string{"1", "2"}, true},  // another heap leaving the same parts
		{"3", nil, true},                 // a component that leaves nothing
		{"3", nil, false},
		{"3", []string{""}, true}, // a component written empty is still a component
		{"12", nil, true},         // keys do not run together
		{"1", []string{"2"}, true},
	} {
		if got := s.Add(c.before, c.after...); got != c.new {
			t.Errorf("Add(%q, %q) = %v, want %v", c.before, c.after, got, c.new)
		}
	}
}

func TestDistinctMoves(t *testing.T) {
	type move struct {
		heap int
		to   []string
	}
	heaps := []string{"3", "3", "2"}
	moves := []move{{0, []string{"1"}}, {1, []string{"1"}}, {2, []string{"0"}}, {0, []string{"1", "1"}}, {1, []string{"1", "1"}}}
	got := DistinctMoves(slices.Clone(moves), func(m move) (string, []string) { return heaps[m.heap], m.to })
	want := []move{moves[0], moves[2], moves[3]}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i].heap != want[i].heap || !slices.Equal(got[i].to, want[i].to) {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
