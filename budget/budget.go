package budget

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
)

// Resource is what a limit bounds.
type Resource int

const (
	States Resource = iota // distinct positions a search memoizes or a graph has
	Steps                  // Starlark steps of one script call
	Memory                 // bytes of tables and values
	Size                   // the size of an input (heaps, a board's side, a table's length)
	Depth                  // nesting of a value (a script's position)
	Nodes                  // nodes a game-tree search visits (alpha-beta), counted with repeats
)

var resourceNames = [...]string{"positions", "steps", "bytes", "size", "depth", "nodes"}

func (r Resource) String() string {
	if int(r) < len(resourceNames) {
		return resourceNames[r]
	}
	return "resource " + strconv.Itoa(int(r))
}

// ErrExceeded is matched (errors.Is) by every *Exceeded.
var ErrExceeded = errors.New("over a limit")

// Exceeded is the error of a computation that reached a limit: the input
// is well-formed but too large to answer within it.
type Exceeded struct {
	Resource Resource
	Limit    int64
	// Msg says what went over the limit, in words that name no flag, e.g.
	// "the search explored more than 2000000 positions without finishing".
	Msg string
}

func (e *Exceeded) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrExceeded) true.
func (e *Exceeded) Is(target error) bool { return target == ErrExceeded }

// Exceed returns an *Exceeded with a formatted message.
func Exceed(r Resource, limit int64, format string, args ...any) *Exceeded {
	return &Exceeded{Resource: r, Limit: limit, Msg: fmt.Sprintf(format, args...)}
}

// TooManyStates is the usual error of a search that memoized more than
// limit positions.
func TooManyStates(limit int) *Exceeded {
	return Exceed(States, int64(limit), "the search explored more than %d positions without finishing", limit)
}

// Over reports whether err (or an error it wraps) is a limit on r, e.g.
// Over(err, States) for a search cut off by its limit on positions.
func Over(err error, r Resource) bool {
	var ex *Exceeded
	return errors.As(err, &ex) && ex.Resource == r
}

// BadInput is an error in what the user gave: a position, a parameter,
// a file. Its message is Msg alone, in the words a person reads; Input
// and Offset let a front end point at the fault (the server returns them
// beside the message): Offset is the byte offset in Input where the
// problem is, or -1 when the whole input is at fault.
type BadInput struct {
	Input  string
	Offset int
	Msg    string
}

func (e *BadInput) Error() string { return e.Msg }

// Bytes is a memory budget shared by the goroutines of one computation:
// tables charge what they allocate before allocating it. The zero value
// and a nil *Bytes have no limit.
type Bytes struct {
	limit int64
	used  atomic.Int64
}

// NewBytes returns a budget of limit bytes; limit <= 0 means no limit.
func NewBytes(limit int64) *Bytes { return &Bytes{limit: limit} }

// Limit returns the budget's limit in bytes, 0 when there is none.
func (b *Bytes) Limit() int64 {
	if b == nil || b.limit <= 0 {
		return 0
	}
	return b.limit
}

// Used returns the bytes charged so far.
func (b *Bytes) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used.Load()
}

// Charge takes n bytes from the budget, or returns an *Exceeded, taking
// nothing, when that would pass the limit.
func (b *Bytes) Charge(n int64, what string) error {
	if b == nil || b.limit <= 0 {
		return nil
	}
	if b.used.Add(n) > b.limit {
		b.used.Add(-n)
		return Exceed(Memory, b.limit, "%s would need more than the memory budget of %s", what, FormatBytes(b.limit))
	}
	if n >= b.limit/16 {
		reclaim(n, b.limit)
	}
	return nil
}

// reclaim returns to the OS the memory the collector has not yet freed
// or has freed but kept, before a table of n bytes is allocated, when
// what the process holds and n would pass limit. Charges keep the
// tables within the budget, but a table released is garbage until the
// collector, which runs concurrently, frees it, and its pages stay
// resident until the scavenger returns them: a large table allocated
// right after another was released (a ranged build's bitmaps, up to 5
// GB each on Connect-4 6x6) held both, and the resident set passed the
// budget by a bitmap (BENCHMARKS.md, issue 35, eleventh stop). A
// collection costs little next to filling a sixteenth of the budget.
func reclaim(n, limit int64) {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	held := int64(s[0].Value.Uint64()) - int64(s[1].Value.Uint64())
	if held+n > limit {
		debug.FreeOSMemory()
	}
}

// Release gives back n bytes charged before.
func (b *Bytes) Release(n int64) {
	if b != nil && b.limit > 0 {
		b.used.Add(-n)
	}
}

// FormatBytes writes n as people read it: "512 MiB", "3.5 GiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	v := float64(n) / float64(div)
	s := strconv.FormatFloat(v, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + string("KMGTP"[exp]) + "iB"
}

// ParseBytes reads a size such as "4GiB", "512MB", "1.5G" or "1000000"
// (bytes). Units are powers of 1024 whether or not they say "i".
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := strings.TrimRight(t, "KMGTPBkmgtpbiI ")
	unit := strings.ToUpper(strings.TrimSpace(t[len(num):]))
	unit = strings.TrimSuffix(strings.TrimSuffix(unit, "B"), "I")
	mult := map[string]float64{"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40, "P": 1 << 50}[unit]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || v < 0 || v*mult > 1<<62 {
		return 0, fmt.Errorf("expected a size such as 4GiB, 512MiB or a number of bytes, got %q", s)
	}
	return int64(v * mult), nil
}

// MachineMemory returns the memory this process may use: the cgroup's
// limit where one is set, else the machine's total, else 0 when neither
// can be read.
func MachineMemory() int64 {
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if b, err := os.ReadFile(f); err == nil {
			if v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && v > 0 && v < 1<<50 {
				if total := meminfoTotal(); total == 0 || v < total {
					return v
				}
			}
		}
	}
	return meminfoTotal()
}

func meminfoTotal() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}

// DefaultShare is the share of the machine's memory that one grundy
// process takes by default: enough for the largest tables people build on
// a desktop, leaving the rest of the machine usable.
const DefaultShare = 0.5

// DefaultMemory is DefaultShare of MachineMemory, or 4 GiB when the
// machine's memory cannot be read.
func DefaultMemory() int64 {
	if m := MachineMemory(); m > 0 {
		return int64(float64(m) * DefaultShare)
	}
	return 4 << 30
}

// SetProcessLimit sets the Go runtime's soft memory limit to limit bytes
// (when limit > 0), so the collector works harder before the process
// passes it; charged budgets remain the hard stop.
func SetProcessLimit(limit int64) {
	if limit > 0 {
		debug.SetMemoryLimit(limit)
	}
}
