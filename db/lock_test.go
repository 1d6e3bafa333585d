package db

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildLock: a second Builder on a directory another one is writing
// fails with an error naming the holder; after Close (or Finish) a new
// one resumes, and a lock held by a process that died is no lock.
func TestBuildLock(t *testing.T) {
	dir := t.TempDir()
	a, err := Create(dir, "g")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Create(dir, "g")
	if err == nil || !strings.Contains(err.Error(), "is locked by another build (process") {
		t.Fatalf("a second build into the directory: %v", err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := Create(dir, "g")
	if err != nil {
		t.Fatalf("after Close: %v", err)
	}
	if err := b.Finish(0, 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, lockName)); err == nil {
		t.Error("Finish left the lock file")
	}
	c, err := Create(dir, "g")
	if err != nil {
		t.Fatalf("after Finish: %v", err)
	}
	c.Close()

	// A lock file left by a process that died (flock goes with it).
	dir2 := t.TempDir()
	cmd := exec.Command("sh", "-c", "exec 9>"+filepath.Join(dir2, lockName)+"; flock -n 9 && echo 12345 >&9")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("no flock(1) here: %v %s", err, out)
	}
	d, err := Create(dir2, "g")
	if err != nil {
		t.Fatalf("a stale lock file: %v", err)
	}
	d.Close()
}
