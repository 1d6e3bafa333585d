package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog/strong"
)

// grundy db index DIR: the tier index for a database written before it
// existed (db/index.go), so that a query opens it as fast as a new one.

func newDBIndexCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "index DIR",
		Short: "Write the tier index of a database built before grundy wrote one",
		Long: `Write manifest.gri, the tier index a query opens a database from (a few
kilobytes, instead of reading its whole manifest), into a database built
by an older grundy. Builds write it themselves; the manifest is checked
before the index is written, and the tier files are not read.`,
		Example: "  grundy db index gobblet-db",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := strong.WriteIndex(args[0]); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: tier index written\n", args[0])
			return nil
		},
	}
}
