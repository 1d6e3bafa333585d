package catalog

import "testing"

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
