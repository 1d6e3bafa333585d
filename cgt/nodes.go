package cgt

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
