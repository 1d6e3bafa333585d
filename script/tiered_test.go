package script

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
)

// TestTieredParams builds ring.star with --param n=6 into a database:
// it holds the positions reachable from the 6-cell start (as many as
// the script's own search finds with the same parameter), its queries
// load the script with the parameters the database keeps, and a build
// with another parameter into the same directory is refused.
func TestTieredParams(t *testing.T) {
	ctx := context.Background()
	const path = "../examples/ring.star"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := catalog.OpenScript(path, src)
	if err != nil {
		t.Fatal(err)
	}
	params := map[string]string{"n": "6"}
	dir := t.TempDir()
	res, err := strong.Build(ctx, inst, dir, strong.BuildOptions{Params: params})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Load(ctx, path, src, Options{Params: params})
	if err != nil {
		t.Fatal(err)
	}
	start, _, err := g.Start()
	if err != nil {
		t.Fatal(err)
	}
	l, err := g.Loopy(ctx, start)
	if err != nil {
		t.Fatal(err)
	}
	if res.Positions != int64(l.Len()) {
		t.Fatalf("the database holds %d positions; %d are reachable with n=6", res.Positions, l.Len())
	}
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r, err := d.Query(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := NewSolver(g, SolveOptions{})
	w, err := want.Solve(ctx, start)
	if err != nil {
		t.Fatal(err)
	}
	if r.Position != w.Position || r.Outcome != w.Outcome {
		t.Errorf("start: the database says %s %s; the script's solver %s %s", r.Position, r.Outcome, w.Position, w.Outcome)
	}
	if s, err := d.Start(); err != nil || s != r.Position {
		t.Errorf("Start() = %q, %v; want %q", s, err, r.Position)
	}
	_, err = strong.Build(ctx, inst, dir, strong.BuildOptions{Params: map[string]string{"n": "7"}})
	if err == nil || !strings.Contains(err.Error(), "--param n=6") || !strings.Contains(err.Error(), "--param n=7") {
		t.Errorf("a build with n=7 into the n=6 database: %v", err)
	}
}

// TestTieredStatsBytes: in a script's database each tier's bytes count
// its key file, and the tiers' bytes and the manifest make the total.
func TestTieredStatsBytes(t *testing.T) {
	ctx := context.Background()
	const path = "../examples/ring.star"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := catalog.OpenScript(path, src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := strong.Build(ctx, inst, dir, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	st, err := strong.ReadStats(dir)
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.Stat(filepath.Join(dir, db.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	sum := m.Size()
	if ix, err := os.Stat(filepath.Join(dir, db.IndexName)); err == nil {
		sum += ix.Size() // the tier index
	}
	for _, ts := range st.Tiers {
		tf, err := os.Stat(filepath.Join(dir, db.TierFileName(ts.Tier)))
		if err != nil {
			t.Fatal(err)
		}
		if ts.KeyBytes <= 0 || ts.Bytes != tf.Size()+ts.KeyBytes {
			t.Errorf("tier %s: %d bytes, %d of keys; its tier file has %d", ts.Name, ts.Bytes, ts.KeyBytes, tf.Size())
		}
		sum += ts.Bytes
	}
	if sum != st.Bytes {
		t.Errorf("the tiers and the manifest make %d bytes; the total says %d", sum, st.Bytes)
	}
}
