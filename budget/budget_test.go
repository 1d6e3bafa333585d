package budget

import (
	"errors"
	"fmt"
	"runtime/metrics"
	"testing"
)

func TestExceededMatches(t *testing.T) {
	err := fmt.Errorf("solving: %w", TooManyStates(10))
	if !errors.Is(err, ErrExceeded) {
		t.Fatal("errors.Is(wrapped Exceeded, ErrExceeded) = false")
	}
	var e *Exceeded
	if !errors.As(err, &e) || e.Resource != States || e.Limit != 10 {
		t.Fatalf("errors.As gave %+v", e)
	}
	if got, want := e.Error(), "the search explored more than 10 positions without finishing"; got != want {
		t.Fatalf("message %q, want %q", got, want)
	}
}

func TestBytesCharge(t *testing.T) {
	b := NewBytes(100)
	if err := b.Charge(60, "a table"); err != nil {
		t.Fatal(err)
	}
	err := b.Charge(41, "a table")
	var e *Exceeded
	if !errors.As(err, &e) || e.Resource != Memory || e.Limit != 100 {
		t.Fatalf("charging past the limit gave %v", err)
	}
	if b.Used() != 60 {
		t.Fatalf("a refused charge was kept: used %d", b.Used())
	}
	b.Release(60)
	if err := b.Charge(100, "a table"); err != nil {
		t.Fatalf("the full budget after release: %v", err)
	}
	var none *Bytes
	if err := none.Charge(1<<60, "x"); err != nil {
		t.Fatal("a nil budget has no limit")
	}
}

func TestParseAndFormatBytes(t *testing.T) {
	for in, want := range map[string]int64{"1000": 1000, "4GiB": 4 << 30, "512MB": 512 << 20, "1.5G": 3 << 29, "2k": 2048, "7 MiB": 7 << 20} {
		got, err := ParseBytes(in)
		if err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "5Q", "1e30"} {
		if _, err := ParseBytes(bad); err == nil {
			t.Errorf("ParseBytes(%q) accepted", bad)
		}
	}
	for n, want := range map[int64]string{10: "10 B", 2048: "2 KiB", 3 << 29: "1.5 GiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestBadInputMessage(t *testing.T) {
	err := fmt.Errorf("solving: %w", &BadInput{Input: "3 x 5", Offset: 2, Msg: `bad heap size "x"`})
	var e *BadInput
	if !errors.As(err, &e) || e.Offset != 2 || e.Input[e.Offset:e.Offset+1] != "x" {
		t.Fatalf("errors.As gave %+v", e)
	}
	if got, want := err.Error(), `solving: bad heap size "x"`; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}

var sink []byte

// forcedGCs is how many collections the process forced so far.
func forcedGCs() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestChargeReclaims: a large charge (a sixteenth of the limit or more)
// that the memory the process holds would take past the limit first
// returns garbage to the OS (a forced collection); a small one, or one
// with room to spare, does not.
func TestChargeReclaims(t *testing.T) {
	sink = make([]byte, 64<<20)
	for i := range sink {
		sink[i] = 1
	}
	sink = nil // garbage, resident
	b := NewBytes(64 << 20)
	n := forcedGCs()
	if err := b.Charge(1<<20, "small"); err != nil || forcedGCs() != n {
		t.Fatalf("a small charge: %v, %d forced collections", err, forcedGCs()-n)
	}
	if err := b.Charge(8<<20, "large"); err != nil || forcedGCs() == n {
		t.Fatalf("a large charge past the limit with garbage held: %v, %d forced collections, want some", err, forcedGCs()-n)
	}
	roomy := NewBytes(1 << 40)
	n = forcedGCs()
	if err := roomy.Charge(1<<36, "large, with room"); err != nil || forcedGCs() != n {
		t.Fatalf("a large charge with room: %v, %d forced collections", err, forcedGCs()-n)
	}
}
