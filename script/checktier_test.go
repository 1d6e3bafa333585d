package script

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestCheckTiers: grundy check asks tier(pos) of every move it explores
// and names the first move that goes to an earlier tier; ring.star,
// whose gaps never decrease, passes.
func TestCheckTiers(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ src, want string }{
		{"start = 5\ndef moves(pos):\n    return [pos - 1] if pos > 0 else []\ndef tier(pos):\n    return pos\n",
			"down.star: tier(pos) goes down: the move from 5 (tier 5) to 4 (tier 4)"},
		// Down only deep in the game: from 2 to 1, after 3 and 2.
		{"start = 5\ndef moves(pos):\n    return [pos - 1] if pos > 0 else []\ndef tier(pos):\n    return 9 - pos if pos > 1 else 0\n",
			"down.star: tier(pos) goes down: the move from 2 (tier 7) to 1 (tier 0)"},
	} {
		g, err := Load(ctx, "down.star", []byte(c.src), Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Check(ctx, 100)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v; want %q", err, c.want)
		}
	}
	src, err := os.ReadFile("../examples/ring.star")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Load(ctx, "ring.star", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := g.Check(ctx, 100000); err != nil || !r.Complete {
		t.Fatalf("ring.star: %+v, %v", r, err)
	}
}
