package witness

import "fmt"

// Moore computes Sprague–Grundy values of Moore's Nim_k by the literal
// rules: a plain recursion over heap vectors (in order, zeros kept),
// memoised by their printed form.
type Moore struct {
	K    int
	memo map[string]int
}

// Grundy returns the Sprague–Grundy value of the heaps h.
func (w *Moore) Grundy(h []int) int {
	key := fmt.Sprint(h)
	if v, ok := w.memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, next := range w.Moves(h) {
		seen[w.Grundy(next)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	if w.memo == nil {
		w.memo = map[string]int{}
	}
	w.memo[key] = v
	return v
}

// Moves lists every option: a non-empty set of at most K heaps, each
// lowered by a positive amount, by brute force over all vectors below h.
func (w *Moore) Moves(h []int) [][]int {
	var out [][]int
	cur := make([]int, len(h))
	var rec func(i, changed int)
	rec = func(i, changed int) {
		if i == len(h) {
			if changed >= 1 && changed <= w.K {
				out = append(out, append([]int(nil), cur...))
			}
			return
		}
		for v := 0; v <= h[i]; v++ {
			cur[i] = v
			c := changed
			if v < h[i] {
				c++
			}
			rec(i+1, c)
		}
	}
	rec(0, 0)
	return out
}
