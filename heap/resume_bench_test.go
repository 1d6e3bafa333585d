package heap

import (
	"context"
	"github.com/grundy-go/grundy/internal/cputime"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkResume continues Grundy's game from the spill file named by
// GRUNDY_BENCH_RESUME (a spilled run's file, copied first: the run goes
// on in the copy) by GRUNDY_BENCH_RESUME_N values (default 2^24): the
// cost per value far out, where a run from 0 would take hours. It reports
// the wall and CPU time (user + system, both goroutines) a value, and the
// cores used (their ratio), from Extend's start, which loads the file's
// state (absorb: some seconds), to its end; the copy before and the write
// back of the file after (Close: an msync of the whole mapping, to the
// disk) are left out. Issue 21's profile at 2^28 resumes from the first
// 2^28 values of a 2^32 run:
//
//	GRUNDY_BENCH_RESUME=/tmp/g28.spill go test ./heap -run '^$' -bench Resume -benchtime 1x -cpuprofile /tmp/p28.out
func BenchmarkResume(b *testing.B) {
	src := os.Getenv("GRUNDY_BENCH_RESUME")
	if src == "" {
		b.Skip("set GRUNDY_BENCH_RESUME to a spill file of Grundy's game")
	}
	more := 1 << 24
	if s := os.Getenv("GRUNDY_BENCH_RESUME_N"); s != "" {
		var err error
		if more, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	r, err := Parse("grundy-game")
	if err != nil {
		b.Fatal(err)
	}
	var values int
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		path := filepath.Join(b.TempDir(), "resume.spill")
		copyFile(b, src, path)
		_, v, err := LoadFile(path, MaxUpto(r), MaxUpto(r))
		if err != nil {
			b.Fatal(err)
		}
		from := v.Len()
		b.StartTimer()
		c0 := cputime.Process()
		out, err := Extend(context.Background(), r, v, from+more, Options{})
		if err != nil || out.Len() != from+more {
			b.Fatal(err)
		}
		cpu += cputime.Process() - c0
		values = more
		b.StopTimer()
		out.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(values), "ns/value")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(values), "cpu-ns/value")
		b.ReportMetric(float64(cpu)/float64(b.Elapsed()), "cores")
	}
}

func copyFile(b *testing.B, src, dst string) {
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
}
