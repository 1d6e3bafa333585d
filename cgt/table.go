package cgt

// memoTable maps non-zero uint64 keys (pairs of handles) to int32 values
// by open addressing with linear probing: the memo of sums and
// comparisons, kept in two flat arrays instead of a Go map because it is
// the hottest structure of the package.
type memoTable struct {
	keys []uint64
	vals []int32
	n    int
}

func hashKey(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	return k
}

func (t *memoTable) get(k uint64) (int32, bool) {
	if t.n == 0 {
		return 0, false
	}
	mask := uint64(len(t.keys) - 1)
	for i := hashKey(k) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return 0, false
		}
	}
}

func (t *memoTable) put(k uint64, v int32) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	mask := uint64(len(t.keys) - 1)
	for i := hashKey(k) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.vals[i] = v
			return
		case 0:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return
		}
	}
}

func (t *memoTable) grow() {
	old, oldV := t.keys, t.vals
	size := max(1024, 2*len(old))
	t.keys, t.vals, t.n = make([]uint64, size), make([]int32, size), 0
	for i, k := range old {
		if k != 0 {
			t.put(k, oldV[i])
		}
	}
}

func (t *memoTable) clear() { *t = memoTable{} }

// len returns the number of entries.
func (t *memoTable) len() int { return t.n }
