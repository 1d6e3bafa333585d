package cgt

// memoTable maps non-zero uint64 keys (pairs of handles) to int32 values
// by open addressing with linear probing: the memo of sums and
// comparisons, kept in two flat arrays instead of a Go map because it is
// the hottest structure of the package.
//
// Like CGSuite's operation cache it is a cache, not a dictionary: it
// grows to maxSlots and then stops growing; a key is looked for, and
// placed, within maxProbe slots of its home, and when those are all taken
// the home slot is overwritten. A lost entry is only recomputed, so memory
// stays bounded (12 bytes a slot) without changing any answer.
type memoTable struct {
	keys     []uint64
	vals     []int32
	n        int
	maxSlots int // 0: defaultMemoSlots
	// beforeGrow, when not nil, is told the size of the arrays grow is
	// about to allocate (the Space charges them to its budget).
	beforeGrow func(slots int)
}

const (
	defaultMemoSlots = 1 << 23 // 96 MiB a table at most
	maxProbe         = 16
)

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
	i := hashKey(k) & mask
	for p := 0; p < maxProbe; p, i = p+1, (i+1)&mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return 0, false
		}
	}
	return 0, false
}

func (t *memoTable) put(k uint64, v int32) {
	limit := t.maxSlots
	if limit == 0 {
		limit = defaultMemoSlots
	}
	if 2*(t.n+1) > len(t.keys) && len(t.keys) < limit {
		t.grow(min(max(1024, 2*len(t.keys)), limit))
	}
	mask := uint64(len(t.keys) - 1)
	home := hashKey(k) & mask
	i := home
	for p := 0; p < maxProbe; p, i = p+1, (i+1)&mask {
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
	if len(t.keys) < limit {
		t.grow(min(2*len(t.keys), limit)) // a crowded neighbourhood below the bound
		t.put(k, v)
		return
	}
	t.keys[home], t.vals[home] = k, v // full neighbourhood at the bound: evict
}

func (t *memoTable) grow(size int) {
	if t.beforeGrow != nil {
		t.beforeGrow(size)
	}
	old, oldV := t.keys, t.vals
	t.keys, t.vals, t.n = make([]uint64, size), make([]int32, size), 0
	for i, k := range old {
		if k != 0 {
			t.put(k, oldV[i])
		}
	}
}
