// Command grundy solves combinatorial games: who wins under perfect play,
// which moves win, and why. Run "grundy help" for the commands and
// "grundy games" for the built-in games.
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
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
	if code, ok := runNative(args, os.Stderr); ok {
		return code
	}
	ctx, stop := signalContext()
	defer stop()
	defer startCPUProfile(os.Stderr)()
	return runContext(ctx, args, os.Stdout, os.Stderr)
}

// runContext executes one command line in ctx (cancelled by a signal, with
// the signal as its cause) and returns the exit status. An error is one
// line on stderr; --verbose adds the rest of a longer one (the Starlark
// traceback of a script's error).
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		var s stopSignal
		if errors.As(context.Cause(ctx), &s) && s.Signal == syscall.SIGTERM {
			fmt.Fprintln(stderr, "grundy: terminated")
			return s.exitCode()
		}
		fmt.Fprintln(stderr, "grundy: interrupted")
		return exitInterrupted
	}
	msg := strings.TrimSpace(inWords(cmd, withAdvice(cmd, err)).Error())
	first, rest, _ := strings.Cut(msg, "\n")
	fmt.Fprintln(stderr, "grundy:", budget.ShortLine(first))
	if verbose, _ := root.PersistentFlags().GetBool("verbose"); verbose && rest != "" {
		fmt.Fprintln(stderr, rest)
	}
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
// given as a position is a bad position, not an unknown flag; a bad value
// is worded by the flag's type, not by Go's parser.
func flagError(cmd *cobra.Command, err error) error {
	if m := negativeFlag.FindStringSubmatch(err.Error()); m != nil {
		if cmd.Flags().Lookup("pos") != nil {
			return fmt.Errorf("bad position %q: must not be negative (a script whose positions are negative numbers takes them as --pos=%s)", m[1], m[1])
		}
		return fmt.Errorf("bad position %q: positions do not start with '-'", m[1])
	}
	if m := invalidArgument.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("%w (see '%s --help')", flagValueError(cmd, m), cmd.CommandPath())
	}
	msg := strings.Replace(err.Error(), "flag: ", "flag ", 1)
	return fmt.Errorf("%s (see '%s --help')", msg, cmd.CommandPath())
}

// Cobra's own complaints about arguments, reworded by inWords.
var (
	unknownCommand = regexp.MustCompile(`^unknown command "([^"]*)" for "[^"]*"`)
	suggestion     = regexp.MustCompile(`Did you mean this\?\n\t(\S+)`)
	argCount       = regexp.MustCompile(`^(requires at least|accepts|accepts at most|accepts between) (\d+).*arg\(s\), (?:only )?received (\d+)$`)
	requiredFlags  = regexp.MustCompile(`^required flag\(s\) (.*) not set$`)
)

// inWords rewords cobra's errors about the command line as one line that
// says what is wrong and where to look.
func inWords(cmd *cobra.Command, err error) error {
	msg := err.Error()
	usage := strings.TrimSuffix(cmd.UseLine(), " [flags]")
	if m := unknownCommand.FindStringSubmatch(msg); m != nil {
		if cmd.HasParent() {
			return fmt.Errorf("unexpected argument %q: usage is '%s'", m[1], usage)
		}
		if s := suggestion.FindStringSubmatch(msg); s != nil {
			return fmt.Errorf("unknown command %q (did you mean %s?); see 'grundy --help'", m[1], s[1])
		}
		return fmt.Errorf("unknown command %q; see 'grundy --help'", m[1])
	}
	if m := argCount.FindStringSubmatch(msg); m != nil {
		want, _ := strconv.Atoi(m[2])
		got, _ := strconv.Atoi(m[3])
		few := "too few"
		if m[1] == "accepts at most" || m[1] == "accepts" && got > want {
			few = "too many"
		}
		return fmt.Errorf("%s arguments (%d): usage is '%s'", few, got, usage)
	}
	if m := requiredFlags.FindStringSubmatch(msg); m != nil {
		names := strings.Split(strings.ReplaceAll(m[1], `"`, ""), ", ")
		for i, n := range names {
			names[i] = "--" + n
		}
		return fmt.Errorf("%s is required: usage is '%s'", strings.Join(names, " and "), usage)
	}
	return err
}

