package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/server"
)

func newServeCmd() *cobra.Command {
	var (
		addr      string
		scripts   []string
		dbDirs    []string
		maxStates = server.DefaultMaxStates
		timeout   = server.DefaultTimeout
		maxMemory = int64(server.DefaultMaxMemory)
	)
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--script FILE]... [--db DIR]...",
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
share of --max-memory. A game solved into a database (grundy db build)
and named with --db is answered from it, every position and every move,
without searching. Ctrl-C stops the server.`,
		Example: "  grundy serve\n  grundy serve --addr 127.0.0.1:9000 --script examples/tshirts.star\n  grundy serve --db ttt --db c4-5x4",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			loaded, err := server.LoadScripts(scripts)
			if err != nil {
				return err
			}
			for _, path := range scripts {
				if err := tryScript(cmd.Context(), path, loaded[filepath.Base(path)]); err != nil {
					return err
				}
			}
			dbs, err := server.OpenDatabases(dbDirs)
			if err != nil {
				return err
			}
			defer func() {
				for _, d := range dbs {
					d.Close()
				}
			}()
			server.Oversubscribe()
			srv := server.New(server.Config{Scripts: loaded, Databases: dbs, MaxStates: maxStates, Timeout: timeout, MaxMemory: maxMemory})
			return srv.Listen(cmd.Context(), addr, func(url string) {
				fmt.Fprintf(cmd.OutOrStdout(), "grundy explorer on %s (API under %sapi/v1/; Ctrl-C stops)\n", url, url)
			})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	cmd.Flags().StringArrayVar(&scripts, "script", nil, "a game script to offer (repeatable)")
	cmd.Flags().StringArrayVar(&dbDirs, "db", nil, "a database `DIR` (grundy db build) to answer its game from, one per game (repeatable)")
	cmd.Flags().Var(&atLeastOne{&maxStates}, "max-states", "positions one request may explore")
	cmd.Flags().Var(&positiveDuration{&timeout}, "timeout", "how long one request may compute")
	cmd.Flags().Var(&byteSize{&maxMemory}, "max-memory", "memory all searches together may use (each search in the slow lane gets an equal share)")
	return cmd
}

// Trying a script before serving it: its start position is solved
// within these limits; a script that fails to load, or fails on its
// first positions, is not served.
const (
	tryStates  = 10_000
	tryTimeout = 2 * time.Second
)

// tryScript loads a game script and solves its start position a little
// way, so that the server refuses to start with the script's error
// rather than serve a broken game. Running out of the small budget is
// not an error: the game is merely large.
func tryScript(ctx context.Context, path string, inst catalog.Instance) error {
	si, ok := inst.(catalog.ScriptInstance)
	if !ok {
		return nil
	}
	start, err := si.StartWith(catalog.Options{})
	if err != nil {
		return fmt.Errorf("--script %s: %w", path, err)
	}
	if start == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, tryTimeout)
	defer cancel()
	_, err = si.Solve(ctx, nil, catalog.Options{MaxStates: tryStates, Memory: budget.NewBytes(64 << 20)})
	switch {
	case err == nil, errors.Is(err, budget.ErrExceeded), errors.Is(err, context.DeadlineExceeded):
		return nil
	case errors.Is(err, context.Canceled):
		return err
	}
	return fmt.Errorf("--script %s: %w", path, err)
}
