package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// The flags that mean the same on every command, and how they are read.
// A command that computes registers limitFlags (--max-states, --timeout,
// --max-memory); a command that prints a result registers --json with
// jsonFlag; --upto is read by readUpto. Values are checked as the flag
// is parsed, so a bad one is the same one-line error everywhere:
// "bad --timeout "-1s": expected a positive duration such as 30s or 5m".

// limitFlags bound a computation: positions, wall-clock time, memory.
type limitFlags struct {
	maxStates int
	timeout   time.Duration
	maxMemory int64
}

// register adds --max-states, --timeout and --max-memory; states says
// what --max-states counts ("positions", "regions").
func (f *limitFlags) register(cmd *cobra.Command, states string) {
	f.maxMemory = budget.DefaultMemory()
	cmd.Flags().Var(&atLeastOne{&f.maxStates}, "max-states", fmt.Sprintf("give up after exploring this many %s (default %d)", states, catalog.DefaultMaxStates))
	cmd.Flags().Var(&positiveDuration{&f.timeout}, "timeout", "give up after this long, e.g. 30s or 5m (default none)")
	cmd.Flags().Var(&byteSize{&f.maxMemory}, "max-memory", "memory the search's tables may use, e.g. 4GiB (default half the machine's)")
}

// context applies --timeout.
func (f *limitFlags) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if f.timeout > 0 {
		return context.WithTimeoutCause(ctx, f.timeout, timeoutError{f.timeout})
	}
	return context.WithCancel(ctx)
}

// memory returns the budget of --max-memory, and asks the Go runtime to
// collect harder as the process nears it.
func (f *limitFlags) memory() *budget.Bytes {
	budget.SetProcessLimit(f.maxMemory)
	return budget.NewBytes(f.maxMemory)
}

// options carries the limits into catalog options.
func (f *limitFlags) options(opts *catalog.Options) {
	opts.MaxStates = f.maxStates
	opts.Memory = f.memory()
}

// treeSearchFlags bound a game-tree search (the alpha-beta of games too large
// to solve whole): --tt-size and --max-nodes.
type treeSearchFlags struct {
	ttSize   int64
	maxNodes int64
}

// register adds --tt-size and --max-nodes.
func (f *treeSearchFlags) register(cmd *cobra.Command) {
	cmd.Flags().Var(&byteSize{&f.ttSize}, "tt-size", "game-tree search: memory of its transposition table, e.g. 1GiB (default 256MiB)")
	cmd.Flags().Var(&countValue{&f.maxNodes}, "max-nodes", "game-tree search: give up after visiting this many nodes (default none)")
}

// options carries the search's bounds into catalog options.
func (f *treeSearchFlags) options(opts *catalog.Options) {
	opts.TTSize, opts.MaxNodes = f.ttSize, f.maxNodes
}

// timeoutError is the cause of a context ended by --timeout.
type timeoutError struct{ d time.Duration }

func (e timeoutError) Error() string {
	return fmt.Sprintf("the time limit of %s was reached (raise --timeout)", e.d)
}

// jsonFlag registers --json.
func jsonFlag(cmd *cobra.Command, v *bool) {
	cmd.Flags().BoolVar(v, "json", false, "print one JSON object")
}

// readUpto reads --upto: a count from 0 to max, written in digits,
// with _ between groups (1_000_000), or as a power of ten (1e6).
func readUpto(text string, max int) (int, error) {
	n, ok := parseCount(text)
	if !ok || n > int64(max) {
		return 0, fmt.Errorf("bad --upto %q: expected a whole number from 0 to %d (e.g. 1000, 1_000 or 1e3)", text, max)
	}
	return int(n), nil
}

// parseCount reads a non-negative whole number: digits with optional _
// between them, or MeN (M digits, N an exponent of ten) when the value
// is whole. ok is false past 2^62.
func parseCount(text string) (int64, bool) {
	s := strings.TrimSpace(text)
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if mant == "" || strings.HasPrefix(mant, "_") || strings.HasSuffix(mant, "_") || strings.Contains(mant, "__") {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(mant, "_", ""), 10, 64)
	if err != nil || n < 0 || strings.ContainsAny(mant, "+-") {
		return 0, false
	}
	if hasExp {
		e, err := strconv.Atoi(exp)
		if err != nil || e < 0 || strings.ContainsAny(exp, "+-") {
			return 0, false
		}
		for range e {
			if n > math.MaxInt64/10 {
				return 0, false
			}
			n *= 10
		}
	}
	return n, n <= 1<<62
}

