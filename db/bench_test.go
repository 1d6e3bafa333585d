//go:build linux && (amd64 || arm64)

package db_test

import (
	"context"
	"github.com/grundy-go/grundy/internal/cputime"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/tier"
)

// benchDB returns a Connect-4 database: $GRUNDY_BENCH_DB if set (a
// database directory), else connect4:5x4 built into a temporary
// directory.
func benchDB(b *testing.B) string {
	if dir := os.Getenv("GRUNDY_BENCH_DB"); dir != "" {
		return dir
	}
	g, err := connect4.New(5, 4, 4)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	bl, err := db.Create(dir, "connect4:5x4")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tier.Solve(context.Background(), g, bl, tier.Options{}); err != nil {
		b.Fatal(err)
	}
	return dir
}

type probe struct {
	tier uint64
	rank int64
	code uint16
}

// probes picks n positions of the database at random, with their records.
func probes(b *testing.B, d *db.DB, n int) []probe {
	r := rand.New(rand.NewPCG(1, 2))
	var all []probe
	per := max(1, n/len(d.Manifest().Tiers)*2)
	for _, ti := range d.Manifest().Tiers {
		if ti.Count.RecordCount() == 0 {
			continue
		}
		if ti.Size > bigTierRanks {
			all = append(all, probesByCode(b, d, ti, per, r)...)
			continue
		}
		recs, _, err := d.LoadTier(ti.Tier)
		if err != nil {
			b.Fatal(err)
		}
		if ti.Count.RecordCount() == 0 || recs.Len() == 0 {
			continue
		}
		// A tier of few records among many ranks (Othello's: a few
		// hundred among millions) is drawn from the list of its
		// records, not rank by rank.
		var held []int64
		if ti.Count.RecordCount() <= 1<<20 {
			for x := range recs.Len() {
				if recs.Get(x) != db.Empty {
					held = append(held, x)
				}
			}
		}
		for range per {
			var x int64
			if held != nil {
				x = held[r.IntN(len(held))]
			} else {
				for x = r.Int64N(recs.Len()); recs.Get(x) == db.Empty; x = r.Int64N(recs.Len()) {
				}
			}
			all = append(all, probe{ti.Tier, x, recs.Get(x)})
		}
	}
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(n, len(all))]
}

// bigTierRanks is the most ranks of a tier probes loads whole; a larger
// tier (Nine Men's Morris has tiers of billions of ranks) is probed rank
// by rank through d.Code instead.
const bigTierRanks = 1 << 28

// probesByCode draws up to per reachable positions of a tier too large
// to load, by random ranks read one at a time (at most 100 ranks a
// position wanted: a tier sparser than that gives fewer or none). Their
// records are what this first read gives; the benchmarks then check
// every later read against it.
func probesByCode(b *testing.B, d *db.DB, ti db.TierInfo, per int, r *rand.Rand) []probe {
	var ps []probe
	for tries := 0; len(ps) < per && tries < 100*per; tries++ {
		x := r.Int64N(ti.Size)
		c, err := d.Code(ti.Tier, x)
		if err != nil {
			b.Fatal(err)
		}
		if c != db.Empty {
			ps = append(ps, probe{ti.Tier, x, c})
		}
	}
	return ps
}

// BenchmarkLookupWarm: random positions of a database whose files are in
// the page cache, read through one open DB (its small block cache mostly
// misses: each lookup reads and decompresses a block).
func BenchmarkLookupWarm(b *testing.B) {
	dir := benchDB(b)
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ps := probes(b, d, 100000)
	b.ResetTimer()
	i := 0
	cpu0 := int64(cputime.Process())
	for b.Loop() {
		p := ps[i%len(ps)]
		i++
		if c, err := d.Code(p.tier, p.rank); err != nil || c != p.code {
			b.Fatalf("%v: %d, %v", p, c, err)
		}
	}
	// The process's CPU time a lookup, which other work on the machine
	// does not inflate as it does the wall clock's ns/op.
	b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkLookupCold: each lookup opens the database and reads one
// position after every file of it was dropped from the page cache
// (posix_fadvise DONTNEED), as a query from a fresh process does.
func BenchmarkLookupCold(b *testing.B) {
	dir := benchDB(b)
	d, err := db.Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	ps := probes(b, d, 1000)
	d.Close()
	entries, _ := os.ReadDir(dir)
	drop := func() {
		for _, e := range entries {
			f, err := os.Open(filepath.Join(dir, e.Name()))
			if err != nil {
				b.Fatal(err)
			}
			f.Sync()
			const dontNeed = 4
			syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, dontNeed, 0, 0)
			f.Close()
		}
	}
	i := 0
	var cpu, disk int64
	for b.Loop() {
		b.StopTimer()
		drop()
		cpu0, disk0 := int64(cputime.Process()), diskBytes()
		p := ps[i%len(ps)]
		i++
		b.StartTimer()
		d, err := db.Open(dir, "")
		if err != nil {
			b.Fatal(err)
		}
		if c, err := d.Code(p.tier, p.rank); err != nil || c != p.code {
			b.Fatalf("%v: %d, %v", p, c, err)
		}
		d.Close()
		b.StopTimer()
		cpu += int64(cputime.Process()) - cpu0
		disk += diskBytes() - disk0
		b.StartTimer()
	}
	// The CPU time and the bytes read from the disk a lookup, which
	// other work on the machine does not inflate as it does the wall
	// clock's ns/op (each read from the disk waits for a core again).
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(disk)/float64(b.N), "disk-B/op")
}

// diskBytes is how many bytes this process had read from storage
// (read_bytes of /proc/self/io).
func diskBytes() int64 {
	b, _ := os.ReadFile("/proc/self/io")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "read_bytes: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}
