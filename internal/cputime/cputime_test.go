package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessGrows: busy work in user space shows in Process and in its
// user half (on a system with getrusage) within a few seconds however
// loaded the machine, and user plus system is Process. The work runs
// between the reads: a loop of reads alone is system time, and the
// kernel's tick-sampled split can then give user time none of it.
func TestProcessGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no getrusage")
	}
	before := Process()
	x := uint64(1)
	var u, s time.Duration
	for start := time.Now(); ; {
		for i := range uint64(1 << 20) {
			x = x*6364136223846793005 + i
		}
		u, s = UserSys()
		if u > 0 && u+s >= before+10*time.Millisecond {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("CPU time %v, then user %v and system %v after 10 s of busy work", before, u, s)
		}
	}
	if after := Process(); s < 0 || u+s > after {
		t.Fatalf("user %v + system %v, more than Process's %v read after", u, s, after)
	}
	sink = x
}

// sink keeps the busy work from being optimised away.
var sink uint64
