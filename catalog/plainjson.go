package catalog

import "bytes"

// PlainJSON undoes encoding/json's escaping of <, > and & (\u003c,
// \u003e, \u0026), which keeps JSON safe inside HTML but turns CGSuite's
// ^<2> into ^\u003c2\u003e and 1 & 0 into 1 \u0026 0 for a reader of the
// command line's output or of the explorer's answers: both write their
// JSON through it, so the two encode every value alike (the explorer
// serves it as application/json, never inside HTML). The escaping
// cannot be turned off where it happens: the reports' own MarshalJSON methods call json.Marshal, and an
// Encoder's SetEscapeHTML(false) reaches only the outermost value. Only
// those three escapes are undone, and only where the backslash is an
// escape (an even run of backslashes before it): the result is the same
// JSON value.
func PlainJSON(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b // nothing escaped: the common answer is written as it is, uncopied
	}
	out := b[:0:0]
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			out = append(out, b[i])
			continue
		}
		if i+5 < len(b) && b[i+1] == 'u' && b[i+2] == '0' && b[i+3] == '0' {
			switch string(b[i+4 : i+6]) {
			case "3c":
				out, i = append(out, '<'), i+5
				continue
			case "3e":
				out, i = append(out, '>'), i+5
				continue
			case "26":
				out, i = append(out, '&'), i+5
				continue
			}
		}
		// Another escape (\\, \", \n, \u…): kept whole, so that the
		// character after an escaped backslash is never read as one.
		out = append(out, b[i])
		if i+1 < len(b) {
			i++
			out = append(out, b[i])
		}
	}
	return out
}
