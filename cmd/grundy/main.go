// Command grundy solves combinatorial games: who wins under perfect play,
// which moves win, and why. Run "grundy help" for the commands and
// "grundy games" for the built-in games.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"syscall"

	"github.com/spf13/cobra"
)

// exitCode is the status for failures: bad input of any kind is 2, as the
// command-line contract in DESIGN.md says; a run stopped by a signal is
// 128 plus its number, as shells report it: 130 for SIGINT (Ctrl-C), 143
// for SIGTERM.
const (
	exitBadInput    = 2
	exitInterrupted = 130
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes one command line and returns the exit status. Errors are
// printed on stderr as one line "grundy: …".
func run(args []string) int {
	ctx, stop := signalContext()
	defer stop()
	root := newRootCmd()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		var s stopSignal
		if errors.As(context.Cause(ctx), &s) && s.Signal == syscall.SIGTERM {
			fmt.Fprintln(os.Stderr, "grundy: terminated")
			return s.exitCode()
		}
		fmt.Fprintln(os.Stderr, "grundy: interrupted")
		return exitInterrupted
	}
	fmt.Fprintln(os.Stderr, "grundy:", withAdvice(err))
	return exitBadInput
}

// stopSignal is the cause of a context cancelled by a signal.
type stopSignal struct{ os.Signal }

func (s stopSignal) Error() string { return "stopped by " + s.Signal.String() }

func (s stopSignal) exitCode() int {
	if n, ok := s.Signal.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitInterrupted
}

// signalContext returns a context cancelled by SIGINT or SIGTERM, with
// the signal as its cause: the command stops its work, saves what it can
// (seq --out) and returns. A second signal exits at once with the
// signal's status (files are written through temporary files, so none is
// left half written). stop unregisters the handler.
func signalContext() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		first := true
		for {
			select {
			case s := <-sigs:
				if !first {
					os.Exit(stopSignal{s}.exitCode())
				}
				first = false
				cancel(stopSignal{s})
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// negativeFlag matches the flag parser's complaint about a token such as
// "-4", which on our command lines can only be a negative number.
var negativeFlag = regexp.MustCompile(`in (-[0-9][^ ]*)$`)

// flagError turns the flag parser's errors into ours: a negative number
// given as a position is a bad position, not an unknown flag.
func flagError(cmd *cobra.Command, err error) error {
	if m := negativeFlag.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("bad position %q: must not be negative (a script whose positions are negative numbers takes them as --pos=%s)", m[1], m[1])
	}
	return fmt.Errorf("%w (see 'grundy %s --help')", err, cmd.Name())
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "grundy",
		Short: "Solve combinatorial games: who wins, which moves win, and why",
		Long: `grundy solves combinatorial games under perfect play.

  grundy solve nim 3 4 5          who wins Nim with heaps 3, 4, 5, and how
  grundy solve wythoff 3 5        Wythoff's game at (3, 5)
  grundy table subtract:1,3,4 --upto 30
  grundy games                    the built-in games and their positions

Every result command takes --json and then prints one JSON object.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newSolveCmd(),
		newGamesCmd(),
		newTableCmd(),
		newServeCmd(),
		newCheckCmd(),
		newNewScriptCmd(),
		newCgtCmd(),
		newValueCmd(),
		newMatrixCmd(),
		newSeqCmd(),
	)
	return root
}
