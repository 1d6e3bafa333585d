package notation

import (
	"errors"
	"strings"
	"testing"
)

func TestMatchBraces(t *testing.T) {
	for _, c := range []struct {
		src   string
		close int
		runs  []BarRun
	}{
		{"{1|0}", 4, []BarRun{{2, 1}}},
		{"{2|0||-1}", 8, []BarRun{{2, 1}, {4, 2}}},
		{"{{2|0}|-1}", 9, []BarRun{{6, 1}}},
		{"{Tiny(1)|(2)}+*", 12, []BarRun{{8, 1}}},
		{"{1|}", 3, []BarRun{{2, 1}}},
	} {
		close, runs, err := MatchBraces(c.src, 0, len(c.src))
		if err != nil || close != c.close || len(runs) != len(c.runs) {
			t.Errorf("MatchBraces(%q) = %d, %v, %v; want %d, %v", c.src, close, runs, err, c.close, c.runs)
			continue
		}
		for i := range runs {
			if runs[i] != c.runs[i] {
				t.Errorf("MatchBraces(%q) runs %v, want %v", c.src, runs, c.runs)
			}
		}
	}
	for _, c := range []struct {
		src string
		pos int
		msg string
	}{
		{"{1|0", 0, "no matching '}'"},
		{"{1|0)}", 4, "unbalanced ')'"},
		{"  {{1|0}", 2, "no matching"},
	} {
		_, _, err := MatchBraces(c.src, strings.IndexByte(c.src, '{'), len(c.src))
		var e *Error
		if !errors.As(err, &e) || e.Pos != c.pos || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("MatchBraces(%q) = %v, want an error at offset %d containing %q", c.src, err, c.pos, c.msg)
		}
	}
}

func TestSplitBars(t *testing.T) {
	if i, err := SplitBars(1, []BarRun{{2, 1}, {4, 2}, {8, 1}}); i != 1 || err != nil {
		t.Errorf("SplitBars: %d, %v; want 1", i, err)
	}
	_, err := SplitBars(1, []BarRun{{2, 2}, {6, 2}})
	var e *Error
	if !errors.As(err, &e) || e.Pos != 6 || e.Error() != "column 7: ambiguous bars: two runs of 2 '|' at the same level" {
		t.Errorf("two runs of the same length: %v", err)
	}
	if _, err := SplitBars(5, nil); err == nil || err.Error() != "column 5: braces without '|': write {L|R}" {
		t.Errorf("no bars: %v", err)
	}
}

func TestJoinSides(t *testing.T) {
	for _, c := range []struct {
		l      string
		ll     int
		r      string
		rl     int
		want   string
		wantLv int
	}{
		{"1", 0, "0", 0, "1|0", 1},
		{"2|0", 1, "-1", 0, "2|0||-1", 2},
		{"a|||b", 3, "c", 0, "{a|||b||||c}", 0}, // MaxSlashes bars: braces
		{"a||b", 2, "c|d", 1, "a||b|||c|d", 3},
	} {
		got, lv := JoinSides(c.l, c.ll, c.r, c.rl)
		if got != c.want || lv != c.wantLv {
			t.Errorf("JoinSides(%q,%d,%q,%d) = %q,%d; want %q,%d", c.l, c.ll, c.r, c.rl, got, lv, c.want, c.wantLv)
		}
	}
}

func TestNumberEnd(t *testing.T) {
	for src, want := range map[string]int{"12+": 2, "-3/4*": 4, "1.25": 4, "1/": 1, "-": 1, "7.x": 1, "x": 0} {
		if got := NumberEnd(src, 0, len(src)); got != want {
			t.Errorf("NumberEnd(%q) = %d, want %d", src, got, want)
		}
	}
}

func TestLoopyNames(t *testing.T) {
	for _, n := range []string{"on", "OFF", "Upon", "pass", "dud", "over", "under"} {
		if !IsLoopyName(n) {
			t.Errorf("%s is a loopy name", n)
		}
	}
	for _, n := range []string{"Tiny", "one", "onn", ""} {
		if IsLoopyName(n) {
			t.Errorf("%q is not a loopy name", n)
		}
	}
}
