//go:build race

package c4search

import "sync/atomic"

// loadWord and storeWord are word_norace.go's, atomic for the race
// detector.
func loadWord(p *uint64) uint64 { return atomic.LoadUint64(p) }

func storeWord(p *uint64, v uint64) { atomic.StoreUint64(p, v) }
