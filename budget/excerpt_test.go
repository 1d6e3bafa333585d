package budget

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("0-1,", 1000) + "x-y" + strings.Repeat(",1-2", 1000)
	at := strings.Index(long, "x")
	for _, c := range []struct {
		in     string
		offset int
		want   string
	}{
		{"0-1r", 3, `"0-1r"`},
		{"", -1, `""`},
		{strings.Repeat("a", 60), 5, `"` + strings.Repeat("a", 60) + `"`},
		{long, at, `"…1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,x-y,1-2,1-2,1-2,1-2,1-2,1-2,1-…" at offset 4000`},
		{long, 0, `"0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,…" at offset 0`},
		{long, len(long), `"…,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2,1-2" at offset 8003`},
		{long, -1, `"0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,…" (8003 bytes)`},
	} {
		if got := Excerpt(c.in, c.offset); got != c.want {
			t.Errorf("Excerpt(%.20q…, %d) = %s, want %s", c.in, c.offset, got, c.want)
		}
	}
	// Never more than ExcerptLen bytes of input, never a broken rune.
	wide := strings.Repeat("é", 500)
	for off := -1; off <= len(wide); off += 7 {
		got := Excerpt(wide, off)
		q := got[:strings.LastIndexByte(got, '"')+1]
		if !utf8.ValidString(got) || strings.Count(q, "é") > ExcerptLen/2 || strings.Contains(q, `\x`) {
			t.Fatalf("Excerpt(wide, %d) = %s", off, got)
		}
	}
}

// TestShortLine: a long line keeps its start and end, valid UTF-8, within
// MaxErrorLine and a few bytes of its note; a short one is kept whole.
func TestShortLine(t *testing.T) {
	if got := ShortLine("bad position \"3 4\""); got != "bad position \"3 4\"" {
		t.Errorf("a short line changed: %q", got)
	}
	long := "bad board \"" + strings.Repeat("é", 50_000) + "\": row 2 is short"
	got := ShortLine(long)
	if len(got) > MaxErrorLine+40 || !utf8.ValidString(got) || !strings.HasPrefix(got, "bad board \"é") || !strings.HasSuffix(got, "row 2 is short") || !strings.Contains(got, "bytes left out") {
		t.Errorf("ShortLine of %d bytes: %d bytes, %q", len(long), len(got), got)
	}
}
