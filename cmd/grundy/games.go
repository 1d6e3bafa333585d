package main

import (
	"fmt"
	"text/tabwriter"

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
				}
				out := struct {
					Games []game `json:"games"`
				}{Games: []game{}}
				for _, e := range entries {
					out.Games = append(out.Games, game{e.Name, e.Aliases, e.Params, e.Position, e.Kind, e.Summary, "grundy " + e.Example})
				}
				return writeJSON(cmd.OutOrStdout(), out)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			for _, e := range entries {
				name := e.Name
				if e.Params != "" {
					if e.OptionalParams {
						name += "[:" + e.Params + "]"
					} else {
						name += ":" + e.Params
					}
				}
				fmt.Fprintf(w, "%s\t%s\n", name, e.Summary)
				fmt.Fprintf(w, "\tposition: %s\n", e.Position)
				fmt.Fprintf(w, "\texample:  grundy %s\n", e.Example)
			}
			return w.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}
