package main

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/cobra"
)

// grundyRun runs one command line in this process and returns its exit
// status, stdout and stderr.
func grundyRun(ctx context.Context, args ...string) (int, string, string) {
	var stdout, stderr strings.Builder
	code := runContext(ctx, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// badArgs gives, for every command, arguments that are wrong for it; a
// new command must add its own here.
var badArgs = map[string][]string{
	"grundy":                       {"no-such-command"},
	"grundy cgt":                   {"{1|"},
	"grundy check":                 {"not-a-script.txt"},
	"grundy completion":            {"no-such-shell"},
	"grundy completion bash":       {"extra"},
	"grundy completion fish":       {"extra"},
	"grundy completion powershell": {"extra"},
	"grundy completion zsh":        {"extra"},
	"grundy db":                    {"extra"},
	"grundy db build":              {"no-such-game", "--out", "x"},
	"grundy db query":              {"no-such-dir"},
	"grundy db stats":              {"no-such-dir"},
	"grundy db index":              {"no-such-dir"},
	"grundy db repack":             {"no-such-dir", "--out", "x"},
	"grundy games":                 {"extra"},
	"grundy help":                  {"no-such-command"},
	"grundy matrix":                {"no-such-file.txt"},
	"grundy new-script":            {"a", "b"},
	"grundy pattern":               {"no-such-game"},
	"grundy quotient":              {"no-such-game", "--upto", "10"},
	"grundy seq":                   {"no-such-game", "--upto", "10"},
	"grundy serve":                 {"extra"},
	"grundy solve":                 {"no-such-game"},
	"grundy table":                 {"no-such-game"},
	"grundy value":                 {"no-such-game"},
}

// TestEveryCommand walks the command tree: --help succeeds with the help
// on stdout, and a bad flag and a bad argument are each exactly one line
// on stderr with exit status 2.
func TestEveryCommand(t *testing.T) {
	var walk func(c *cobra.Command)
	var paths []string
	walk = func(c *cobra.Command) {
		paths = append(paths, c.CommandPath())
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	root := newRootCmd()
	walk(root)
	walk(root.Commands()[0].Root()) // the help command lives beside the tree
	seen := map[string]bool{}
	for _, path := range append(paths, "grundy help") {
		if seen[path] {
			continue
		}
		seen[path] = true
		args := strings.Fields(path)[1:]
		t.Run(path, func(t *testing.T) {
			code, stdout, stderr := grundyRun(context.Background(), append(args, "--help")...)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage:") {
				t.Errorf("--help: exit %d, stderr %q, stdout %.80q", code, stderr, stdout)
			}
			oneLine := func(what string, code int, stdout, stderr string) {
				t.Helper()
				if code != exitBadInput || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "grundy: ") || stdout != "" {
					t.Errorf("%s: exit %d, stdout %.80q, stderr %q: want exit 2 and one line on stderr", what, code, stdout, stderr)
				}
			}
			code, stdout, stderr = grundyRun(context.Background(), append(args, "--no-such-flag")...)
			oneLine("bad flag", code, stdout, stderr)
			bad, ok := badArgs[path]
			if !ok {
				t.Fatalf("no bad arguments for %q in badArgs", path)
			}
			code, stdout, stderr = grundyRun(context.Background(), append(args, bad...)...)
			oneLine("bad argument "+strings.Join(bad, " "), code, stdout, stderr)
		})
	}
}

// TestInterruptedExits130: a command whose work is stopped by Ctrl-C
// exits 130 with "grundy: interrupted", whatever the command and however
// its solver words the cancellation; SIGTERM exits 143. The context is
// cancelled before the work starts, so that nothing depends on timing.
func TestInterruptedExits130(t *testing.T) {
	dir := t.TempDir()
	loop := dir + "/loop.star"
	if err := os.WriteFile(loop, []byte("start = 0\ndef moves(n):\n    return [n + 1]\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", "kayles", "60", "61", "62", "--method", "search"},
		{"solve", "domineering", "8x8"},
		{"solve", loop},
		{"table", "grundy-game", "--upto", "100000"},
		{"value", "domineering", "6x6"},
		{"value", "toads-and-frogs", "TTTTTT......FFFFFF"},
		{"seq", "grundy-game", "--upto", "100000000"},
		{"pattern", "grundy-game", "--upto", "1000000"},
		{"pattern", "fibonacci-nim"},
		{"check", loop, "--explore", "100000000"},
	} {
		for _, sig := range []struct {
			s    syscall.Signal
			code int
			line string
		}{{syscall.SIGINT, 130, "grundy: interrupted\n"}, {syscall.SIGTERM, 143, "grundy: terminated\n"}} {
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(stopSignal{sig.s})
			code, _, stderr := grundyRun(ctx, args...)
			if code != sig.code || stderr != sig.line {
				t.Errorf("%s after %v: exit %d, stderr %q; want %d, %q", strings.Join(args, " "), sig.s, code, stderr, sig.code, sig.line)
			}
		}
	}
}

// TestStatsFormatNeedsSample: db stats --format projects a size, so it
// needs --sample-density; a format other than 6 or 7 is refused. One
// line each, exit 2.
func TestStatsFormatNeedsSample(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"db", "stats", "../../catalog/strong/testdata/format5-tictactoe", "--format", "7"}, "grundy: --format projects a size: it needs --sample-density N\n"},
		{[]string{"db", "stats", "../../catalog/strong/testdata/format5-tictactoe", "--sample-density", "2", "--format", "5"}, "grundy: format 5: the density is projected for format 6 or 7\n"},
	} {
		code, stdout, stderr := grundyRun(context.Background(), c.args...)
		if code != exitBadInput || stderr != c.want || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, %q", c.args, code, stdout, stderr, c.want)
		}
	}
}
