package catalog

import (
	"context"
	"strings"
	"testing"
)

// TestScriptInstance: one instance answers many positions, reloads when
// the parameters change, and recovers from a failed position by
// reloading.
func TestScriptInstance(t *testing.T) {
	src := []byte(`
TAKE = [int(x) for x in params.get("take", "1,3,4").split(",")]
def moves(n):
    if n == 13:
        fail("thirteen")
    return [n - t for t in TAKE if t <= n]
`)
	inst := OpenScript("sub.star", src)
	ctx := context.Background()
	solve := func(pos string, params map[string]string) (*Report, error) {
		return inst.Solve(ctx, []string{pos}, Options{Params: params})
	}
	for _, c := range []struct {
		pos    string
		params map[string]string
		want   int64
	}{
		{"7", nil, 0}, {"10", nil, 1}, {"5", nil, 3},
		{"9", map[string]string{"take": "1,2"}, 0}, {"10", map[string]string{"take": "1,2"}, 1},
		{"5", nil, 3},
	} {
		r, err := solve(c.pos, c.params)
		if err != nil {
			t.Fatal(err)
		}
		if r.Grundy.Int64() != c.want {
			t.Errorf("%s %v: grundy %v, want %d", c.pos, c.params, r.Grundy, c.want)
		}
	}
	if _, err := solve("14", nil); err == nil || !strings.Contains(err.Error(), "sub.star:5:13: moves(13): fail: thirteen") {
		t.Fatalf("error %v", err)
	}
	if r, err := solve("12", nil); err != nil || r.Grundy.Int64() != 3 {
		t.Fatalf("after an error: %v, %v", r, err)
	}
	if _, err := Lookup("no/such/file.star"); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Fatalf("missing script: %v", err)
	}
	if _, err := inst.Solve(ctx, nil, Options{Method: ClosedForm}); err == nil {
		t.Fatal("a script has no closed form")
	}
}

func TestParseParams(t *testing.T) {
	got, err := ParseParams([]string{"n=162", " k =a=b", "empty="})
	if err != nil || len(got) != 3 || got["n"] != "162" || got["k"] != "a=b" || got["empty"] != "" {
		t.Fatalf("ParseParams = %v, %v", got, err)
	}
	if got, err := ParseParams(nil); got != nil || err != nil {
		t.Fatalf("no params: %v, %v", got, err)
	}
	for in, want := range map[string]string{
		"n":    `bad --param "n": expected NAME=VALUE`,
		"=3":   `bad --param "=3": expected NAME=VALUE`,
		"n=1,": "",
	} {
		_, err := ParseParams([]string{in})
		if want == "" && err != nil || want != "" && (err == nil || err.Error() != want) {
			t.Errorf("ParseParams(%q): %v, want %q", in, err, want)
		}
	}
	if _, err := ParseParams([]string{"n=1", "n=2"}); err == nil || err.Error() != "--param n is given twice" {
		t.Errorf("twice: %v", err)
	}
}
