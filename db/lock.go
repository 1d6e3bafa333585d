package db

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// lockName is the lock file a Builder holds for as long as it writes a
// directory: a second build into the same directory (another process,
// or another Builder in this one) fails at once with an error naming
// the process that holds it, rather than two builds writing the same
// files. The lock (flock(2)) goes with the process, so a killed build
// leaves no stale lock; the file, holding the builder's process id, is
// removed by Finish and Close.
const lockName = "build.lock"

// lock takes the directory's build lock.
func lock(dir string) (*os.File, error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	busy, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if busy {
		data, _ := os.ReadFile(path)
		f.Close()
		who := "another build"
		if pid, err := strconv.Atoi(string(bytes.TrimSpace(data))); err == nil {
			who = fmt.Sprintf("another build (process %d)", pid)
		}
		return nil, fmt.Errorf("%s is locked by %s writing the same directory: wait for it to end, or build into another directory", dir, who)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return f, nil
}

// Close ends the Builder's hold on the directory (its build lock) without
// finishing the database; a later Create resumes the build. Finish
// closes too; Close after Finish does nothing.
func (b *Builder) Close() error {
	if b.lock == nil {
		return nil
	}
	path := filepath.Join(b.dir, lockName)
	err := os.Remove(path)
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	if cerr := b.lock.Close(); err == nil {
		err = cerr
	}
	b.lock = nil
	return err
}
