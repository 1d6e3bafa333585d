package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/grundy-go/grundy/native/nativebuild"
)

// childEnv marks a grundy built with native games and started by another
// grundy: it must answer for the games itself, never build again.
const childEnv = "GRUNDY_NATIVE_BUILD"

// runNative runs a command line that names games written in Go (a GAME
// or --script ending in .go): a grundy built with them, by the local Go
// toolchain against grundy's own packages and cached by the files'
// contents (package nativebuild), runs the whole command line in this
// process's place. ok is false when the command line names no such game,
// or when this program is that build; it then runs as usual.
func runNative(args []string, stderr io.Writer) (code int, ok bool) {
	files := nativebuild.Files(args)
	if len(files) == 0 {
		return 0, false
	}
	if nativebuild.IsBuild(files) {
		return 0, false
	}
	if os.Getenv(childEnv) != "" {
		fmt.Fprintf(stderr, "grundy: %s changed while grundy was starting; run the command again\n", strings.Join(files, ", "))
		return exitBadInput, true
	}
	ctx, stop := signalContext()
	defer stop()
	var status io.Writer
	if isTerminal(os.Stderr) {
		status = stderr
	}
	exe, err := nativebuild.Build(ctx, files, status)
	if err != nil {
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			fmt.Fprintln(stderr, "grundy: interrupted")
			return exitInterrupted, true
		}
		first, _, _ := strings.Cut(err.Error(), "\n")
		fmt.Fprintln(stderr, "grundy:", first)
		return exitBadInput, true
	}
	stop()
	code, err = runProgram(exe, args, append(os.Environ(), childEnv+"=1"))
	if err != nil {
		fmt.Fprintf(stderr, "grundy: running the build of %s: %v\n", strings.Join(files, ", "), err)
		return exitBadInput, true
	}
	return code, true
}
