package catalog

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlainJSON: the JSON the command line and the explorer write has
// <, > and & as they are (CGSuite's ^<2>, 1 & 0), and every other byte as encoding/json does,
// so that the text read back is the value written: on exact cases and on
// random strings of the characters that escaping is about (backslashes
// before a u, quotes, the escapes' own letters and digits, a line
// separator, which encoding/json escapes too).
func TestPlainJSON(t *testing.T) {
	for in, want := range map[string]string{
		"^<2>":          `"^<2>"`,
		"1 & 0":         `"1 & 0"`,
		`\u003c`:        `"\\u003c"`,
		`\<`:            `"\\<"`,
		"a\"<b\n\u2028": `"a\"<b\n\u2028"`,
	} {
		b, _ := json.Marshal(in)
		if got := string(PlainJSON(b)); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(36, 5))
	alphabet := []rune{'<', '>', '&', '\\', '"', 'u', '0', '3', 'c', 'e', '2', '6', 'x', '\n', '\u2028', 'é'}
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		in := map[string]any{"value": sb.String(), "list": []string{sb.String(), "<&>"}}
		b, _ := json.Marshal(in)
		out := PlainJSON(b)
		var back map[string]any
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q: %s is not JSON: %v", sb.String(), out, err)
		}
		if back["value"] != sb.String() {
			t.Fatalf("%q: read back as %q from %s", sb.String(), back["value"], out)
		}
		if s := string(out); strings.Contains(s, `u003c`) && !strings.Contains(sb.String(), `u003c`) {
			t.Fatalf("%q: %s still escapes <", sb.String(), out)
		}
	}
}

// FuzzPlainJSON: whatever the text, the front ends' JSON of it reads
// back as that text and holds no escaped <, > or &.
func FuzzPlainJSON(f *testing.F) {
	for _, s := range []string{"^<2>", "1 & 0", `\u003c`, `\\u0026`, "\u2028<"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := json.Marshal(s)
		if err != nil {
			t.Skip()
		}
		out := PlainJSON(b)
		var back string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q: %s is not JSON: %v", s, out, err)
		}
		var want string
		json.Unmarshal(b, &want) // invalid UTF-8 reads back replaced, as encoding/json writes it
		if back != want {
			t.Fatalf("%q: %s reads back as %q, want %q", s, out, back, want)
		}
		if strings.Contains(string(out), `\u003c`) && !strings.Contains(s, `u003c`) {
			t.Fatalf("%q: %s escapes <", s, out)
		}
	})
}
