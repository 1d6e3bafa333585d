package cgt

import "unsafe"

// nodeStore holds a Space's games in chunks of nodeChunk nodes that never
// move. A single slice grown by append copied every node into an array
// a quarter larger while the old one was still alive, so the process
// briefly held 2.25 times the nodes it charged to its memory budget:
// `grundy cgt '^[4096]+^<4096>' --max-memory 1GiB` peaked at 1.44 GB
// resident. Chunks are charged as they are allocated (footprint), and a
// *node stays valid when games are added.
type nodeStore struct {
	chunks [][]node
	n      int
}

const (
	nodeChunkBits = 14
	nodeChunk     = 1 << nodeChunkBits // 2.9 MiB of nodes a chunk
)

// at returns the node of g.
func (ns *nodeStore) at(g Game) *node {
	return &ns.chunks[uint32(g)>>nodeChunkBits][uint32(g)&(nodeChunk-1)]
}

// add stores n and returns its handle.
func (ns *nodeStore) add(n node) Game {
	if ns.n&(nodeChunk-1) == 0 {
		ns.chunks = append(ns.chunks, make([]node, 0, nodeChunk))
	}
	c := &ns.chunks[len(ns.chunks)-1]
	*c = append(*c, n)
	ns.n++
	return Game(ns.n - 1)
}

// len is the number of games stored.
func (ns *nodeStore) len() int { return ns.n }

// capacity is the number of nodes the chunks allocated can hold.
func (ns *nodeStore) capacity() int { return len(ns.chunks) * nodeChunk }

// gameArena holds the option lists of a Space's games in chunks of
// gameChunk handles, and byteArena the keys of its index of option
// lists. Each list and key allocated on its own was rounded up to a size
// class and shared its spans with the computation's garbage (the option
// lists being built, of the same sizes), which collections left partly
// empty: valuing 4×4 Amazons under a 128 MiB budget, 194 MB of heap held
// 149 MB of live data, and the process reached 219 MB.
type gameArena struct{ chunk []Game }

const gameChunk = 16 << 10 // 64 KiB a chunk

// copy returns a copy of xs in the arena, with no room to append (so an
// append by its user cannot write over the next list).
func (a *gameArena) copy(xs []Game) []Game {
	if len(xs) == 0 {
		return nil
	}
	if len(xs) > cap(a.chunk)-len(a.chunk) {
		a.chunk = make([]Game, 0, max(gameChunk, len(xs)))
	}
	off := len(a.chunk)
	a.chunk = append(a.chunk, xs...)
	return a.chunk[off:len(a.chunk):len(a.chunk)]
}

type byteArena struct{ chunk []byte }

const byteChunk = 64 << 10

// intern returns b as a string in the arena; its bytes are never written
// again (the chunk only grows past them), so the string is immutable.
func (a *byteArena) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > cap(a.chunk)-len(a.chunk) {
		a.chunk = make([]byte, 0, max(byteChunk, len(b)))
	}
	off := len(a.chunk)
	a.chunk = append(a.chunk, b...)
	return unsafe.String(&a.chunk[off], len(b))
}
