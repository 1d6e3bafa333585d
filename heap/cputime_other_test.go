//go:build !unix

package heap

import "time"

// cpuTime is not measured here: BenchmarkResume then reports no CPU.
func cpuTime() time.Duration { return 0 }
