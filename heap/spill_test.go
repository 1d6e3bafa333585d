package heap

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// saved is the value file Save writes for v: two runs that give the same
// bytes here gave the same values of the same widths.
func saved(t *testing.T, spec string, v *Values) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Save(&b, spec, v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSpillIdentical: a run forced to spill at once (a budget of 1 KiB)
// gives byte-identical values to the run in memory: splitting games on
// both cores (Grundy's game, Kayles), one whose values widen from one
// byte to two and to four in the file (Lasker's Nim), and one whose
// period fills the file (0.16).
func TestSpillIdentical(t *testing.T) {
	dir := t.TempDir()
	// Shed the mapping's pages every 65536 values (every 2^24 in a real
	// run): the values written before a shed must read back the same.
	defer func(old int) { shedEvery = old }(shedEvery)
	shedEvery = 1 << 16
	for _, c := range []struct {
		spec string
		n    int
		opts Options
	}{
		{"grundy-game", 150_000, Options{}},
		{"kayles", 60_000, Options{}},
		{"lasker", 1500, Options{}},
		{"allbut:1,2", 70_000, Options{}},
		{"octal:0.16", 600_000, Options{UsePeriod: true}},
	} {
		r, err := Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		mem, err := Compute(context.Background(), r, c.n, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		o := c.opts
		o.SpillPath, o.SpillBudget = filepath.Join(dir, "spill"), 1024
		sp, err := Compute(context.Background(), r, c.n, o)
		if err != nil {
			t.Fatal(err)
		}
		if !sp.Spilled() {
			t.Fatalf("%s: not spilled", c.spec)
		}
		if !bytes.Equal(saved(t, c.spec, mem), saved(t, c.spec, sp)) {
			t.Fatalf("%s: spilled values differ from the values in memory", c.spec)
		}
		if got := spillCount(t, o.SpillPath); got != c.n {
			t.Fatalf("%s: the spill file counts %d values, want %d", c.spec, got, c.n)
		}
		if err := sp.Close(); err != nil {
			t.Fatal(err)
		}
		// The file alone, read back, is the same values.
		spec, back, err := LoadFile(o.SpillPath, 1<<30, 1<<30)
		if err != nil || spec != c.spec {
			t.Fatal(spec, err)
		}
		if !bytes.Equal(saved(t, c.spec, mem), saved(t, c.spec, back)) {
			t.Fatalf("%s: the spill file read back differs", c.spec)
		}
		back.Close()
	}
}

func spillCount(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := make([]byte, 8)
	if _, err := f.ReadAt(b, spillHeader-8); err != nil {
		return 0
	}
	return int(binary.LittleEndian.Uint64(b))
}

const killN = 400_000

// TestSpillChild is the process TestSpillResumeAfterKill kills: Grundy's
// game to killN values, spilled to the file GRUNDY_SPILL_CHILD names.
func TestSpillChild(t *testing.T) {
	path := os.Getenv("GRUNDY_SPILL_CHILD")
	if path == "" {
		t.Skip("run by TestSpillResumeAfterKill")
	}
	r, _ := Parse("grundy-game")
	Compute(context.Background(), r, killN, Options{SpillPath: path, SpillBudget: 1024})
}

// TestSpillResumeAfterKill: a spilled run killed (SIGKILL) part way
// leaves a file that --resume continues, and the values are byte-identical
// to a run in memory; the same after a cancellation in the process, and
// across a widening (Lasker's Nim, one byte to two).
func TestSpillResumeAfterKill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gg.spill")
	cmd := exec.Command(os.Args[0], "-test.run=^TestSpillChild$")
	cmd.Env = append(os.Environ(), "GRUNDY_SPILL_CHILD="+path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil && spillCount(t, path) >= 2*65536 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the child wrote no values")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	got := spillCount(t, path)
	if got >= killN {
		t.Skipf("the child finished (%d values) before the kill", got)
	}
	r, _ := Parse("grundy-game")
	mem, err := Compute(context.Background(), r, killN, Options{})
	if err != nil {
		t.Fatal(err)
	}
	resume(t, r, path, killN, got, mem)

	// Cancelled in the process: the file holds the values up to the
	// cancellation (the context is looked at every 65536 values).
	path = filepath.Join(t.TempDir(), "gg2.spill")
	ctx, cancel := context.WithCancel(context.Background())
	part, err := Compute(ctx, r, killN, Options{SpillPath: path, SpillBudget: 1024, Progress: func(int) { cancel() }})
	if err == nil || part.Len() >= killN {
		t.Fatalf("not cancelled: %v, %d values", err, part.Len())
	}
	had := part.Len()
	part.Close()
	resume(t, r, path, killN, had, mem)

	// Resumed across a widening: Lasker's Nim's values pass 255 at heap
	// 255, so its file of bytes is replaced by one of two-byte values.
	r, _ = Parse("lasker")
	path = filepath.Join(t.TempDir(), "lasker.spill")
	part, err = Compute(context.Background(), r, 200, Options{SpillPath: path, SpillBudget: 64})
	if err != nil || part.Width() != 1 {
		t.Fatal(err, part.Width())
	}
	part.Close()
	mem, _ = Compute(context.Background(), r, 1200, Options{})
	resume(t, r, path, 1200, 200, mem)
}

// resume continues the spill file at path (holding at least had values)
// to n values, and compares them with want.
func resume(t *testing.T, r *Rule, path string, n, had int, want *Values) {
	t.Helper()
	spec, prev, err := LoadFile(path, 1<<30, n)
	if err != nil || spec != r.Spec || prev.Len() < had || !prev.Spilled() {
		t.Fatalf("reading back the spill file: %v, %s, %d values (at least %d)", err, spec, prev.Len(), had)
	}
	for i := range prev.Len() {
		if prev.At(i) != want.At(i) {
			t.Fatalf("%s: G(%d) = %d in the file, %d in memory", r.Spec, i, prev.At(i), want.At(i))
		}
	}
	v, err := Extend(context.Background(), r, prev, n, Options{SpillPath: path, SpillBudget: 1024})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	if !v.Spilled() || !bytes.Equal(saved(t, r.Spec, v), saved(t, r.Spec, want)) {
		t.Fatalf("%s: resumed from %d values in the spill file, the values differ from the run in memory", r.Spec, had)
	}
}

// TestSpillRejects: damaged spill files are refused with an error that
// says what is wrong, never a panic or a mapping of what the header claims.
func TestSpillRejects(t *testing.T) {
	dir := t.TempDir()
	r, _ := Parse("kayles")
	good := filepath.Join(dir, "good")
	v, err := Compute(context.Background(), r, 5000, Options{SpillPath: good, SpillBudget: 1})
	if err != nil {
		t.Fatal(err)
	}
	v.Close()
	whole, _ := os.ReadFile(good)
	for name, b := range map[string][]byte{
		"truncated":         whole[:len(whole)-1],
		"header only":       whole[:100],
		"damaged header":    append([]byte(spillMagic+"{garbage\n"), whole[len(spillMagic)+10:]...),
		"count past end":    append(append(append([]byte{}, whole[:spillHeader-8]...), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0), whole[spillHeader:]...),
		"huge capacity":     bytes.Replace(whole, []byte(`"capacity":5000`), []byte(`"capacity":9e15`), 1),
		"width 3":           bytes.Replace(whole, []byte(`"width":1`), []byte(`"width":3`), 1),
		"no newline at all": append([]byte(spillMagic), bytes.Repeat([]byte{'x'}, spillHeader)...),
	} {
		p := filepath.Join(dir, "bad")
		os.WriteFile(p, b, 0o644)
		if _, v, err := LoadFile(p, 1<<20, 1<<20); err == nil {
			v.Close()
			t.Errorf("%s: accepted", name)
		}
	}
}
