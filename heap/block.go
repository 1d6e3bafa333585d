package heap

import "encoding/binary"

// sweepBlock marks, for each heap n = start+i (0 ≤ i < count) in row i of
// rows (width bytes a row), the nim-sums of the splits (h, n−k−h) for every
// heap h in heaps (ascending) and every k in split2, less the equal splits
// when unequal. Every partner n−k−h must be a known value: the caller
// sweeps only heaps far enough below the block.
//
// For byte values and 16-bit values below 512, eight consecutive heaps are
// done at once: their partners of one h are eight consecutive values of g,
// read as one or two words and combined with g[h] by one xor each. The
// loads, not the stores into the rows, were the cost of the heap-by-heap
// loop.
func sweepBlock[T unsigned](rows []byte, width int, g []T, start, count int, split2 []int, unequal bool, heaps []uint32) {
	if len(heaps) == 0 {
		return
	}
	i0 := 0
	// Rows as arrays indexed by a byte (or 9 bits) need no bounds checks.
	switch g := any(g).(type) {
	case []uint8:
		if width == 256 {
			i0 = count &^ 7
			sweepGroups(rows, 256, g, start, i0, split2, unequal, heaps, func(group []byte, m int, safe []uint32) {
				run8((*[8 * 256]byte)(group), g, m, safe)
			})
		}
	case []uint16:
		if width == 512 {
			i0 = count &^ 7
			sweepGroups(rows, 512, g, start, i0, split2, unequal, heaps, func(group []byte, m int, safe []uint32) {
				run16((*[8 * 512]byte)(group), g, m, safe)
			})
		}
	}
	for i := i0; i < count; i++ {
		sweepRare(rows[i*width:(i+1)*width], g, start+i, split2, unequal, heaps)
	}
}

// sweepGroups is the block sweep of count rows (a multiple of 8) in
// groups of eight heaps: run marks the safe heaps of a group eight splits
// at a time, the others go split by split.
func sweepGroups[T unsigned](rows []byte, width int, g []T, start, count int, split2 []int, unequal bool, heaps []uint32, run func(group []byte, m int, safe []uint32)) {
	for i := 0; i < count; i += 8 {
		group := rows[i*width : (i+8)*width]
		for _, k := range split2 {
			m := start + i - k // the heaps n−k of the eight rows are m … m+7
			safe := safeHeaps(heaps, m)
			run(group, m, heaps[:safe])
			for _, h := range heaps[safe:] {
				b := m - int(h)
				for j := range 8 {
					if b+j >= 1 && !(unequal && b+j == int(h)) {
						group[j*width+int(g[h]^g[b+j])] = 1
					}
				}
			}
		}
	}
}

// safeHeaps returns how many of the heaps (ascending) are below m/2: their
// partners m−h, …, m+7−h are all larger than h, so none of those splits
// is empty or into equal heaps.
func safeHeaps(heaps []uint32, m int) int {
	safe := len(heaps)
	for safe > 0 && 2*int(heaps[safe-1]) >= m {
		safe--
	}
	return safe
}

// run8 marks the splits (h, m+j−h), j < 8, of safe heaps h, for byte
// values.
func run8(r *[8 * 256]byte, g []uint8, m int, heaps []uint32) {
	const ones = 0x0101010101010101
	for _, h := range heaps {
		b := m - int(h) // partners b … b+7
		x := binary.LittleEndian.Uint64(g[b:b+8]) ^ uint64(g[h])*ones
		r[0+int(uint8(x))] = 1
		r[256+int(uint8(x>>8))] = 1
		r[512+int(uint8(x>>16))] = 1
		r[768+int(uint8(x>>24))] = 1
		r[1024+int(uint8(x>>32))] = 1
		r[1280+int(uint8(x>>40))] = 1
		r[1536+int(uint8(x>>48))] = 1
		r[1792+int(uint8(x>>56))] = 1
	}
}

// run16 is run8 for 16-bit values below 512.
func run16(r *[8 * 512]byte, g []uint16, m int, heaps []uint32) {
	const ones = 0x0001000100010001
	for _, h := range heaps {
		b := m - int(h) // partners b … b+7
		p := g[b : b+8]
		gh := uint64(g[h]) * ones
		x := (uint64(p[0]) | uint64(p[1])<<16 | uint64(p[2])<<32 | uint64(p[3])<<48) ^ gh
		y := (uint64(p[4]) | uint64(p[5])<<16 | uint64(p[6])<<32 | uint64(p[7])<<48) ^ gh
		r[0+int(x&511)] = 1
		r[512+int(x>>16&511)] = 1
		r[1024+int(x>>32&511)] = 1
		r[1536+int(x>>48&511)] = 1
		r[2048+int(y&511)] = 1
		r[2560+int(y>>16&511)] = 1
		r[3072+int(y>>32&511)] = 1
		r[3584+int(y>>48&511)] = 1
	}
}
