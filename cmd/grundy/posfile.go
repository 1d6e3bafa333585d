package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
)

// A position argument "@FILE" stands for the text of FILE, "@-" for
// standard input: a command-line argument is capped at 128 KB, and a
// contest's picture of 10^5 edges is larger. It is done here, once, for
// every command that takes positions after its first argument.

// positionCommands name the commands whose arguments after the first
// are positions.
var positionCommands = map[string]bool{"solve": true, "value": true, "query": true, "quotient": true}

// maxPositionFile bounds a position file when the command has no
// --max-memory: far above any real position.
const maxPositionFile = 1 << 30

// readPositionFiles wraps the RunE of each position command (below root)
// so that its @FILE arguments are read first.
func readPositionFiles(root *cobra.Command) {
	for _, c := range root.Commands() {
		readPositionFiles(c)
		if !positionCommands[c.Name()] || c.RunE == nil {
			continue
		}
		run := c.RunE
		c.RunE = func(cmd *cobra.Command, args []string) error {
			args, err := expandPositionFiles(cmd, args)
			if err != nil {
				return err
			}
			return run(cmd, args)
		}
	}
}

// expandPositionFiles replaces each argument after the first that starts
// with '@' by the text of the file it names.
func expandPositionFiles(cmd *cobra.Command, args []string) ([]string, error) {
	limit := int64(maxPositionFile)
	if f := cmd.Flags().Lookup("max-memory"); f != nil {
		if n, err := budget.ParseBytes(f.Value.String()); err == nil && n > 0 {
			limit = min(limit, n/2)
		}
	}
	out := args
	stdin := false
	for i := 1; i < len(args); i++ {
		name, ok := strings.CutPrefix(args[i], "@")
		if !ok {
			continue
		}
		if name == "" {
			return nil, fmt.Errorf("bad position %q: write @FILE to read the position from FILE, or @- from standard input", args[i])
		}
		var r io.Reader
		shown := name
		if name == "-" {
			if stdin || strings.HasSuffix(args[0], ":-") {
				return nil, fmt.Errorf("standard input is read once: give @- once, and not with a game that reads it (%s)", args[0])
			}
			stdin, r, shown = true, cmd.InOrStdin(), "standard input"
		} else {
			f, err := os.Open(name)
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("position file %s: no such file", name)
			}
			if err != nil {
				return nil, fmt.Errorf("position file %s: %w", name, err)
			}
			defer f.Close()
			r = f
		}
		b, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err != nil {
			return nil, fmt.Errorf("position file %s: %w", shown, err)
		}
		if int64(len(b)) > limit {
			return nil, budget.Exceed(budget.Memory, limit, "position file %s is larger than %s, half the memory budget", shown, budget.FormatBytes(limit))
		}
		if strings.TrimSpace(string(b)) == "" {
			return nil, fmt.Errorf("position file %s is empty", shown)
		}
		if &out[0] == &args[0] {
			out = append([]string(nil), args...)
		}
		out[i] = string(b)
	}
	return out, nil
}
