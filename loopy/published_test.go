package loopy

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/graphfile"
	"github.com/grundy-go/grundy/retro"
)

// TestPublished checks the graphs in testdata, each with its source and
// "# expect NODE OUTCOME VALUE" lines.
func TestPublished(t *testing.T) {
	files, err := filepath.Glob("testdata/*.graph")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := graphfile.Parse(file, f, graphfile.Limits{})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		vs, err := Solve(context.Background(), g.Succ, g.Succ.Transpose(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := retro.Solve(context.Background(), &retro.Problem{Pred: g.Succ.Transpose(), Moves: g.Succ.Degrees()}, retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(file)
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		checked := 0
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) != 5 || fields[0] != "#" || fields[1] != "expect" {
				continue
			}
			v, err := g.Node(fields[2])
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			val := vs.Value(v)
			if got := vs.Outcome(v).String(); got != fields[3] || res.Outcome[v].String() != fields[3] {
				t.Errorf("%s: node %s: outcome %s (retrograde %v), the source says %s", file, fields[2], got, res.Outcome[v], fields[3])
			}
			want := fields[4]
			if want == "∞*" {
				if val.IsFinite() {
					t.Errorf("%s: node %s: γ = %v, the source says infinite", file, fields[2], val)
				}
			} else if val.String() != want {
				t.Errorf("%s: node %s: γ = %v, the source says %s", file, fields[2], val, want)
			}
			checked++
		}
		if checked == 0 {
			t.Errorf("%s: no expectations", file)
		}
	}
}
