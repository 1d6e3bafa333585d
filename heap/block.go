package heap

import "encoding/binary"

// sweepBlock marks, for each heap n = start+i (0 ≤ i < count) in row i of
// rows (width bytes a row), the nim-sums of the splits (h, n−k−h) for every
// heap h in heaps and every k in split2, less the equal splits when
// unequal. Every partner n−k−h must be a known value: the caller sweeps
// only heaps far enough below the block.
//
// For byte values, eight consecutive heaps are done at once: their
// partners of one h are eight consecutive bytes of g, read as one word and
// combined with g[h] in one xor. The loads, not the stores into the rows,
// were the cost of the heap-by-heap loop.
func sweepBlock[T unsigned](rows []byte, width int, g []T, start, count int, split2 []int, unequal bool, heaps []int32) {
	if len(heaps) == 0 {
		return
	}
	i0 := 0
	if g8, ok := any(g).([]uint8); ok && width == 256 {
		i0 = count &^ 7
		sweepBlock8(rows, g8, start, i0, split2, unequal, heaps)
	}
	for i := i0; i < count; i++ {
		n := start + i
		row := rows[i*width : (i+1)*width]
		for _, k := range split2 {
			m := n - k
			for _, h := range heaps {
				b := m - int(h)
				if b < 1 {
					break
				}
				if unequal && b == int(h) {
					continue
				}
				row[g[h]^g[b]] = 1
			}
		}
	}
}

// sweepBlock8 is sweepBlock for byte values, rows of 256 bytes and count a
// multiple of 8. Rows as arrays indexed by a byte need no bounds checks.
func sweepBlock8(rows []byte, g []uint8, start, count int, split2 []int, unequal bool, heaps []int32) {
	const ones = 0x0101010101010101
	for i := 0; i < count; i += 8 {
		r := (*[8 * 256]byte)(rows[i*256 : (i+8)*256])
		for _, k := range split2 {
			m := start + i - k // the heaps n−k of the eight rows are m … m+7
			for _, h := range heaps {
				b := m - int(h) // partners b … b+7
				if b < 1 || unequal && 2*int(h) >= m && 2*int(h) <= m+7 {
					// Some of the eight heaps have no such split, or
					// split into equal heaps.
					for j := range 8 {
						if b+j >= 1 && !(unequal && b+j == int(h)) {
							r[j*256+int(g[h]^g[b+j])] = 1
						}
					}
					continue
				}
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
	}
}
