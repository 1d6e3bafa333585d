package script

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// TestQuietUnderUlimit runs this test binary again under ulimit -v (4 GB
// of address space: the brief measured the line at 8 GB on another
// machine; here 6 GB is enough room for starlark), where
// go.starlark.net cannot reserve the 4 GB of address space of its small
// ints and logs a line about it at initialisation: internal/quietlog must
// keep that line from stderr and let other log lines through.
func TestQuietUnderUlimit(t *testing.T) {
	if os.Getenv("GRUNDY_QUIET_CHILD") == "1" {
		// Ints allocate only when the reservation failed.
		allocs := testing.AllocsPerRun(10, func() { sinkValue = starlark.MakeInt(1000) })
		log.Print("a line of our own")
		fmt.Printf("child allocs %v\n", allocs)
		return
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	cmd := exec.Command("sh", "-c", `ulimit -v 4000000 && exec "$0" -test.run='^TestQuietUnderUlimit$' -test.count=1`, os.Args[0])
	cmd.Env = append(os.Environ(), "GRUNDY_QUIET_CHILD=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if !strings.Contains(stdout.String(), "child allocs") {
		t.Skipf("the child did not run under ulimit -v 4000000 (%v): %s%s", err, stdout.String(), stderr.String())
	}
	if err != nil {
		t.Fatalf("child: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	if strings.Contains(stdout.String(), "child allocs 0\n") {
		t.Skipf("ulimit -v 4000000 left starlark its 4 GB reservation; nothing to check")
	}
	if strings.Contains(stderr.String(), "Starlark failed") {
		t.Errorf("stderr shows starlark's line:\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "a line of our own") {
		t.Errorf("other log lines are lost; stderr:\n%s", stderr.String())
	}
}

var sinkValue starlark.Value
