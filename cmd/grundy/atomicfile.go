package main

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Data files (seq --out, table --svg) are written whole or not at all: into
// a temporary file beside the target, named PREFIX<pid>-<random>, created
// with mode 0666 less the umask (as the shell would create it; a file
// replaced keeps its mode), flushed to disk (fsync) and renamed over the
// target, and the directory is synced so that the rename is durable too.
// While it is written the temporary file is locked (flock, where the
// system has it), and the lock dies with its process.
//
// A run killed outright (SIGKILL, a crash, the machine going down) leaves
// its temporary file behind. The next run that writes into the same
// directory removes such files: one is stale when no process holds its
// lock and either the process named in it is gone or it was last written
// more than staleAge ago (a process id may be reused; where there is no
// flock, the age alone decides).
const (
	seqTempPrefix   = ".grundy-seq-"
	tableTempPrefix = ".grundy-table-"
	staleAge        = time.Hour
)

// checkOutPath says, before any work, why path cannot be written by
// writeFileAtomic: it names a directory, or its directory does not exist.
// flag names the option for the message ("--out").
func checkOutPath(flag, path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s %s: is a directory, expected a file name", flag, path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("%s %s: directory %s: %v", flag, path, dir, plainError(err))
	case !fi.IsDir():
		return fmt.Errorf("%s %s: %s is not a directory", flag, path, dir)
	}
	return nil
}

// writeFileAtomic writes path by write, through a temporary file named
// with prefix (see above). Errors name path, never the temporary file.
func writeFileAtomic(flag, path, prefix string, write func(io.Writer) error) error {
	if err := writeAtomic(path, prefix, write); err != nil {
		return fmt.Errorf("%s %s: %v", flag, path, plainError(err))
	}
	return nil
}

func writeAtomic(path, prefix string, write func(io.Writer) error) (err error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return errors.New("is a directory, expected a file name")
	}
	dir := filepath.Dir(path)
	f, err := createTemp(dir, prefix)
	if err != nil {
		return err
	}
	tmp := f.Name()
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				f.Close()
			}
			os.Remove(tmp)
		}
	}()
	lockFile(f)
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		if err := f.Chmod(fi.Mode().Perm()); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	closed = true
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// createTemp creates a new file PREFIX<pid>-<random> in dir with mode
// 0666, which the system reduces by the umask.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 100 {
		var r [6]byte
		rand.Read(r[:])
		name := filepath.Join(dir, prefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(r[:]))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("cannot create a temporary file")
}

// syncDir flushes the directory entry of a rename to disk, where the
// system allows it (best effort: the file itself is synced already).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// cleanStale removes the stale temporary files with prefix in dir (see
// above), and returns how many it removed. Errors are ignored: cleaning
// is a courtesy, never a reason to fail.
func cleanStale(dir, prefix string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	removed := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		pid := 0
		if rest := strings.TrimPrefix(e.Name(), prefix); strings.Contains(rest, "-") {
			pid, _ = strconv.Atoi(rest[:strings.IndexByte(rest, '-')])
		}
		old := time.Since(fi.ModTime()) > staleAge
		gone := pid > 0 && !processAlive(pid)
		if !old && !gone {
			continue
		}
		if removeIfUnlocked(filepath.Join(dir, e.Name())) {
			removed++
		}
	}
	return removed
}

// plainError drops the file name from an *os.PathError or *os.LinkError,
// so that messages name the file the user gave, not a temporary one.
func plainError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
