package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestNativeScripts runs the scenarios of games written in Go
// (testdata/native): each builds a grundy with its games by the local Go
// toolchain, as a user's run does, so the Go environment (build and
// module caches) is passed through to the scenarios.
func TestNativeScripts(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH: games written in Go cannot be built")
	}
	env := map[string]string{}
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOTOOLCHAIN").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	for i, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		env[[]string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOTOOLCHAIN"}[i]] = v
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = t.TempDir()
	}
	testscript.Run(t, testscript.Params{
		Dir:  "testdata/native",
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"exits": cmdExits},
		Setup: func(e *testscript.Env) error {
			for k, v := range env {
				e.Setenv(k, v)
			}
			e.Setenv("XDG_CACHE_HOME", cache)
			return nil
		},
	})
}
