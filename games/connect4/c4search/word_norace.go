//go:build !race

package c4search

// loadWord and storeWord read and write one table word. The table's words
// are shared by the threads without locks: an aligned 64-bit load or
// store is one instruction, which the Go memory model guarantees never
// tears (a racy read of a word observes some write of the whole word),
// and a stale or lost entry only costs search, since every entry is a
// proof that stays true. They are plain accesses rather than
// sync/atomic's because an atomic store on amd64 is XCHG, a locked
// instruction that drains the store buffer and orders every later load
// behind it, at every node that stores an entry. Race-detector builds use
// sync/atomic (word_race.go), so that -race reports only real races.
func loadWord(p *uint64) uint64 { return *p }

func storeWord(p *uint64, v uint64) { *p = v }
