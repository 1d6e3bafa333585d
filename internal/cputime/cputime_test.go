package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessGrows: busy work shows in Process (on a system with
// getrusage) within a few seconds however loaded the machine, and user
// plus system is Process.
func TestProcessGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no getrusage")
	}
	before := Process()
	x := 0
	for start := time.Now(); Process() < before+10*time.Millisecond; x++ {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("CPU time %v, then %v after 10 s of busy work", before, Process())
		}
	}
	u, s := UserSys()
	if after := Process(); u <= 0 || s < 0 || u+s > after {
		t.Fatalf("user %v + system %v, more than Process's %v read after", u, s, after)
	}
}
