package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
)

func newGamesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the built-in games, their parameters and position syntax",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			entries := catalog.Entries()
			if asJSON {
				type game struct {
					Name     string   `json:"name"`
					Aliases  []string `json:"aliases,omitempty"`
					Params   string   `json:"params"`
					Position string   `json:"position"`
					Kind     string   `json:"kind"`
					Summary  string   `json:"summary"`
					Example  string   `json:"example"`
					// What the game says about itself (catalog.About),
					// as the server's /api/v1/games says it.
					Players     []string        `json:"players,omitempty"`
					Rules       string          `json:"rules,omitempty"`
					Source      string          `json:"source,omitempty"`
					Variants    []catalog.Param `json:"variants,omitempty"`
					SpecFormat  string          `json:"spec_format,omitempty"`
					DefaultSpec string          `json:"default_spec,omitempty"`
				}
				out := struct {
					Games []game `json:"games"`
				}{Games: []game{}}
				for _, e := range entries {
					g := game{Name: e.Name, Aliases: e.Aliases, Params: e.Params, Position: e.Position, Kind: e.Kind, Summary: e.Summary, Example: "grundy " + e.Example}
					if a := e.About(); a != nil {
						g.Players, g.Rules, g.Source = a.Players, a.Rules, a.Source
						g.Variants, g.SpecFormat, g.DefaultSpec = a.Variants, a.SpecFormat, a.DefaultSpec(e.Name)
					}
					out.Games = append(out.Games, g)
				}
				return writeJSON(cmd.OutOrStdout(), out)
			}
			slices.SortStableFunc(entries, func(a, b *catalog.Entry) int { return cmp.Compare(kindRank(a.Kind), kindRank(b.Kind)) })
			names := make([]string, len(entries))
			width := 0
			for i, e := range entries {
				names[i] = e.Name
				if e.Params != "" {
					if e.OptionalParams {
						names[i] += "[:" + e.Params + "]"
					} else {
						names[i] += ":" + e.Params
					}
				}
				width = max(width, utf8.RuneCountInString(names[i]))
			}
			out := cmd.OutOrStdout()
			for i, e := range entries {
				if i == 0 || kindRank(e.Kind) != kindRank(entries[i-1].Kind) {
					if i > 0 {
						fmt.Fprintln(out)
					}
					fmt.Fprintln(out, kindHeading(e.Kind))
				}
				pad := strings.Repeat(" ", width-utf8.RuneCountInString(names[i]))
				indent := strings.Repeat(" ", width+4)
				fmt.Fprintf(out, "  %s%s  %s\n", names[i], pad, e.Summary)
				fmt.Fprintf(out, "%sposition: %s\n", indent, e.Position)
				fmt.Fprintf(out, "%sexample:  grundy %s\n", indent, e.Example)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// kinds orders the groups of the game list, with a heading for each.
var kinds = []struct{ kind, heading string }{
	{"impartial", "Impartial games (Sprague–Grundy values; the last player to move wins unless the game says otherwise):"},
	{"partizan", "Partizan games (Left and Right have different moves; canonical values):"},
	{"loopy", "Games with cycles (win, lose or draw, with remoteness):"},
	{"payoff", "Games with several players or payoffs:"},
	{"chance", "Games with chance:"},
	{"scored", "Games with scores (the final margin under perfect play, \"wins by N\"):"},
}

func kindRank(kind string) int {
	for i, k := range kinds {
		if k.kind == kind {
			return i
		}
	}
	return len(kinds)
}

func kindHeading(kind string) string {
	if i := kindRank(kind); i < len(kinds) {
		return kinds[i].heading
	}
	return "Other games:"
}
