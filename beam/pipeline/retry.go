package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// Retries. Flink, Spark and Dataflow retry a failed bundle themselves;
// Prism does not ("does not retry or provide other resilience features,
// which may mask errors": the Prism runner's README, Beam 2.77.0, and its
// executePipeline fails the job on the first failed bundle). So Build
// retries the job: a failed run is followed by another run of the same
// pipeline, which skips the tiers whose files are there (they appear
// only by a rename, whole) and solves the rest again, the failed tier
// among them. Attempts are bounded, so a fault that repeats every time
// ends the build with an error naming the tier instead of looping.

// DefaultAttempts is how many times Build runs a failing pipeline.
const DefaultAttempts = 3

// Runner runs a constructed pipeline (beamx.Run, prism.Execute).
type Runner func(ctx context.Context, p *beam.Pipeline) error

// BuildOptions tune Build.
type BuildOptions struct {
	Options
	// Attempts bounds the runs of the pipeline (DefaultAttempts if 0).
	Attempts int
	// Log, if not nil, gets a line for each failed attempt.
	Log io.Writer
}

// Build builds spec's database in out (as Construct), running the
// pipeline with run, and again after a failed run, up to
// opts.Attempts runs in all. A cancelled ctx is not retried.
func Build(ctx context.Context, spec, out string, run Runner, opts BuildOptions) error {
	attempts := opts.Attempts
	if attempts <= 0 {
		attempts = DefaultAttempts
	}
	if opts.LoopyRounds == 0 {
		opts.LoopyRounds = DefaultLoopyRounds
	}
	var failed []string // tiers that failed, or were stopped with the failure, the last attempt
	var err error
	for a := 1; a <= attempts; a++ {
		p, s := beam.NewPipelineWithRoot()
		if err := Construct(s, spec, out, opts.Options); err != nil {
			return err
		}
		if err = run(ctx, p); err == nil {
			if a > 1 && opts.Log != nil {
				fmt.Fprintf(opts.Log, "grundy-beam: attempt %d of %d finished the build\n", a, attempts)
			}
			return nil
		}
		// The failed run's tasks may still be running in this process:
		// nothing below, nor the next run, may look at the directory
		// before they have ended.
		waitTasks()
		if ctx.Err() != nil {
			return err
		}
		if moreRounds(err) && 2*opts.LoopyRounds <= maxLoopyRounds {
			// The loopy tiers' parts this run wrote were settled by
			// their own ranges' rounds alone: a range is quiet when no
			// position of its own waits, even if another range of its
			// tier still had a message for it, so a part of a tier that
			// needed more rounds may be wrong. None is kept.
			if rerr := removeLoopyParts(ctx, spec, out); rerr != nil {
				return rerr
			}
			// Not a fault: a loopy tier's queue has more levels than the
			// rounds laid out. The next run has twice as many (and
			// keeps the finished tiers); this run is not counted.
			opts.LoopyRounds *= 2
			if opts.Log != nil {
				fmt.Fprintf(opts.Log, "grundy-beam: %s; running the pipeline again with %d rounds a stage (finished tiers are kept)\n", Cause(err), opts.LoopyRounds)
			}
			a--
			continue
		}
		var done, total int
		failed, done, total = unfinished(ctx, spec, out)
		if opts.Log != nil {
			next := "giving up"
			if a < attempts {
				next = "running the pipeline again (finished tiers are kept)"
			}
			fmt.Fprintf(opts.Log, "grundy-beam: attempt %d of %d failed with %d of %d tiers finished (unfinished with their children done: %s): %s; %s\n",
				a, attempts, done, total, strings.Join(failed, ", "), Cause(err), next)
		}
	}
	return &FailedError{Attempts: attempts, Tiers: failed, Cause: Cause(err), Err: err}
}

// Tasks still running. Prism's Execute returns as soon as a bundle
// fails, while the SDK harness in this process goes on with the bundles
// it had started (the runner cancels only its own side): a task of the
// failed run could then write a tier's file, a part or a reachability
// part while the next run checks and writes the same files, or remove
// them under it. So each task that reads or writes the database's
// directory is counted while it runs, and Build waits, after a failed
// run, until none is left. (On a cluster runner the tasks run in the
// workers and the runner stops them; none is counted here.)
var tasks struct {
	mu      sync.Mutex
	running int
	idle    *sync.Cond
}

func init() { tasks.idle = sync.NewCond(&tasks.mu) }

// startTask counts a task as running until the function it returns is
// called.
func startTask() (end func()) {
	tasks.mu.Lock()
	tasks.running++
	tasks.mu.Unlock()
	return func() {
		tasks.mu.Lock()
		if tasks.running--; tasks.running == 0 {
			tasks.idle.Broadcast()
		}
		tasks.mu.Unlock()
	}
}

// waitTasks returns once no task is running.
func waitTasks() {
	tasks.mu.Lock()
	defer tasks.mu.Unlock()
	for tasks.running > 0 {
		tasks.idle.Wait()
	}
}

// removeLoopyParts removes the parts (and their descriptions) of the
// split loopy tiers of spec that have no file in out.
func removeLoopyParts(ctx context.Context, spec, out string) error {
	l, err := lookup(spec)
	if err != nil {
		return err
	}
	fsys, err := filesystem.New(ctx, out)
	if err != nil {
		return err
	}
	defer fsys.Close()
	for _, pt := range l.plan.Tiers {
		if !pt.Loopy {
			continue
		}
		if _, err := fsys.Size(ctx, join(out, db.TierFileName(uint64(pt.Tier)))); err == nil {
			continue
		}
		names, err := fsys.List(ctx, join(out, fmt.Sprintf("%s%016x-*", partPrefix, uint64(pt.Tier))))
		if err != nil {
			return err
		}
		if err := remove(ctx, fsys, names); err != nil {
			return err
		}
	}
	return nil
}

