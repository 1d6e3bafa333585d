//go:build unix

package main

import (
	"os"
	"syscall"
)

// runProgram runs exe with args in this process's place: its exit status,
// signals and terminal are the command's own. It returns only on failure.
func runProgram(exe string, args, env []string) (int, error) {
	return 0, syscall.Exec(exe, append([]string{os.Args[0]}, args...), env)
}
