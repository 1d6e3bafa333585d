package c4search

import (
	"bufio"
	"context"
	"fmt"
	"github.com/grundy-go/grundy/internal/cputime"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/search"
)

// Pons' benchmark sets (blog.gamesolver.org, "Part 2 – Benchmarking
// solvers"): files of lines "moves score", 1000 positions each, 7×6. They
// are not in the repository (no licence is stated); GRUNDY_C4_SETS names
// a directory that holds them, and GRUNDY_C4_SET_LIMIT the number of
// positions of each to run (all by default). GRUNDY_C4_SET_FILES, a
// comma-separated list, names other files of the same format in that
// directory instead (for instance ChristopheSteininger/c4's tst/data/7x6
// sets, their 0-based columns turned into Pons' 1-based digits).
var ponsSets = []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"}

func setNames() []string {
	if v := os.Getenv("GRUNDY_C4_SET_FILES"); v != "" {
		return strings.Split(v, ",")
	}
	return ponsSets
}

// ttFromEnv is the table size GRUNDY_C4_TT asks for, or def.
func ttFromEnv(def int64) int64 {
	if v := os.Getenv("GRUNDY_C4_TT"); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	}
	return def
}

type setLine struct {
	moves string
	score int
}

func readSet(tb testing.TB, name string) []setLine {
	dir := os.Getenv("GRUNDY_C4_SETS")
	if dir == "" {
		tb.Skip("GRUNDY_C4_SETS is not set: no directory of Pons' benchmark sets")
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		tb.Skip(err)
	}
	defer f.Close()
	limit := 0
	if s := os.Getenv("GRUNDY_C4_SET_LIMIT"); s != "" {
		limit, _ = strconv.Atoi(s)
	}
	var out []setLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 {
			continue
		}
		score, err := strconv.Atoi(fs[1])
		if err != nil {
			tb.Fatalf("%s: bad line %q", name, sc.Text())
		}
		out = append(out, setLine{fs[0], score})
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	return out
}

