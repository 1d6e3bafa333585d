package cake

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	got, err := Parse([]string{"3x4 1x1", "2x7"}, 10)
	if want := []Cake{{3, 4}, {1, 1}, {2, 7}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Parse: %v, %v; want %v", got, err, want)
	}
	if s := got[0].String(); s != "3x4" {
		t.Errorf("String: %q, want 3x4", s)
	}
	for _, bad := range [][]string{{"3x"}, {"x4"}, {"0x4"}, {"3x11"}, {"3*4"}, {}, {" "}} {
		if _, err := Parse(bad, 10); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
}
