//go:build !amd64

package c4search

// prefetch does nothing where no assembly is written for it.
func prefetch(p *uint64) {}
