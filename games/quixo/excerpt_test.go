package quixo

import (
	"strings"
	"testing"
)

// A bad position of 200 KB is quoted by an excerpt, not whole: the error
// stays one short line that still says where the fault is.
func TestLongBadPositionExcerpt(t *testing.T) {
	g, err := New(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{strings.Repeat("X", 200_000), strings.Repeat(".", 9) + ":" + strings.Repeat(" ", 200_000), strings.Repeat("X.", 4) + strings.Repeat(" ", 200_000)} {
		_, err := g.Parse(in)
		if err == nil || len(err.Error()) > 200 || strings.Contains(err.Error(), "\n") {
			t.Errorf("error %d bytes: %.300v", len(err.Error()), err)
		}
	}
}
