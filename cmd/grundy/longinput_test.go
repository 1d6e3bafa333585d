package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestLongInputShortError: a bad position of 100 KB, given to every
// built-in game, is answered by an error line of a few hundred bytes at
// most, never the input quoted whole (issue 32).
func TestLongInputShortError(t *testing.T) {
	inputs := []string{strings.Repeat("x", 100_000), strings.Repeat("1|", 50_000) + "?", strings.Repeat("7 ", 50_000) + "x"}
	checked := 0
	for _, e := range catalog.Entries() {
		fields := strings.Fields(e.Example)
		if e.ReadsFiles || len(fields) < 2 || (fields[0] != "solve" && fields[0] != "value") {
			continue
		}
		for _, in := range inputs {
			var stdout, stderr bytes.Buffer
			code := runContext(context.Background(), []string{fields[0], fields[1], in, "--timeout", "5s", "--max-memory", "256MiB"}, &stdout, &stderr)
			if code == 0 {
				continue // a position after all (a long row of x's, say)
			}
			checked++
			if n := len(stderr.String()); n > 600 {
				t.Errorf("%s %s <%d bytes>: an error of %d bytes: %.200q…", fields[0], fields[1], len(in), n, stderr.String())
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d bad inputs checked", checked)
	}
}
