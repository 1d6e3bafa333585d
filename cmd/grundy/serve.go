package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/server"
)

func newServeCmd() *cobra.Command {
	var (
		addr      string
		scripts   []string
		maxStates int
		timeout   time.Duration
		maxMemory string
	)
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--script FILE]...",
		Short: "Serve the JSON API and the browser explorer",
		Long: `Start an HTTP server with a JSON API under /api/v1 (see docs/api.md) and
an explorer page for walking the positions of any game: every move coloured
by what it leads to, undo and redo, a link for every position, a value
history chart, and an engine that answers with a best move.

It binds to loopback unless --addr says otherwise. Game scripts named with
--script are loaded now and offered by their file name; requests cannot
name files. Cheap requests run in a fast lane (20,000 positions, 32 MiB,
50 ms each); what does not finish there waits for the slow lane, which runs
at most one search fewer than the CPUs at once, within --max-states and a
share of --max-memory. Ctrl-C stops the server.`,
		Example: "  grundy serve\n  grundy serve --addr 127.0.0.1:9000 --script examples/tshirts.star",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxStates < 0 {
				return fmt.Errorf("--max-states must be positive, got %d", maxStates)
			}
			if timeout < 0 {
				return fmt.Errorf("--timeout must be positive, got %s", timeout)
			}
			mem, err := budget.ParseBytes(maxMemory)
			if err != nil || mem <= 0 {
				return fmt.Errorf("--max-memory: expected a size such as 1GiB or 512MiB, got %q", maxMemory)
			}
			loaded, err := server.LoadScripts(scripts)
			if err != nil {
				return err
			}
			srv := server.New(server.Config{Scripts: loaded, MaxStates: maxStates, Timeout: timeout, MaxMemory: mem})
			return srv.Listen(cmd.Context(), addr, func(url string) {
				fmt.Fprintf(cmd.OutOrStdout(), "grundy explorer on %s (API under %sapi/v1/; Ctrl-C stops)\n", url, url)
			})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	cmd.Flags().StringArrayVar(&scripts, "script", nil, "a game script to offer (repeatable)")
	cmd.Flags().IntVar(&maxStates, "max-states", server.DefaultMaxStates, "positions one request may explore")
	cmd.Flags().DurationVar(&timeout, "timeout", server.DefaultTimeout, "how long one request may compute")
	cmd.Flags().StringVar(&maxMemory, "max-memory", budget.FormatBytes(server.DefaultMaxMemory), "memory all searches together may use (each search in the slow lane gets an equal share)")
	return cmd
}
