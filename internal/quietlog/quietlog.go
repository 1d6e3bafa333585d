// Package quietlog keeps one line of go.starlark.net from users: on a
// 64-bit POSIX machine the starlark package reserves 4 GB of address space
// for its small ints when it is initialised, and when it cannot (ulimit -v
// below about 4 GB of headroom) it logs "Starlark failed to allocate 4GB
// address space: … Integer performance may suffer." through the standard
// logger, timestamped, on every run. The library has no switch for it;
// ints then only cost an allocation more each.
//
// Importing this package (script does) installs a writer on the standard
// logger that drops that line and passes every other line to os.Stderr,
// the logger's default. It must run before the starlark package's
// initialisation, and it does: since Go 1.21 packages are initialised in
// the order of their import paths among those whose imports are done, and
// this package imports only what package log itself imports, so it is
// ready as soon as log is, and github.com/… sorts before go.starlark.net/….
// TestQuietUnderUlimit in package script checks it in a process with
// ulimit -v.
package quietlog

import (
	"io"
	"log"
	"os"
)

// noisy is the start of the line dropped (after log's timestamp).
const noisy = "Starlark failed to allocate 4GB address space"

func init() { log.SetOutput(filter{os.Stderr}) }

// filter writes every log line but the starlark one to w. The logger
// writes a whole line at a time.
type filter struct{ w io.Writer }

func (f filter) Write(p []byte) (int, error) {
	if contains(p, noisy) {
		return len(p), nil
	}
	return f.w.Write(p)
}

// contains is bytes.Contains, spelt out so that this package imports
// nothing log does not (see the package comment).
func contains(p []byte, s string) bool {
	for i := 0; i+len(s) <= len(p); i++ {
		if string(p[i:i+len(s)]) == s {
			return true
		}
	}
	return false
}
