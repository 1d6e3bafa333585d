package graph

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// dagWins decides a sum of tokens on a DAG by the definition alone: the
// player to move wins when some move of one token leaves a lost sum. The
// memo is keyed by the tokens sorted (their order does not matter).
func dagWins(succ [][]int, tokens []int, memo map[string]bool) bool {
	key := fmt.Sprint(slices.Sorted(slices.Values(tokens)))
	if w, ok := memo[key]; ok {
		return w
	}
	win := false
	for i, v := range tokens {
		for _, u := range succ[v] {
			next := slices.Clone(tokens)
			next[i] = u
			if !dagWins(succ, next, memo) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	memo[key] = win
	return win
}

// Random files in HDU 1524's format, several test cases each, answered
// by graph:FILE and by the definition.
func TestHDU1524AgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 24))
	dir := t.TempDir()
	for trial := range 20 {
		var in strings.Builder
		var want []string
		for range 1 + rng.IntN(3) {
			n := 1 + rng.IntN(9)
			succ := make([][]int, n)
			fmt.Fprintln(&in, n)
			for v := range n {
				// Edges go to larger positions only, so the graph is acyclic,
				// numbered so that no topological order is given away.
				for u := v + 1; u < n; u++ {
					if rng.IntN(3) == 0 {
						succ[v] = append(succ[v], u)
					}
				}
				fmt.Fprintln(&in, strings.TrimSpace(fmt.Sprint(len(succ[v]), " ", strings.Trim(fmt.Sprint(succ[v]), "[]"))))
			}
			memo := map[string]bool{}
			for range 1 + rng.IntN(4) {
				tokens := make([]int, 1+rng.IntN(4))
				for i := range tokens {
					tokens[i] = rng.IntN(n)
				}
				fmt.Fprintln(&in, len(tokens), strings.Trim(fmt.Sprint(tokens), "[]"))
				if dagWins(succ, tokens, memo) {
					want = append(want, "WIN")
				} else {
					want = append(want, "LOSE")
				}
			}
			fmt.Fprintln(&in, 0)
		}
		path := filepath.Join(dir, fmt.Sprintf("case%d.txt", trial))
		if err := os.WriteFile(path, []byte(in.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		inst, err := catalog.Lookup("graph:" + path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := inst.Solve(context.Background(), nil, catalog.Options{})
		if err != nil {
			t.Fatalf("%s: %v", in.String(), err)
		}
		if got, _ := r.Extra["answers"].([]string); !slices.Equal(got, want) {
			t.Fatalf("%s: answers %v, want %v", in.String(), got, want)
		}
		if (r.Outcome == "N") != (want[0] == "WIN") {
			t.Fatalf("%s: the report's outcome %s, the first answer %s", in.String(), r.Outcome, want[0])
		}
	}
}
