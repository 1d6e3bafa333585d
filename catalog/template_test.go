package catalog

import "testing"

func TestTemplate(t *testing.T) {
	for _, c := range []struct {
		text string
		n, m int
		want string
		grid bool
	}{
		{"{n}", 7, 0, "7", false},
		{"({n},)", 0, 0, "(0,)", false},
		{"({n}, {m})", 3, 4, "(3, 4)", true},
		{`"{n:H}"`, 3, 0, `"HHH"`, false},
		{`"{n:H}"`, 0, 0, `""`, false},
		{`({n:"{m:.}",})`, 2, 3, `("...","...",)`, true},
		{`"{n:{m:.}:/}"`, 2, 3, `".../..."`, true},
		{`"{n:{m:.}:/}"`, 1, 2, `".."`, true},
		{`({n:1:, })`, 3, 0, `(1, 1, 1)`, false},
		{`"{{{n}}}"`, 5, 0, `"{5}"`, false},
	} {
		tm, err := ParseTemplate(c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		got, err := tm.Expand(c.n, c.m)
		if err != nil || got != c.want || tm.UsesM != c.grid {
			t.Errorf("%s (%d, %d) = %q, %v, grid %v; want %q, grid %v", c.text, c.n, c.m, got, err, tm.UsesM, c.want, c.grid)
		}
	}
	for text, want := range map[string]string{
		"(1, 2)": `bad position template "(1, 2)": it has no {n} (nor {n:…}); the table's n goes there`,
		"{m}":    `bad position template "{m}": it has no {n} (nor {n:…}); the table's n goes there`,
		"({k},)": `bad position template "({k},)": the { at column 2 starts no {n}, {m}, {n:…} or {m:…} (write {{ for a brace)`,
		"{n:ab":  `bad position template "{n:ab": the {n: at column 1 is never closed`,
		"{n}}":   `bad position template "{n}}": a } at column 4 closes no {n:…} or {m:…} (write }} for a brace)`,
		"{n":     `bad position template "{n": the { at column 1 starts no {n}, {m}, {n:…} or {m:…} (write {{ for a brace)`,
	} {
		if _, err := ParseTemplate(text); err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", text, err, want)
		}
	}
	// The text a cell expands to is bounded before it is built whole.
	tm, _ := ParseTemplate(`"{n:{n:{n:x}}}"`)
	if _, err := tm.Expand(200, 0); err == nil {
		t.Error("8,000,000 bytes of template text: no error")
	}
}
