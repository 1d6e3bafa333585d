package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeScript reads axe-core's axe.min.js, which scripts/install-axe-core.sh
// fetches (a pinned version, its sha256 checked) into a cache directory
// outside the repository; CI runs the script before the tests, and the
// test runs it itself when the file is missing. GRUNDY_AXE names the file
// directly. The browser tests skip without chromium; this one runs wherever
// they run, and a missing axe-core is then a failure, not a skip.
func axeScript(t *testing.T) string {
	t.Helper()
	path := os.Getenv("GRUNDY_AXE")
	if path == "" {
		out, err := exec.Command("bash", filepath.Join("..", "scripts", "install-axe-core.sh")).Output()
		if err != nil {
			msg := err.Error()
			if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
				msg = strings.TrimSpace(string(ee.Stderr))
			}
			t.Fatalf("axe-core for the accessibility test: scripts/install-axe-core.sh: %s", msg)
		}
		path = strings.TrimSpace(string(out))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("axe-core for the accessibility test: %v", err)
	}
	return string(b)
}

// axeViolation is the part of an axe-core result the test reports.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// TestBrowserAxe runs axe-core (Deque's accessibility rules: WCAG 2.0 and
// 2.1, levels A and AA, and its best practices) on the landing gallery and
// on game pages: a heap game with its value sequence (Kayles), a grid
// (Domineering 3x3), a partizan position with its thermograph (Domineering
// 2x3), Wythoff's grid and a game with chance (Pig). No violation of
// impact serious or critical may remain; moderate and minor ones are
// logged.
func TestBrowserAxe(t *testing.T) {
	ctx := browse(t)
	axe := axeScript(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	pages := []struct{ url, ready string }{
		{"/", `#gallery button`},
		{"/?game=kayles&position=8+5", `#picture svg.seq`},
		{"/?game=domineering&position=3x3", `#moves button.move`},
		{"/?game=domineering&position=2x3", `#picture svg.thermo`},
		{"/?game=wythoff&position=4+5", `#picture svg.vgrid`},
		{"/?game=hackenbush&position=lr+l", `#moves button.move`},
		{"/?game=pig:20&position=7+3+2", `#moves button.move`},
	}
	for _, p := range pages {
		do(t, ctx, "opening "+p.url,
			chromedp.Navigate(ts.URL+p.url),
			chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.WaitVisible(p.ready),
		)
		run(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
		raw := run(t, ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
		var vs []axeViolation
		if err := json.Unmarshal([]byte(raw), &vs); err != nil {
			t.Fatalf("%s: axe-core's answer: %v", p.url, err)
		}
		for _, v := range vs {
			var where []string
			for i, n := range v.Nodes {
				if i == 3 {
					where = append(where, fmt.Sprintf("and %d more", len(v.Nodes)-3))
					break
				}
				where = append(where, fmt.Sprint(n.Target)+" "+n.HTML)
			}
			msg := fmt.Sprintf("%s: %s (%s): %s\n    %s", p.url, v.ID, v.Impact, v.Help, strings.Join(where, "\n    "))
			if v.Impact == "serious" || v.Impact == "critical" {
				t.Error(msg)
			} else {
				t.Log(msg)
			}
		}
	}
}
