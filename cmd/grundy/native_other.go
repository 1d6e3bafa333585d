//go:build !unix

package main

import (
	"errors"
	"os"
	"os/exec"
)

// runProgram runs exe with args, passing the terminal through, and
// returns its exit status.
func runProgram(exe string, args, env []string) (int, error) {
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Env = os.Stdin, os.Stdout, os.Stderr, env
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}
