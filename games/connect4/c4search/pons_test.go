package c4search

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPonsAnalysis checks Analyze, every move's score, against files of
// lines "moves score s1 … sW" (x for a full column): Pons' sets with
// each column's score, as some mirrors of them carry. It reads
// GRUNDY_C4_SETS/Test_L3_R1.analysis and Test_L2_R1.analysis (the quick
// sets), at most GRUNDY_C4_SET_LIMIT lines of each (200 by default), and
// skips when they are absent.
func TestPonsAnalysis(t *testing.T) {
	dir := os.Getenv("GRUNDY_C4_SETS")
	if dir == "" {
		t.Skip("GRUNDY_C4_SETS is not set")
	}
	limit := 200
	if v := os.Getenv("GRUNDY_C4_SET_LIMIT"); v != "" {
		limit, _ = strconv.Atoi(v)
	}
	s := shape7x6(t)
	sv, err := New(s, Options{TTSize: 64 << 20, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Test_L3_R1.analysis", "Test_L2_R1.analysis"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Skip(err)
		}
		sc := bufio.NewScanner(f)
		for n := 0; n < limit && sc.Scan(); n++ {
			fs := strings.Fields(sc.Text())
			if len(fs) != 2+s.W {
				t.Fatalf("%s: bad line %q", name, sc.Text())
			}
			b, err := s.FromMoves(fs[0])
			if err != nil {
				t.Fatal(err)
			}
			res, err := sv.Analyze(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := strconv.Atoi(fs[1]); res.Score != want {
				t.Fatalf("%s %s: score %d, the set says %d", name, fs[0], res.Score, want)
			}
			got := make([]string, s.W)
			for i := range got {
				got[i] = "x"
			}
			for _, m := range res.Moves {
				got[m.Column] = strconv.Itoa(m.Score)
			}
			if strings.Join(got, " ") != strings.Join(fs[2:], " ") {
				t.Fatalf("%s %s: moves %v, the set says %v", name, fs[0], got, fs[2:])
			}
		}
		f.Close()
	}
}
