package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
)

// completeGame completes a command line of the form GAME [POSITION...]:
// the first argument from the registry's names (the games that keep
// returns true, all when keep is nil), with each game's summary; a
// position from the game's example, token by token. Scripts (*.star)
// complete as files.
func completeGame(keep func(*catalog.Entry) bool) func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) == 0 {
			var out []cobra.Completion
			for _, e := range catalog.Entries() {
				if keep != nil && !keep(e) {
					continue
				}
				for _, name := range append([]string{e.Name}, e.Aliases...) {
					if e.Params != "" && !e.OptionalParams {
						name += ":"
					}
					if strings.HasPrefix(name, toComplete) {
						out = append(out, cobra.CompletionWithDesc(name, e.Summary))
					}
				}
			}
			dir := cobra.ShellCompDirectiveNoSpace
			if strings.Contains(toComplete, "/") || strings.HasSuffix(toComplete, ".") || len(out) == 0 {
				// a script's path
				return out, cobra.ShellCompDirectiveDefault
			}
			return out, dir
		}
		e := entryOf(args[0])
		if e == nil {
			return nil, cobra.ShellCompDirectiveDefault
		}
		// The example's position, token by token: "solve nim 3 4 5"
		// offers 3, then 4, then 5.
		f := strings.Fields(e.Example)
		if len(f) < 2 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var pos []string
		for _, t := range f[2:] {
			if strings.HasPrefix(t, "-") {
				break
			}
			pos = append(pos, strings.Trim(t, `'"`))
		}
		if start := startOf(args[0]); start != "" {
			pos = strings.Fields(start)
		}
		i := len(args) - 1
		if i < len(pos) && strings.HasPrefix(pos[i], toComplete) {
			return []cobra.Completion{pos[i]}, cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// isTabler keeps the games that 'grundy table' can tabulate: impartial
// games (whether a game has a table shows only once it is made).
func isTabler(e *catalog.Entry) bool { return e.Kind == "impartial" }

// startOf is the start position of a game that has one (catalog.Starter),
// or "".
func startOf(spec string) string {
	inst, err := catalog.Lookup(spec)
	if err != nil {
		return ""
	}
	if s, ok := inst.(catalog.Starter); ok {
		return s.Start()
	}
	return ""
}
