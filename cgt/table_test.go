package cgt

import "testing"

// TestMemoTableBounded fills a small table far past its size: it must stay
// at its bound, keep answering with the values it was given, and lose
// entries only by forgetting them.
func TestMemoTableBounded(t *testing.T) {
	tb := memoTable{maxSlots: 1024}
	for k := uint64(1); k <= 100_000; k++ {
		tb.put(k, int32(k%1000))
	}
	if len(tb.keys) != 1024 {
		t.Fatalf("table grew to %d slots, bound 1024", len(tb.keys))
	}
	found := 0
	for k := uint64(1); k <= 100_000; k++ {
		if v, ok := tb.get(k); ok {
			found++
			if v != int32(k%1000) {
				t.Fatalf("key %d: value %d, want %d", k, v, k%1000)
			}
		}
	}
	if found == 0 || found > 1024 {
		t.Fatalf("%d keys found in a table of 1024 slots", found)
	}
	// An unbounded-size table keeps everything it is given.
	var big memoTable
	for k := uint64(1); k <= 50_000; k++ {
		big.put(k*7919, int32(k))
	}
	for k := uint64(1); k <= 50_000; k++ {
		if v, ok := big.get(k * 7919); !ok || v != int32(k) {
			t.Fatalf("key %d lost below the bound", k)
		}
	}
}

// TestSmallMemoSameAnswers runs the algebraic laws with tiny memo tables:
// evictions must not change any result.
func TestSmallMemoSameAnswers(t *testing.T) {
	s1, s2 := NewSpace(), NewSpace()
	s2.sums.maxSlots, s2.leqs.maxSlots = 1024, 1024
	exprs := []string{"{2|-1/2}", "{3||2*|1*}", "{2|0||-1}", "{1|*}", "+-1", "{0,{2|0}|{1|-1},-1}", "^^*", "Tiny(2)"}
	acc1, acc2 := Zero, Zero
	for i := 0; i < 2; i++ {
		for _, e := range exprs {
			g1, _ := s1.Parse(e)
			g2, _ := s2.Parse(e)
			acc1, acc2 = s1.add(acc1, g1), s2.add(acc2, g2)
			if s1.String(acc1) != s2.String(acc2) {
				t.Fatalf("sums differ: %s vs %s", s1.String(acc1), s2.String(acc2))
			}
		}
	}
}
