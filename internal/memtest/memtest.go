// Package memtest measures what a piece of code allocates, for the tests
// that hold a search or a file reader to a memory bound: bytes allocated
// (runtime.MemStats.TotalAlloc) count every allocation, freed or not, so
// the bound holds whatever the collector does meanwhile.
package memtest

import "runtime"

// Allocated returns the bytes f allocates.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