// FailedError is Build's error when every attempt failed.
type FailedError struct {
	Attempts int
	Tiers    []string // unfinished tiers whose children were finished: the failed ones, and those stopped with them
	Cause    string   // the failing tier's own error, as the runner reported it
	Err      error    // the runner's error of the last attempt
}

func (e *FailedError) Error() string {
	what := "the build"
	if len(e.Tiers) > 0 {
		what = "tier " + strings.Join(e.Tiers, ", tier ")
	}
	return fmt.Sprintf("%s failed in each of %d attempts: %s", what, e.Attempts, e.Cause)
}

func (e *FailedError) Unwrap() error { return e.Err }

// tierErr matches the error a DoFn returns for a tier (tierError), within
// the runner's report of the failed bundle.
var tierErr = regexp.MustCompile(`grundy tier [^\n]*`)

// tierError is the error of a DoFn solving tier name: runners pass a
// DoFn's error on as text, in which Cause finds it.
func tierError(name string, err error) error { return fmt.Errorf("grundy tier %s: %w", name, err) }

// Cause is the failing tier's error in a runner's report of a failed job
// (its first line, without the runner's stack of wrappers), or the
// report's first line.
func Cause(err error) string {
	if err == nil {
		return ""
	}
	if m := tierErr.FindString(err.Error()); m != "" {
		return strings.TrimPrefix(m, "grundy ")
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// unfinished lists the tiers of spec without a file in out whose child
// tiers all have one (the tiers a failed run was solving), and counts
// the tiers with a file.
func unfinished(ctx context.Context, spec, out string) (frontier []string, done, total int) {
	l, err := lookup(spec)
	if err != nil {
		return nil, 0, 0
	}
	total = len(l.plan.Tiers)
	fsys, err := filesystem.New(ctx, out)
	if err != nil {
		return nil, 0, total
	}
	defer fsys.Close()
	names, err := fsys.List(ctx, join(out, "tier-*"))
	if err != nil {
		return nil, 0, total
	}
	have := map[string]bool{}
	for _, n := range names {
		have[n[strings.LastIndex(n, "/")+1:]] = true
	}
	has := func(t game.Tier) bool { return have[db.TierFileName(uint64(t))] }
	for _, pt := range l.plan.Tiers {
		if has(pt.Tier) {
			done++
			continue
		}
		ready := true
		for _, c := range pt.Children {
			ready = ready && has(c)
		}
		if ready {
			frontier = append(frontier, pt.Name)
		}
	}
	return frontier, done, total
}

// Injected faults ----------------------------------------------------------

// FailHook, if set, is asked before each write of a tier's file or of a
// part of a split tier (once a write); when it returns true the write
// stops halfway with an error, leaving a half temporary file, as a worker
// dying mid-tier would (tests use it).
var FailHook func(w Write) bool

// Write names a file write that a fault may stop: tier Tier's file, or,
// if Part, the part of its ranks from First (split.go), or, if Reach,
// the reachability part of its ranks from First (reach.go).
type Write struct {
	Tier  int64
	Part  bool
	Reach bool
	First int64
}

// FaultEnv names the environment variable that injects a fault in the
// worker processes that see it: "N" makes the Nth file (a tier's, a
// part's or a reachability part's) the process writes fail halfway, once; "N:always" makes every
// later write of that file fail too (a fault that a retry does not
// cure).
const FaultEnv = "GRUNDY_BEAM_FAULT"

var envFault struct {
	once   sync.Once
	n      int
	always bool
	err    error

	mu     sync.Mutex
	writes int
	what   Write
	hit    bool
}

// parseFault reads FaultEnv's value.
func parseFault(v string) (n int, always bool, err error) {
	if v == "" {
		return 0, false, nil
	}
	num, mode, _ := strings.Cut(v, ":")
	n, err = strconv.Atoi(num)
	if err != nil || n < 1 || (mode != "" && mode != "always") {
		return 0, false, fmt.Errorf("%s=%q: want N or N:always, N the number (from 1) of the tier file write that fails", FaultEnv, v)
	}
	return n, mode == "always", nil
}

// injectFault reports whether this write of w fails.
func injectFault(w Write) (bool, error) {
	if FailHook != nil && FailHook(w) {
		return true, nil
	}
	f := &envFault
	f.once.Do(func() { f.n, f.always, f.err = parseFault(os.Getenv(FaultEnv)) })
	if f.err != nil || f.n == 0 {
		return false, f.err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes++
	switch {
	case f.writes == f.n:
		f.what, f.hit = w, true
		return true, nil
	case f.always && f.hit && w == f.what:
		return true, nil
	}
	return false, nil
}

// ErrInjected is the error of a write an injected fault stopped.
var ErrInjected = errors.New("injected fault: the worker died mid-tier")

type failWriter struct {
	w    io.Writer
	left int
}

func (f *failWriter) Write(b []byte) (int, error) {
	if len(b) > f.left {
		n, _ := f.w.Write(b[:f.left])
		f.left = 0
		return n, ErrInjected
	}
	f.left -= len(b)
	return f.w.Write(b)
}
