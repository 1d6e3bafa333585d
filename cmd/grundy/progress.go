package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress reports how far a long search has got, on stderr when stderr is
// a terminal, and only once the work has taken more than a second: quick
// answers stay clean and piped output is never cluttered.
type progress struct {
	w       io.Writer
	start   time.Time
	last    time.Time
	enabled bool
	shown   bool
	// file, from $GRUNDY_PROGRESS_FILE, is rewritten with the count at
	// the first report and then at most every second, terminal or not:
	// for scripts and tests that watch a long run (a test waits for it
	// before it signals a run, so that the run has started and values
	// are computed).
	file     string
	fileLast time.Time
}

// progressFileEnv names the environment variable of progress.file.
const progressFileEnv = "GRUNDY_PROGRESS_FILE"

func newProgress() *progress {
	return &progress{
		w:       os.Stderr,
		start:   time.Now(),
		enabled: isTerminal(os.Stderr),
		file:    os.Getenv(progressFileEnv),
	}
}

// Report shows count things of the given unit done, at most a few times a
// second. It is safe to pass as a solver's progress callback.
func (p *progress) Report(count int, unit string) {
	now := time.Now()
	if p.file != "" && (p.fileLast.IsZero() || now.Sub(p.fileLast) >= time.Second) {
		p.fileLast = now
		os.WriteFile(p.file, []byte(fmt.Sprintf("%d %s\n", count, unit)), 0o666)
	}
	if !p.enabled {
		return
	}
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	p.shown = true
	rate := float64(count) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\r%d %s reached (%.0f/s, %s elapsed; Ctrl-C cancels)  ", count, unit, rate, now.Sub(p.start).Round(time.Second))
}

// Done clears the progress line if one was shown.
func (p *progress) Done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal reports whether f is a terminal (a character device: a pipe
// or a file is not), which is what progress needs to know; the standard
// library's file mode says it without a terminal package.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
