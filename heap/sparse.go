package heap

import "math/bits"

// SparseSet is the split of a sequence of values into rare ("sparse") and
// common ones that the sparse method uses, as Flammenkamp publishes it for
// octal games and Grundy's game: a value v is rare when v&Mask has an even
// number of ones. For Grundy's game Mask is every bit but the lowest
// (…11110), and Flammenkamp lists 1287 rare values among G(0), …,
// G(2^35-1), heap 0 included (Sprague-Grundy Values of Grundy's Game,
// wwwhomes.uni-bielefeld.de/achim/grundy.html).
type SparseSet struct {
	// Mask makes the fewest of the values rare, among the masks of the
	// low min(12, bits of the largest value) bits; ties keep the smaller
	// mask.
	Mask uint32
	// Count is the number of heaps 0 … n-1 with a rare value; Last is the
	// largest of them (-1 if none).
	Count int
	Last  int
}

// sparseBits bounds the masks Sparse tries (4096 of them).
const sparseBits = 12

// Sparse returns the rare values of v under the mask that makes them
// fewest. It reads every value once (for values filled by a proven period,
// the preperiod and one period, the rest counted by whole periods).
func (v *Values) Sparse() SparseSet {
	var hist [1 << sparseBits]int
	var last [1 << sparseBits]int // the largest heap of each low-bit class, -1 if none
	for i := range last {
		last[i] = -1
	}
	n := v.Len()
	scan := n
	if v.perP > 0 && v.perA+v.perP <= n {
		scan = v.perA + v.perP
	}
	switch {
	case v.u32 != nil:
		sparseScan(v.u32, scan, &hist, &last)
	case v.u16 != nil:
		sparseScan(v.u16, scan, &hist, &last)
	default:
		sparseScan(v.u8, scan, &hist, &last)
	}
	if scan < n {
		// G(i) = G(perA + (i-perA) mod p) from perA on: heap perA+r
		// repeats at perA+r+k·p for k = 1 … (n-1-perA-r)/p.
		p := v.perP
		for r := range p {
			k := (n - 1 - v.perA - r) / p
			c := v.At(v.perA+r) & (1<<sparseBits - 1)
			hist[c] += k
			last[c] = max(last[c], v.perA+r+k*p)
		}
	}
	b := min(bits.Len32(v.Max()), sparseBits)
	best := SparseSet{Last: -1, Count: -1}
	for mask := uint32(0); mask < 1<<b; mask++ {
		s := SparseSet{Mask: mask, Last: -1}
		for c, h := range hist {
			if h != 0 && bits.OnesCount32(uint32(c)&mask)&1 == 0 {
				s.Count += h
				s.Last = max(s.Last, last[c])
			}
		}
		if best.Count < 0 || s.Count < best.Count {
			best = s
		}
	}
	return best
}

func sparseScan[T unsigned](g []T, n int, hist, last *[1 << sparseBits]int) {
	for i, x := range g[:n] {
		c := uint32(x) & (1<<sparseBits - 1)
		hist[c]++
		last[c] = i
	}
}
