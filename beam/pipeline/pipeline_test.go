package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

// run builds spec's database in out on the in-process Prism runner.
func run(t *testing.T, spec, out string, opts Options) error {
	t.Helper()
	g, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(out, 0o777); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	if err := Construct(s, g.Spec(), out, opts); err != nil {
		t.Fatal(err)
	}
	_, err = prism.Execute(context.Background(), p)
	return err
}

// coreBuild builds spec's database with `grundy db build`'s builder.
func coreBuild(t *testing.T, spec string) string {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// sameFiles fails unless the two directories hold the same files with
// the same bytes.
func sameFiles(t *testing.T, want, got string) {
	t.Helper()
	list := func(dir string) []string {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	wn, gn := list(want), list(got)
	if !slices.Equal(wn, gn) {
		t.Fatalf("files differ:\n core: %v\n beam: %v", wn, gn)
	}
	for _, n := range wn {
		a, _ := os.ReadFile(filepath.Join(want, n))
		b, _ := os.ReadFile(filepath.Join(got, n))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs (%d bytes from the core, %d from the pipeline)", n, len(a), len(b))
		}
	}
	if len(wn) < 2 {
		t.Fatalf("only %v", wn)
	}
}

func TestSameAsCore(t *testing.T) {
	for _, spec := range []string{"tictactoe", "connect4:4x4", "quixo:3"} {
		t.Run(spec, func(t *testing.T) {
			want := coreBuild(t, spec)
			got := filepath.Join(t.TempDir(), "db")
			if err := run(t, spec, got, Options{}); err != nil {
				t.Fatal(err)
			}
			sameFiles(t, want, got)
			if _, err := strong.Query(got, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// With a tiny split threshold every acyclic tier of more than a few
// ranks is solved as several rank ranges, its moves joined with its
// children's records by CoGroupByKey; the files are still the core's.
// Quixo's tiers are loopy: they stay whole, and so identical too.
func TestSplitSameAsCore(t *testing.T) {
	for _, c := range []struct {
		spec string
		opts Options
	}{
		{"tictactoe", Options{SplitRanks: 4}},   // ranges of 4 ranks
		{"connect4:4x4", Options{SplitInto: 5}}, // 5 ranges a tier
		{"quixo:3", Options{SplitRanks: 4}},     // loopy: whole
	} {
		t.Run(c.spec, func(t *testing.T) {
			g, err := Lookup(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := g.Plan()
			if err != nil {
				t.Fatal(err)
			}
			sp := Split{Ranks: c.opts.SplitRanks, Into: c.opts.SplitInto}
			split := 0
			for _, pt := range plan.Tiers {
				if sp.splits(pt) {
					split++
					if n := numRanges(pt.Size, sp.ranks(pt)); n < 2 {
						t.Errorf("tier %s: %d range", pt.Name, n)
					}
				} else if !pt.Loopy && pt.Size > max(1, c.opts.SplitRanks) {
					t.Errorf("tier %s (%d ranks) is not split", pt.Name, pt.Size)
				}
			}
			t.Logf("%d of %d tiers split", split, len(plan.Tiers))
			want := coreBuild(t, c.spec)
			got := filepath.Join(t.TempDir(), "db")
			if err := run(t, c.spec, got, c.opts); err != nil {
				t.Fatal(err)
			}
			sameFiles(t, want, got)
		})
	}
}

// A tier's task dies after writing part of its temporary file. Prism
// does not retry a failed bundle (Flink, Spark and Dataflow do), so the
// retry here is the rerun of the pipeline, which runs the failed tier's
// DoFn again on the same input, skips the tiers finished before, and
// must end with the core's bytes, no half file left; the same when the
// tier is split into ranges (writeFn writes its file as solveFn does).
func TestFaultRetried(t *testing.T) {
	for _, opts := range []Options{{}, {SplitInto: 3}} {
		t.Run(fmt.Sprintf("split into %d", opts.SplitInto), func(t *testing.T) { faultRetried(t, opts) })
	}
}

func faultRetried(t *testing.T, opts Options) {
	spec := "connect4:4x4"
	want := coreBuild(t, spec)
	got := filepath.Join(t.TempDir(), "db")
	failed := map[int64]bool{}
	FailHook = func(tier int64) bool {
		if tier == 8 && !failed[tier] { // a tier in the middle of the graph
			failed[tier] = true
			return true
		}
		return false
	}
	defer func() { FailHook = nil }()
	err := run(t, spec, got, opts)
	if err == nil || !strings.Contains(err.Error(), "injected fault") {
		t.Fatalf("the first run: %v, want the injected fault", err)
	}
	if _, err := os.Stat(filepath.Join(got, "manifest.json")); err == nil {
		t.Fatal("a failed run wrote the manifest")
	}
	es, _ := os.ReadDir(got)
	temps, finished := 0, map[string]os.FileInfo{}
	for _, e := range es {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			temps++
		} else {
			finished[e.Name()], _ = e.Info()
		}
	}
	if temps == 0 || len(finished) == 0 {
		t.Fatalf("after the fault: %d temporary files, %d finished; want some of both", temps, len(finished))
	}
	if err := run(t, spec, got, opts); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, want, got)
	for n, fi := range finished {
		now, err := os.Stat(filepath.Join(got, n))
		if err != nil || !now.ModTime().Equal(fi.ModTime()) {
			t.Errorf("%s was written again; the rerun should skip finished tiers", n)
		}
	}
}

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}
