//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/grundy-go/grundy/heap"
)

// The data files of seq --out, --resume and table --svg (issue 13), and
// what a signal does to a run, on systems with umask, signals and flock.
// These run the grundy command that TestMain
// puts on $PATH (the test binary itself, see script_test.go).

// grundyIn runs "grundy ARGS..." in dir under the given umask, and returns
// its stderr and exit status.
func grundyIn(t *testing.T, dir string, umask int, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", "umask " + strconv.FormatInt(int64(umask), 8) + ` && exec grundy "$@"`, "grundy"}, args...)...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatal(err)
	}
	return stderr.String(), cmd.ProcessState.ExitCode()
}

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// temps lists the files of dir that start with ".grundy-".
func temps(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".grundy-") {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestDataFileModes: files are created 0666 less the umask (they were 0600
// whatever the umask), and a file replaced keeps its mode.
func TestDataFileModes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o644}, {0o027, 0o640}, {0o077, 0o600}, {0o002, 0o664}} {
		name := "k" + strconv.FormatInt(int64(c.umask), 8)
		if stderr, code := grundyIn(t, dir, c.umask, "seq", "kayles", "--upto", "100", "--out", name+".zst"); code != 0 {
			t.Fatalf("seq: exit %d: %s", code, stderr)
		}
		if stderr, code := grundyIn(t, dir, c.umask, "table", "kayles", "--upto", "20", "--svg", name+".svg"); code != 0 {
			t.Fatalf("table: exit %d: %s", code, stderr)
		}
		for _, f := range []string{name + ".zst", name + ".svg"} {
			if got := mode(t, filepath.Join(dir, f)); got != c.want {
				t.Errorf("umask %03o: %s has mode %03o, want %03o", c.umask, f, got, c.want)
			}
		}
	}
	// Replacing: the file keeps the mode its owner gave it.
	k := filepath.Join(dir, "k22.zst")
	if err := os.Chmod(k, 0o640); err != nil {
		t.Fatal(err)
	}
	if stderr, code := grundyIn(t, dir, 0o022, "seq", "kayles", "--upto", "200", "--out", "k22.zst"); code != 0 {
		t.Fatalf("seq: exit %d: %s", code, stderr)
	}
	if got := mode(t, k); got != 0o640 {
		t.Errorf("replaced file has mode %03o, want 0640 kept", got)
	}
	if _, v, err := heap.LoadFile(k, 1<<20, 1<<20); err != nil || v.Len() != 200 {
		t.Errorf("replaced file: %v, %v", err, v)
	}
	if left := temps(t, dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestSignalSavesProgress: SIGINT and SIGTERM both stop a long run, save
// the values computed so far in --out, and exit 128+signal (130, 143). The
// signal is sent once the run has reported progress (GRUNDY_PROGRESS_FILE),
// so it is handled, and values are computed, whatever the machine's load.
func TestSignalSavesProgress(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		last string
	}{{syscall.SIGINT, 130, "grundy: interrupted"}, {syscall.SIGTERM, 143, "grundy: terminated"}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			progress := filepath.Join(dir, "progress")
			cmd := exec.Command("sh", "-c", "umask 022 && exec grundy seq grundy-game --upto 100000000 --out gg.zst")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), progressFileEnv+"="+progress)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			for {
				if _, err := os.Stat(progress); err == nil {
					break
				}
				select {
				case err := <-exited:
					t.Fatalf("exited before reporting progress: %v: %s", err, stderr.String())
				case <-time.After(10 * time.Millisecond):
				}
			}
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			<-exited
			if got := cmd.ProcessState.ExitCode(); got != c.code {
				t.Fatalf("exit status %d, want %d; stderr:\n%s", got, c.code, stderr.String())
			}
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if len(lines) != 2 || !strings.HasSuffix(lines[0], " values, saved in gg.zst; continue with --resume gg.zst") || lines[1] != c.last {
				t.Fatalf("stderr:\n%s", stderr.String())
			}
			path := filepath.Join(dir, "gg.zst")
			if got := mode(t, path); got != 0o644 {
				t.Errorf("saved file has mode %03o, want 0644 under umask 022", got)
			}
			spec, saved, err := heap.LoadFile(path, 1<<30, 1<<30)
			if err != nil || spec != "grundy-game" || saved.Len() < 1<<16 {
				t.Fatalf("saved file: %v, game %q, %v: want at least 65536 values of grundy-game", err, spec, saved)
			}
			if !strings.HasPrefix(lines[0], "grundy: interrupted after "+strconv.Itoa(saved.Len())+" values") {
				t.Errorf("stderr names another count than the file's %d: %s", saved.Len(), lines[0])
			}
			r, _ := heap.Parse("grundy-game")
			want, err := heap.Compute(context.Background(), r, saved.Len(), heap.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i := range saved.Len() {
				if saved.At(i) != want.At(i) {
					t.Fatalf("saved G(%d) = %d, want %d", i, saved.At(i), want.At(i))
				}
			}
			if left := temps(t, dir); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestStaleTempFiles: a run killed while saving leaves its temporary file;
// the next run into the directory removes it when no process holds its
// lock and its process is gone or it is more than an hour old, and leaves
// every other file alone.
func TestStaleTempFiles(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	deadPid := strconv.Itoa(dead.Process.Pid)
	self := strconv.Itoa(os.Getpid())
	old := time.Now().Add(-2 * time.Hour)
	files := []struct {
		name   string
		old    bool
		locked bool
		stays  bool // after seq --out
	}{
		{".grundy-seq-" + deadPid + "-a1", false, false, false},  // killed run: gone
		{".grundy-seq-" + self + "-b2", false, false, true},      // live process, fresh: may be about to lock it
		{".grundy-seq-" + self + "-c3", true, true, true},        // locked by a live process, however old
		{".grundy-seq-" + self + "-d4", true, false, false},      // unlocked and old (a reused pid)
		{".grundy-seq-123456789", false, false, true},            // no pid (an older grundy's name), fresh
		{".grundy-seq-987654321", true, false, false},            // no pid, old
		{".grundy-table-" + deadPid + "-e5", false, false, true}, // table's: seq leaves it
		{"keep.zst", true, false, true},                          // not ours
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		fh, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		if f.locked {
			if err := syscall.Flock(int(fh.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
				t.Fatal(err)
			}
		}
		if f.old {
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if stderr, code := grundyIn(t, dir, 0o022, "seq", "kayles", "--upto", "10", "--out", "k.zst"); code != 0 {
		t.Fatalf("seq: exit %d: %s", code, stderr)
	}
	var want []string
	for _, f := range files {
		if f.stays && strings.HasPrefix(f.name, ".grundy-") {
			want = append(want, f.name)
		}
	}
	slices.Sort(want)
	if got := temps(t, dir); !slices.Equal(got, want) {
		t.Errorf("after seq --out: %v, want %v", got, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "keep.zst")); err != nil {
		t.Error(err)
	}
	// table --svg cleans its own.
	if stderr, code := grundyIn(t, dir, 0o022, "table", "kayles", "--upto", "10", "--svg", "k.svg"); code != 0 {
		t.Fatalf("table: exit %d: %s", code, stderr)
	}
	if got := temps(t, dir); slices.Contains(got, ".grundy-table-"+deadPid+"-e5") {
		t.Errorf("after table --svg: %v", got)
	}
}

// TestResumeCraftedHeader is issue 13's memory bomb through the command: a
// 135 KB file whose header claims 2^31 values of 2 bytes (4 GiB) drove the
// resident size past 2.5 GB. It is now a one-line error, and the process
// stays small.
func TestResumeCraftedHeader(t *testing.T) {
	dir := t.TempDir()
	zw, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	payload := make([]byte, 135<<10) // incompressible
	for i := range payload {
		payload[i] = byte(rng.Uint32())
	}
	data := zw.EncodeAll(append([]byte("grundy-seq 1\n{\"game\":\"kayles\",\"count\":2147483648,\"width\":2}\n"), payload...), nil)
	if err := os.WriteFile(filepath.Join(dir, "crafted.zst"), data, 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("grundy", "seq", "kayles", "--upto", "2147483648", "--resume", "crafted.zst")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cmd.Run()
	want := "grundy: --resume crafted.zst: value file truncated: its header says 2147483648 values, it holds 69120\n"
	if code := cmd.ProcessState.ExitCode(); code != 2 || stderr.String() != want {
		t.Fatalf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && runtime.GOOS == "linux" {
		if rss := ru.Maxrss << 10; rss > 200<<20 { // kilobytes on Linux
			t.Errorf("peak resident size %d MB for a file that claims 4 GiB", rss>>20)
		}
		t.Logf("peak resident size %d MB", ru.Maxrss>>10)
	}
}