// atLeastOne is an int flag that refuses values below 1: a limit of 0
// positions or steps means nothing. Unset, it stays 0, the default.
type atLeastOne struct{ n *int }

func (v *atLeastOne) String() string {
	if v.n == nil || *v.n == 0 {
		return ""
	}
	return strconv.Itoa(*v.n)
}

func (v *atLeastOne) Set(s string) error {
	n, ok := parseCount(s)
	if !ok || n < 1 || n > math.MaxInt32*8 {
		return errors.New("expected a whole number of at least 1")
	}
	*v.n = int(n)
	return nil
}

func (v *atLeastOne) Type() string { return "N" }

// countValue is an int64 flag of at least 1 (a node budget); unset, it
// stays 0, no bound.
type countValue struct{ n *int64 }

func (v *countValue) String() string {
	if v.n == nil || *v.n == 0 {
		return ""
	}
	return strconv.FormatInt(*v.n, 10)
}

func (v *countValue) Set(s string) error {
	n, ok := parseCount(s)
	if !ok || n < 1 {
		return errors.New("expected a whole number of at least 1")
	}
	*v.n = n
	return nil
}

func (v *countValue) Type() string { return "N" }

// stepsValue is a step budget: at least 1, and up to 2^64-1 (no limit in
// practice).
type stepsValue struct{ n *uint64 }

func (v *stepsValue) String() string {
	if v.n == nil || *v.n == 0 {
		return ""
	}
	return strconv.FormatUint(*v.n, 10)
}

func (v *stepsValue) Set(s string) error {
	n, err := strconv.ParseUint(strings.ReplaceAll(s, "_", ""), 10, 64)
	if err != nil || n < 1 {
		return errors.New("expected a whole number of at least 1")
	}
	*v.n = n
	return nil
}

func (v *stepsValue) Type() string { return "N" }

// positiveDuration is a duration flag that refuses zero and negative
// durations.
type positiveDuration struct{ d *time.Duration }

func (v *positiveDuration) String() string {
	if v.d == nil || *v.d == 0 {
		return ""
	}
	return v.d.String()
}

func (v *positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return errors.New("expected a positive duration such as 30s, 5m or 1h30m")
	}
	*v.d = d
	return nil
}

func (v *positiveDuration) Type() string { return "duration" }

// byteSize is a memory size flag (budget.ParseBytes) above 0.
type byteSize struct{ n *int64 }

func (v *byteSize) String() string {
	if v.n == nil {
		return ""
	}
	return strings.ReplaceAll(budget.FormatBytes(*v.n), " ", "")
}

func (v *byteSize) Set(s string) error {
	n, err := budget.ParseBytes(s)
	if err != nil || n <= 0 {
		return errors.New("expected a size such as 4GiB or 512MiB")
	}
	*v.n = n
	return nil
}

func (v *byteSize) Type() string { return "size" }

// checkSetFlags holds the flags that mean the same on every command to
// the same rules, however a command registered them: a limit of 0 and a
// time limit of 0 or less are refused. It runs before every command.
func checkSetFlags(cmd *cobra.Command) error {
	for _, name := range []string{"timeout", "max-states", "max-steps", "explore"} {
		f := cmd.Flags().Lookup(name)
		if f == nil || !f.Changed {
			continue
		}
		v := f.Value.String()
		switch f.Value.Type() {
		case "duration":
			if d, err := time.ParseDuration(v); err == nil && d <= 0 {
				return fmt.Errorf("bad --%s %q: expected a positive duration such as 30s, 5m or 1h30m", name, v)
			}
		case "int", "uint64":
			if v == "0" || strings.HasPrefix(v, "-") {
				return fmt.Errorf("bad --%s %s: expected a whole number of at least 1", name, v)
			}
		}
	}
	return nil
}

