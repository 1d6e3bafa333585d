package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// startCPUProfile writes a CPU profile of the whole run to the file
// $GRUNDY_CPUPROFILE names (go tool pprof reads it), for measuring
// long commands such as a database build where they run; the returned
// function stops it. No variable, no profile.
func startCPUProfile(stderr io.Writer) (stop func()) {
	path := os.Getenv("GRUNDY_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "grundy: GRUNDY_CPUPROFILE: %v (no profile written)\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "grundy: GRUNDY_CPUPROFILE: %v\n", err)
		}
	}
}