func shape7x6(tb testing.TB) *connect4.Shape {
	s, err := connect4.NewShape(7, 6, 4)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func threadsFromEnv() int {
	if s := os.Getenv("GRUNDY_C4_THREADS"); s != "" {
		n, _ := strconv.Atoi(s)
		return n
	}
	return 1
}

// BenchmarkPonsSets solves every position of each set with an emptied
// table (as Pons' own benchmark does) and reports the mean time and nodes
// per position. The table is Pons' size (2^24 entries of his, 2^23
// buckets of ours: 128 MiB) unless GRUNDY_C4_TT says otherwise.
func BenchmarkPonsSets(b *testing.B) {
	s := shape7x6(b)
	size := ttFromEnv(128 << 20)
	for _, name := range setNames() {
		b.Run(name, func(b *testing.B) {
			lines := readSet(b, name)
			sv, err := New(s, Options{TTSize: size, Threads: threadsFromEnv()})
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			var elapsed time.Duration
			for b.Loop() {
				nodes, elapsed = 0, 0
				for _, l := range lines {
					bd, err := s.FromMoves(l.moves)
					if err != nil {
						b.Fatal(err)
					}
					sv.Reset()
					t0 := time.Now()
					got, err := sv.Solve(context.Background(), bd)
					elapsed += time.Since(t0)
					if err != nil {
						b.Fatal(err)
					}
					if got != l.score {
						b.Fatalf("%s %s: score %d, the set says %d", name, l.moves, got, l.score)
					}
					nodes += sv.Nodes()
				}
			}
			n := float64(len(lines))
			b.ReportMetric(float64(elapsed.Microseconds())/n, "µs/pos")
			b.ReportMetric(float64(nodes)/n, "nodes/pos")
			b.ReportMetric(float64(nodes)/elapsed.Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkEmpty7x6 solves the standard board from the empty position
// (GRUNDY_C4_EMPTY=1; it takes tens of seconds): Pons' score 1, a win for
// the first player with the 21st stone, move 41.
func BenchmarkEmpty7x6(b *testing.B) {
	if os.Getenv("GRUNDY_C4_EMPTY") == "" {
		b.Skip("GRUNDY_C4_EMPTY is not set: the 7x6 board from the empty position takes tens of seconds")
	}
	s := shape7x6(b)
	thp0 := vmstat()
	sv, err := New(s, Options{TTSize: ttFromEnv(1 << 30), Threads: threadsFromEnv(), Progress: func(p search.Progress) {
		if os.Getenv("GRUNDY_C4_VERBOSE") != "" {
			fmt.Fprintf(os.Stderr, "%v nodes %d tests %d [%d, %d]\n", p.Elapsed.Round(time.Millisecond), p.Nodes, p.Tests, p.Lo, p.Hi)
		}
	}})
	if err != nil {
		b.Fatal(err)
	}
	if v := os.Getenv("GRUNDY_C4_DEFER"); v != "" {
		// Measurements: the threads mark positions with more empty
		// cells than this (see busyTable).
		sv.deferAt, _ = strconv.Atoi(v)
	}
	for b.Loop() {
		sv.Reset()
		got, err := sv.Solve(context.Background(), connect4.Board{})
		if err != nil {
			b.Fatal(err)
		}
		if got != 1 {
			b.Fatalf("the empty 7x6 board scores %d, want 1", got)
		}
	}
	b.ReportMetric(float64(sv.Nodes()), "nodes")
	// Where the table's huge pages came from (Linux): faults, or
	// MADV_COLLAPSE after Reset.
	if note := thpNote(sv.tt, thp0); note != "" {
		b.Log(note)
	}
	if os.Getenv("GRUNDY_C4_VERBOSE") != "" {
		// Who searched what: each thread's searches of tests, in the
		// order they ended.
		for _, r := range sv.runs {
			fmt.Fprintf(os.Stderr, "thread %d test >%d: %d nodes, answered %v\n", r.thread, r.med, r.nodes, r.answered)
		}
		fmt.Fprintf(os.Stderr, "deferred children: %d\n", sv.defers.Load())
	}
}

// BenchmarkAfter8 solves positions of 8 moves (GRUNDY_C4_AFTER8=1):
// random games of 8 moves, seeded, that no one has won, each from an
// empty table; it reports the mean and the worst time.
func BenchmarkAfter8(b *testing.B) {
	if os.Getenv("GRUNDY_C4_AFTER8") == "" {
		b.Skip("GRUNDY_C4_AFTER8 is not set: positions of 8 moves take seconds each")
	}
	s := shape7x6(b)
	g, err := connect4.New(7, 6, 4)
	if err != nil {
		b.Fatal(err)
	}
	n := 10
	if v := os.Getenv("GRUNDY_C4_SET_LIMIT"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	var boards []connect4.Board
	for len(boards) < n {
		var bd connect4.Board
		for range 8 {
			ms := g.AppendMoves(nil, bd)
			bd = ms[rng.IntN(len(ms))]
		}
		if !g.Over(bd) {
			boards = append(boards, bd)
		}
	}
	sv, err := New(s, Options{TTSize: ttFromEnv(1 << 30), Threads: threadsFromEnv()})
	if err != nil {
		b.Fatal(err)
	}
	var worst, total time.Duration
	for b.Loop() {
		worst, total = 0, 0
		for _, bd := range boards {
			sv.Reset()
			t0 := time.Now()
			if _, err := sv.Solve(context.Background(), bd); err != nil {
				b.Fatal(err)
			}
			d := time.Since(t0)
			total += d
			worst = max(worst, d)
			if os.Getenv("GRUNDY_C4_VERBOSE") != "" {
				fmt.Fprintf(os.Stderr, "%s: %v, %d nodes\n", g.Format(bd), d.Round(time.Millisecond), sv.Nodes())
			}
		}
	}
	b.ReportMetric(total.Seconds()/float64(len(boards)), "s/pos")
	b.ReportMetric(worst.Seconds(), "worst-s")
}

// BenchmarkTableTouch makes a table of GRUNDY_C4_TT bytes (256 MiB by
// default), mapped outside the Go heap ("mapped") or as a Go slice
// ("heap", the layout before), writes it once (Reset) and frees it, and
// reports how its pages came (Linux): the MiB of huge pages in its
// region after Reset, and the system's thp_fault_alloc and
// thp_collapse_alloc over the iteration (other processes count too), and
// the CPU time of New and Reset. GRUNDY_C4_HEAP_FIRST=1 runs "heap"
// first (the first table of a process may find memory that the second
// finds already compacted).
func BenchmarkTableTouch(b *testing.B) {
	s := shape7x6(b)
	size := ttFromEnv(DefaultTTSize)
	order := []bool{false, true}
	if os.Getenv("GRUNDY_C4_HEAP_FIRST") != "" {
		order = []bool{true, false}
	}
	for _, heap := range order {
		name := "mapped"
		if heap {
			name = "heap"
		}
		b.Run(name, func(b *testing.B) {
			if heap {
				old := offHeapMin
				offHeapMin = 1 << 62
				defer func() {
					offHeapMin = old
					// The dropped table's memory back to the
					// kernel before the next sub-benchmark's.
					debug.FreeOSMemory()
				}()
			}
			var note string
			var user, sys time.Duration
			for b.Loop() {
				v0 := vmstat()
				u0, s0 := cputime.UserSys()
				sv, err := New(s, Options{TTSize: size})
				if err != nil {
					b.Fatal(err)
				}
				sv.Reset()
				b.StopTimer()
				u1, s1 := cputime.UserSys()
				user, sys = user+u1-u0, sys+s1-s0
				note = thpNote(sv.tt, v0)
				b.StartTimer()
				sv.Close()
			}
			// CPU rather than wall: the kernel's page zeroing and
			// compaction are system time.
			b.ReportMetric(float64(user.Milliseconds())/float64(b.N), "user-ms/op")
			b.ReportMetric(float64(sys.Milliseconds())/float64(b.N), "sys-ms/op")
			if note != "" {
				b.Log(note)
			}
		})
	}
}
