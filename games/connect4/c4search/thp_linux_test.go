package c4search

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// thpSetting is the selected word of
// /sys/kernel/mm/transparent_hugepage/name ("always [madvise] never"
// gives "madvise"), or "" without THP.
func thpSetting(name string) string {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/" + name)
	if err != nil {
		return ""
	}
	s := string(b)
	i, j := strings.IndexByte(s, '['), strings.IndexByte(s, ']')
	if i < 0 || j < i {
		return strings.TrimSpace(s)
	}
	return s[i+1 : j]
}

// vmstat is /proc/vmstat's counters (system-wide), or nil.
func vmstat() map[string]int64 {
	b, err := os.ReadFile("/proc/vmstat")
	if err != nil {
		return nil
	}
	m := map[string]int64{}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, " "); ok {
			m[k], _ = strconv.ParseInt(v, 10, 64)
		}
	}
	return m
}

// smapsRegion reads /proc/self/smaps for the mapping that contains addr:
// its start and size, and its AnonHugePages, in bytes.
func smapsRegion(addr uintptr) (start uintptr, size, huge int64, err error) {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0, 0, 0, err
	}
	in := false
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		l := sc.Text()
		// Region headers are "start-end perms offset dev inode path".
		if r, _, ok := strings.Cut(l, " "); ok {
			if lo, hi, ok := strings.Cut(r, "-"); ok {
				a, err1 := strconv.ParseUint(lo, 16, 64)
				z, err2 := strconv.ParseUint(hi, 16, 64)
				if err1 == nil && err2 == nil {
					if in {
						break
					}
					in = uintptr(a) <= addr && addr < uintptr(z)
					start, size = uintptr(a), int64(z-a)
					continue
				}
			}
		}
		if in && strings.HasPrefix(l, "AnonHugePages:") {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(l, "AnonHugePages:")), " kB"), 10, 64)
			return start, size, kb << 10, err
		}
	}
	return 0, 0, 0, fmt.Errorf("no AnonHugePages for %#x in /proc/self/smaps", addr)
}

// thpNote says how the table's pages came: its region's huge pages and
// the system's THP counters since before.
func thpNote(t *table, before map[string]int64) string {
	where := "on the Go heap"
	if t.m != nil {
		where = "mapped outside the Go heap"
	}
	// A slice on the heap may start before a 2 MiB boundary: its advice
	// (adviseHuge) starts at the boundary, and so does its region.
	r := hugeRegion(t.w)
	if r == nil {
		return "the table holds no 2 MiB boundary"
	}
	_, size, huge, err := smapsRegion(uintptr(unsafe.Pointer(&r[0])))
	if err != nil {
		return err.Error()
	}
	after := vmstat()
	d := func(k string) int64 { return after[k] - before[k] }
	return fmt.Sprintf("table %d MiB %s at %#x (THP enabled=%s defrag=%s); its advised region %d MiB, AnonHugePages %d MiB; /proc/vmstat: thp_fault_alloc %+d, thp_fault_fallback %+d, thp_collapse_alloc %+d, thp_collapse_alloc_failed %+d, compact_stall %+d",
		t.bytes()>>20, where, uintptr(unsafe.Pointer(&t.w[0])), thpSetting("enabled"), thpSetting("defrag"), size>>20, huge>>20,
		d("thp_fault_alloc"), d("thp_fault_fallback"), d("thp_collapse_alloc"), d("thp_collapse_alloc_failed"), d("compact_stall"))
}

// TestHugePagesAtFault: a table of offHeapMin bytes is mapped on a 2 MiB
// boundary as a region of its own, and its first writes (clear, without
// MADV_COLLAPSE) fault in huge pages: the region's AnonHugePages is the
// whole table and the system's thp_fault_alloc grew by at least its huge
// pages.
func TestHugePagesAtFault(t *testing.T) {
	switch mode := thpSetting("enabled"); mode {
	case "":
		t.Skip("the kernel has no transparent huge pages (/sys/kernel/mm/transparent_hugepage/enabled)")
	case "never":
		t.Skip("transparent huge pages are off (enabled = never)")
	}
	tt, err := newTable(offHeapMin)
	if err != nil {
		t.Fatal(err)
	}
	defer tt.free()
	if tt.m == nil {
		t.Fatalf("a table of %d bytes was not mapped outside the heap", offHeapMin)
	}
	addr := uintptr(unsafe.Pointer(&tt.w[0]))
	if addr%hugePage != 0 {
		t.Fatalf("the table starts at %#x, not on a 2 MiB boundary", addr)
	}
	v0 := vmstat()
	clear(tt.w)
	v1 := vmstat()
	start, size, huge, err := smapsRegion(addr)
	if err != nil {
		t.Fatal(err)
	}
	// The advice covers the table exactly: the pages before and after it
	// are a region of their own.
	if start != addr || size != tt.bytes() {
		t.Fatalf("the advised region is %d bytes at %#x; the table %d bytes at %#x", size, start, tt.bytes(), addr)
	}
	faults := v1["thp_fault_alloc"] - v0["thp_fault_alloc"]
	fallback := v1["thp_fault_fallback"] - v0["thp_fault_fallback"]
	if huge < tt.bytes() && fallback > 0 {
		t.Skipf("the kernel had no free huge page for %d faults (memory fragmented, defrag = %s): %d of %d MiB huge", fallback, thpSetting("defrag"), huge>>20, tt.bytes()>>20)
	}
	if huge != tt.bytes() {
		t.Fatalf("%d MiB of the %d MiB table in huge pages after its first writes", huge>>20, tt.bytes()>>20)
	}
	if faults < tt.bytes()/hugePage {
		t.Fatalf("thp_fault_alloc grew by %d over the first writes of %d huge pages: they did not come from faults", faults, tt.bytes()/hugePage)
	}
	t.Logf("%d MiB table: AnonHugePages %d MiB; thp_fault_alloc %+d, thp_fault_fallback %+d, thp_collapse_alloc %+d",
		tt.bytes()>>20, huge>>20, faults, fallback, v1["thp_collapse_alloc"]-v0["thp_collapse_alloc"])
}