// withAdvice adds the command line's advice to a limit error, whose own
// message names no flag: the flag that raises the limit, when the command
// has it.
func withAdvice(cmd *cobra.Command, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "--timeout") && cmd.Flags().Lookup("timeout") != nil {
		return fmt.Errorf("%w; raise --timeout", err)
	}
	var m *catalog.MethodError
	if errors.As(err, &m) && cmd.Flags().Lookup("method") != nil {
		switch m.Method {
		case catalog.ClosedForm:
			if m.Instead != "" {
				return fmt.Errorf("%w; drop --method closed to use %s", err, m.Instead)
			}
			return fmt.Errorf("%w; drop --method closed to search", err)
		case catalog.Search:
			return fmt.Errorf("%w; drop --method search to use %s", err, cmp.Or(m.Instead, "the closed form"))
		}
	}
	var x *budget.Exceeded
	if !errors.As(err, &x) || strings.Contains(err.Error(), "--max-") {
		return err
	}
	if upto := cmd.Flags().Lookup("upto"); x.Resource == budget.Size && upto != nil && upto.Changed {
		if n, ok := parseCount(upto.Value.String()); ok && n > x.Limit {
			return fmt.Errorf("%w; lower --upto", err)
		}
	}
	flag := map[budget.Resource]string{budget.States: "max-states", budget.Steps: "max-steps", budget.Memory: "max-memory", budget.Nodes: "max-nodes"}[x.Resource]
	if flag == "" || cmd.Flags().Lookup(flag) == nil {
		return err
	}
	if flag == "max-states" {
		return advised{err, "; raise --max-states, or solve a smaller position"}
	}
	return advised{err, "; raise --" + flag}
}

// advised is an error with the command line's advice at the end of its
// first line: only that line is printed without --verbose, and a script's
// error goes on with its Starlark traceback.
type advised struct {
	err    error
	advice string
}

func (a advised) Error() string {
	first, rest, ok := strings.Cut(a.err.Error(), "\n")
	if !ok {
		return first + a.advice
	}
	return first + a.advice + "\n" + rest
}

func (a advised) Unwrap() error { return a.err }

// version is the module's version ("devel" when built from a work tree)
// and the VCS revision the binary was built from, when known.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += " (" + rev + modified + ")"
	}
	return v
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

Every result command takes --json and then prints one JSON object.
Bad input is one line on stderr and exit status 2; Ctrl-C exits 130.`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return checkSetFlags(cmd)
		},
	}
	root.SetVersionTemplate("grundy {{.Version}}\n")
	root.PersistentFlags().Bool("verbose", false, "on an error, show all of it (a script's Starlark traceback)")
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
		newQuotientCmd(),
		newPatternCmd(),
		newDBCmd(),
	)
	readPositionFiles(root)
	root.SetHelpCommand(newHelpCmd())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.RunE = func(cmd *cobra.Command, args []string) error {
				return errors.New("expected a shell: grundy completion bash, zsh, fish or powershell")
			}
		}
	}
	return root
}

// newHelpCmd is "grundy help [COMMAND]": an unknown command is an error.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help about any command",
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []cobra.Completion
			for _, c := range cmd.Root().Commands() {
				if c.IsAvailableCommand() && strings.HasPrefix(c.Name(), toComplete) {
					names = append(names, cobra.CompletionWithDesc(c.Name(), c.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := cmd.Root().Find(args)
			if err != nil || len(rest) > 0 || target == nil {
				return fmt.Errorf("no help for %q: no such command; see 'grundy help'", strings.Join(args, " "))
			}
			return target.Help()
		},
	}
}
