package heap

import (
	"context"
	"strings"
	"testing"
)

// The block sweep's rows are sized from the values known when a block is
// swept; values of 1024 or more once overflowed them (issue 13: "index out
// of range [1024] with length 1024" in rareSweep, from treblecross at
// 109568 heaps), and values of 512 or more were masked to 9 bits by run16.
// These tests run the pipelined sparse method across those widths and
// compare it with the plain loop.

// withPipelineFrom runs the two-core pipeline from heap n on (and on runs
// of 2n values or more) until the returned function is called.
func withPipelineFrom(n int) func() {
	old := pipelineFrom
	pipelineFrom = n
	return func() { pipelineFrom = old }
}

// sparseAgainstPlain computes upto values of spec by the pipelined sparse
// method and by the plain loop, and returns the sparse ones when they
// agree.
func sparseAgainstPlain(t *testing.T, spec string, upto int) *Values {
	t.Helper()
	r, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	sparse, err := Compute(context.Background(), r, upto, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Compute(context.Background(), r, upto, Options{Method: Plain, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sparse.Len() != upto || plain.Len() != upto {
		t.Fatalf("%s: %d sparse and %d plain values, want %d", spec, sparse.Len(), plain.Len(), upto)
	}
	for i := range upto {
		if sparse.At(i) != plain.At(i) {
			t.Fatalf("%s: G(%d) sparse %d, plain %d", spec, i, sparse.At(i), plain.At(i))
		}
	}
	return sparse
}

// first returns the least heap with a value of at least v, -1 if none.
func first(vals *Values, v uint32) int {
	for i := range vals.Len() {
		if vals.At(i) >= v {
			return i
		}
	}
	return -1
}

// TestWideValuesPipelined crosses 512 and 1024 while the pipeline runs
// (from heap 2048 here): 0.0444444's values reach 512 at heap 3208 and
// 1024 at heap 6044.
func TestWideValuesPipelined(t *testing.T) {
	defer withPipelineFrom(2 * farBlock)()
	vals := sparseAgainstPlain(t, "octal:0.0444444", 6500)
	if got512, got1024 := first(vals, 512), first(vals, 1024); got512 != 3208 || got1024 != 6044 {
		t.Fatalf("first values of 512 and 1024 at heaps %d and %d, want 3208 and 6044: the test no longer crosses the widths it is for", got512, got1024)
	}
}

// TestOctal0007PastWidth1024 is the run of issue 13 itself, with the
// pipeline from its usual heap: octal:0.007 (Treblecross) reaches 1024 at
// heap 109362.
func TestOctal0007PastWidth1024(t *testing.T) {
	if testing.Short() {
		t.Skip("about 25 s: 110,000 values by both methods")
	}
	vals := sparseAgainstPlain(t, "octal:0.007", 110_000)
	if got := first(vals, 1024); got != 109362 {
		t.Fatalf("first value of 1024 at heap %d, want 109375", got)
	}
}

// FuzzSweep compares the pipelined sparse method (from heap 2048) with the
// plain loop on octal codes (the digits after "0.") and run lengths. The
// seeds cross value widths 256, 512 and 1024 while the pipeline runs.
//
//	go test ./heap -run '^$' -fuzz FuzzSweep -fuzztime 10m
func FuzzSweep(f *testing.F) {
	f.Add("04444444444", uint16(5500)) // 1024 at heap 5400
	f.Add("0444444", uint16(4200))     // 512 at heap 3208
	f.Add("0044444444", uint16(3600))  // 256 at heap 3217 (byte values, then 16 bits)
	f.Add("007", uint16(4500))         // Treblecross
	f.Add("137", uint16(5000))         // Kayles
	f.Add("376", uint16(4100))
	f.Add("4", uint16(300))
	f.Add("0", uint16(10))
	f.Fuzz(func(t *testing.T, code string, n uint16) {
		// At most 12 digits and 8192 values keep an input under a few
		// seconds (the plain loop is quadratic).
		if len(code) == 0 || len(code) > 12 || strings.Trim(code, "01234567") != "" {
			t.Skip()
		}
		r, err := Parse("octal:0." + code)
		if err != nil {
			t.Skip()
		}
		defer withPipelineFrom(2 * farBlock)()
		sparseAgainstPlain(t, r.Spec, int(n)%8193)
	})
}
