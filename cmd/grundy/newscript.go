package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// scriptTemplate is what new-script writes: a complete, working game (a
// subtraction game) with every optional part of the contract shown in a
// comment.
const scriptTemplate = `# %[1]s: a game for grundy, written in Starlark (a small Python).
#
#   grundy check %[2]s              validate it and see what it defines
#   grundy solve %[2]s              solve the start position
#   grundy solve %[2]s 20           solve another position (one int)
#   grundy solve %[2]s --pos '(3, 4)' --param take=1,2   any position, parameters
#
# The contract is in docs/scripts.md. A position is an int, a string, a
# bool, None, or a tuple of them; lists are not positions (use tuple(xs)).
# Scripts cannot read files or the network, and every call runs under a
# step budget (--max-steps).

# Parameters from the command line (--param take=1,3,4) arrive as strings.
TAKE = [int(x) for x in params.get("take", "1,3,4").split(",")]

# The position solved when none is given.
start = 10

# Required: the positions one move from pos leaves. Who cannot move loses.
def moves(pos):
    return [pos - t for t in TAKE if t <= pos]
    # To name the moves, return a dict {label: position} instead:
    # return {"take %%d" %% t: pos - t for t in TAKE if t <= pos}

# Optional: the player who cannot move WINS.
# misere = True

# Optional: end the game early. Return False to play on; True when the game
# is over and the player to move has lost; or "win", "loss", "draw" for the
# player to move. (With payoff, True ends the game and payoff scores it.)
# def terminal(pos):
#     return False

# Optional: positions that are sums of independent games. Return the
# components; each is again a position of this game, and the solver adds
# their values (nim-sum). Here a tuple of heaps would split into heaps:
# def split(pos):
#     return [(h,) for h in pos]

# Optional: a canonical form, so symmetric positions are solved once.
# "sorted" (heaps in any order), "reversal" and "rotation" are computed
# in Go; key(pos) is a Starlark call on every position met.
# key = "sorted"
# def key(pos):
#     return tuple(sorted(pos))

# Optional: tiers, for a database of every position (grundy db build
# %[2]s --out DIR, then grundy db query DIR POSITION). A non-negative
# int that no move decreases (here: how much has been taken), so the
# positions are solved one tier at a time, the greatest first.
# def tier(pos):
#     return 10 - pos

# Optional: several players, scores, chance. With any of these, define
# to_move(pos) (players are numbered 0, 1, ...) and the engine solves by
# backward induction over payoff vectors.
# players = 3
# def to_move(pos):
#     return 0
# def payoff(pos):             # at the end: one number per player
#     return (1, 0, 0)
# def chance(pos):             # None, or (weight, position) pairs
#     return None
`

func newNewScriptCmd() *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "new-script NAME",
		Short: "Write a commented template for a game script (NAME.star)",
		Long: `Write NAME.star: a small working game (a subtraction game) with every
optional part of the script contract shown in comments. Edit its moves
function to describe your game, then 'grundy check NAME.star' and
'grundy solve NAME.star'.`,
		Example: "  grundy new-script mygame\n  grundy check mygame.star\n  grundy solve mygame.star 20",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if !strings.HasSuffix(path, ".star") {
				path += ".star"
			}
			name := strings.TrimSuffix(filepath.Base(path), ".star")
			if name == "" || strings.HasPrefix(name, "-") {
				return fmt.Errorf("bad script name %q", args[0])
			}
			flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
			if force {
				flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			}
			f, err := os.OpenFile(path, flag, 0o644)
			if err != nil {
				if errors.Is(err, os.ErrExist) {
					return fmt.Errorf("%s already exists; choose another name, or --force to overwrite it", path)
				}
				return fmt.Errorf("cannot write %s: %w", path, err)
			}
			_, err = fmt.Fprintf(f, scriptTemplate, name, path)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return fmt.Errorf("cannot write %s: %w", path, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: edit moves(pos), then run 'grundy check %s'\n", path, path)
			return nil
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "overwrite an existing file")
	return cmd
}