// invalidArgument matches pflag's complaint about a flag's value.
var invalidArgument = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-., )?--([^"]+)" flag: (.*)$`)

// flagValueError words pflag's complaint about a flag's value, which
// leaks Go's parser ("strconv.ParseBool: parsing …"), by the flag's type.
func flagValueError(cmd *cobra.Command, m []string) error {
	value, name, why := m[1], m[2], m[3]
	if f := cmd.Flags().Lookup(name); f != nil && (strings.Contains(why, "strconv.") || strings.HasPrefix(why, "time: ")) {
		switch f.Value.Type() {
		case "bool":
			why = "expected true or false (or the flag alone)"
		case "int", "int64", "int32", "uint", "uint64", "uint32":
			why = "expected a whole number"
		case "float64", "float32":
			why = "expected a number"
		case "duration":
			why = "expected a duration such as 30s, 5m or 1h30m"
		}
	}
	return fmt.Errorf("bad --%s %q: %s", name, value, why)
}

// scriptArgs are the flags of game scripts (a GAME ending in .star):
// parameters, a position written in Starlark, the step budget of a call.
type scriptArgs struct {
	params   []string
	pos      string
	maxSteps uint64
}

func (f *scriptArgs) register(cmd *cobra.Command, withPos bool) {
	cmd.Flags().StringArrayVar(&f.params, "param", nil, "a game script's parameter `NAME=VALUE`, read by the script as params[\"NAME\"] (repeatable)")
	if withPos {
		cmd.Flags().StringVar(&f.pos, "pos", "", "the position as a Starlark `EXPR`, for game scripts (e.g. --pos '((1, 2), \"ab\")')")
	}
	cmd.Flags().Var(&stepsValue{&f.maxSteps}, "max-steps", fmt.Sprintf("Starlark step budget of each call of a script function (default %d; none under --timeout)", reports.DefaultScriptSteps))
}

// apply carries the flags into catalog options, and refuses them for a
// GAME that is not a script.
func (f *scriptArgs) apply(spec string, opts *catalog.Options) error {
	params, err := catalog.ParseParams(f.params)
	if err != nil {
		return err
	}
	if !isScript(spec) {
		switch {
		case params != nil:
			return fmt.Errorf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", spec)
		case f.pos != "":
			return fmt.Errorf("--pos is for game scripts (a GAME ending in .star); give the position of %q after it", spec)
		case f.maxSteps != 0:
			return fmt.Errorf("--max-steps is for game scripts (a GAME ending in .star)")
		}
	}
	opts.Params, opts.PositionExpr, opts.ScriptSteps = params, f.pos, f.maxSteps
	return nil
}

// isScript reports whether a GAME names a game script: in Starlark, or
// written in Go (which takes --param and --pos as a script does).
func isScript(spec string) bool {
	return strings.HasSuffix(spec, ".star") || strings.HasSuffix(spec, ".go")
}

// entryOf returns the registry's entry of a spec ("subtract:1,3,4" →
// subtract), or nil for a script or an unknown name.
func entryOf(spec string) *catalog.Entry {
	name, _, _ := strings.Cut(spec, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	for _, e := range catalog.Entries() {
		if e.Name == name {
			return e
		}
		for _, a := range e.Aliases {
			if a == name {
				return e
			}
		}
	}
	return nil
}

// parseMethod reads --method: auto (a closed form where one is known,
// else search), closed or search.
func parseMethod(s string) (catalog.Method, error) {
	switch s {
	case "auto":
		return catalog.Auto, nil
	case "closed":
		return catalog.ClosedForm, nil
	case "search":
		return catalog.Search, nil
	}
	return 0, fmt.Errorf("bad --method %q: expected auto, closed or search", s)
}

// timedOut words an error that --timeout caused: "the time limit of 30s
// was reached (raise --timeout)", keeping a script's own message (its
// file:line:col) in front when it has one.
func timedOut(ctx context.Context, err error) error {
	var t timeoutError
	if err == nil || !errors.Is(err, context.DeadlineExceeded) || !errors.As(context.Cause(ctx), &t) {
		return err
	}
	first, _, _ := strings.Cut(err.Error(), "\n")
	if strings.Contains(first, "deadline exceeded") || strings.Contains(first, "wall-clock limit") {
		return t
	}
	return fmt.Errorf("%w (the time limit of %s was reached; raise --timeout)", err, t.d)
}
