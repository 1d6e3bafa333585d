package tier

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// The kill test runs builds in child processes: the test binary itself,
// told by this variable which game to build where.
const childEnv = "GRUNDY_TIER_CHILD"

func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		var kind, dir string
		fmt.Sscanf(spec, "%s %s", &kind, &dir)
		b, err := db.Create(dir, kind)
		if err == nil {
			_, err = solveNamed(kind, b, func(Progress) { time.Sleep(time.Millisecond) })
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// resumeGames are the games of the kill test: an acyclic one with many
// tiers and a loopy one with endless verdicts.
func resumeGame(kind string) any {
	switch kind {
	case "takeaway":
		return takeAway{n0: 40, k: 30000, seed: 9}
	case "loopy":
		return tierGraphEndless{randomTierGraph(rand.New(rand.NewPCG(5, 5)), 25, 4000, true)}
	case "ranged":
		// Built by ranges of one block: 4 ranges a tier.
		return takeAway{n0: 40, k: 30000, seed: 9}
	}
	return nil
}

func solveNamed(kind string, b *db.Builder, progress func(Progress)) (*Result, error) {
	opts := Options{Workers: 2, Progress: progress}
	if kind == "ranged" {
		opts.rangeRanks = rangeUnit
	}
	switch g := resumeGame(kind).(type) {
	case takeAway:
		return Solve[tok](context.Background(), g, b, opts)
	case game.Tiered[int32]:
		return Solve(context.Background(), g, b, opts)
	}
	return nil, fmt.Errorf("no game %s", kind)
}

// dirFiles reads every file of a directory.
func dirFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// TestKillResume kills builds (SIGKILL) at random moments, resumes them,
// and checks that the database is byte for byte the uninterrupted one.
func TestKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs builds in child processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for _, kind := range []string{"takeaway", "loopy", "ranged"} {
		ref := t.TempDir()
		b, err := db.Create(ref, kind)
		if err != nil {
			t.Fatal(err)
		}
		began := time.Now()
		if _, err := solveNamed(kind, b, func(Progress) { time.Sleep(time.Millisecond) }); err != nil {
			t.Fatal(err)
		}
		took := time.Since(began)
		want := dirFiles(t, ref)
		for round := range 3 {
			dir := t.TempDir()
			kills := 0
			for finished := false; !finished && kills < 6; {
				cmd := exec.Command(exe)
				cmd.Env = append(os.Environ(), childEnv+"="+kind+" "+dir)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				timer := time.AfterFunc(time.Duration(r.Int64N(int64(took))), func() { cmd.Process.Kill() })
				err := cmd.Wait()
				if timer.Stop() && err != nil {
					t.Fatalf("%s: the build failed: %v\n%s", kind, err, stderr.String())
				}
				finished = err == nil
				if !finished {
					kills++
				}
			}
			b, err := db.Create(dir, kind)
			if err != nil {
				t.Fatal(err)
			}
			res, err := solveNamed(kind, b, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s round %d: %d kills, then %d of %d tiers found finished", kind, round, kills, res.Resumed, res.Tiers)
			got := dirFiles(t, dir)
			names := slices.Sorted(func(yield func(string) bool) {
				for n := range got {
					if !yield(n) {
						return
					}
				}
			})
			if len(got) != len(want) {
				t.Fatalf("%s: %d files after resuming, %d in one go: %v", kind, len(got), len(want), names)
			}
			for n, w := range want {
				if !bytes.Equal(got[n], w) {
					t.Fatalf("%s: %s differs after resuming", kind, n)
				}
			}
		}
	}
}
