package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// Every impartial built-in answers its example under --misere with a
// misère report (no Grundy value), except the games whose misère play is
// meaningless, which get one line on stderr and exit status 2 — never a
// normal-play answer.
func TestMisereEveryImpartialGame(t *testing.T) {
	refused := map[string]bool{"paper": true, "treblecross": true, "misere-nim": true, "misere-bash": true, "acrostic": true, "direct": true}
	for _, e := range catalog.Entries() {
		if e.Kind != "impartial" {
			continue
		}
		args := strings.Fields(e.Example)
		if len(args) < 2 || args[0] != "solve" {
			t.Errorf("%s: example %q is not a solve", e.Name, e.Example)
			continue
		}
		args = append(args, "--misere", "--json")
		code, stdout, stderr := grundyRun(context.Background(), args...)
		if refused[e.Name] {
			if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "--misere") || stdout != "" {
				t.Errorf("grundy %s: exit %d, stdout %q, stderr %q; want one line on stderr, exit 2", strings.Join(args, " "), code, stdout, stderr)
			}
			continue
		}
		var r struct {
			Outcome string `json:"outcome"`
			Grundy  *int   `json:"grundy"`
			Misere  bool   `json:"misere"`
		}
		if code != 0 || json.Unmarshal([]byte(stdout), &r) != nil || !r.Misere || r.Grundy != nil || (r.Outcome != "N" && r.Outcome != "P") {
			t.Errorf("grundy %s: exit %d, stdout %q, stderr %q; want a misère report", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}
