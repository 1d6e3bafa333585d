package c4search

// prefetch asks the processor to bring the cache line at p closer (x86
// PREFETCHT0): the table's bucket of a position is requested when its key
// is known and read after the position's children have been evaluated,
// so that the memory latency of the lookup, the search's largest cost,
// overlaps with that work. Go has no prefetch intrinsic for user code.
//
//go:noescape
func prefetch(p *uint64)
