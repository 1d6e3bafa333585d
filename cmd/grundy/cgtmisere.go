package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/spf13/cobra"
)

// runMisereCgt is 'grundy cgt --misere': misère canonical forms of
// impartial games in CGSuite's notation.
func runMisereCgt(cmd *cobra.Command, expr, svg string, asJSON, all bool, mem *budget.Bytes) error {
	if svg != "" {
		return fmt.Errorf("--svg draws a thermograph of a partizan game, not a misère form")
	}
	r, err := reports.MisereCGT(cmd.Context(), expr, reports.MisereCGTOptions{Properties: all, Memory: mem})
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if asJSON {
		return writeJSON(out, r)
	}
	if c := r.Comparison; c != nil {
		fmt.Fprintf(out, "%v\t(%s %s %s)\n", c.Result, c.Left, c.Op, c.Right)
		return nil
	}
	if r.Partizan != nil {
		printMiserePartizan(out, r.Partizan)
		return nil
	}
	printMisereCgt(out, r)
	return nil
}

// printMiserePartizan writes the report on a partizan form under misère
// play ('cgt --misere {0|*}', 'value GAME POS --misere').
func printMiserePartizan(w io.Writer, r *reports.MiserePartizanReport) {
	outcomes := map[string]string{
		"L": "Left wins whoever starts", "R": "Right wins whoever starts",
		"N": "the player to move wins", "P": "the player to move loses",
	}
	row := func(name, v string) { fmt.Fprintf(w, "%-15s %s\n", name, v) }
	if r.Game != "" {
		row("game", r.Game+" "+r.Position)
	}
	row("value", r.Value+" (misere canonical form)")
	row("play", r.Equivalence+"; a player who cannot move wins")
	row("misere outcome", r.MisereOutcomeClass+" ("+outcomes[r.MisereOutcomeClass]+")")
	row("birthday", fmt.Sprint(r.Birthday))
	if r.Form != nil && !*r.IsCanonical {
		row("form", fmt.Sprintf("%s (birthday %d)", *r.Form, *r.FormBirthday))
	}
	opts := func(os []string) string {
		if len(os) == 0 {
			return "(none: an end)"
		}
		return strings.Join(os, "  ")
	}
	row("left options", opts(r.LeftOptions))
	row("right options", opts(r.RightOptions))
	row("conjugate", r.Conjugate)
}

func printMisereCgt(w io.Writer, r *reports.MisereCGTReport) {
	outcomes := map[string]string{"N": "the player to move wins (misère play)", "P": "the player to move loses (misère play)"}
	row := func(name, v string) { fmt.Fprintf(w, "%-17s %s\n", name, v) }
	row("value", r.Value)
	row("misere outcome", r.MisereOutcomeClass+" ("+outcomes[r.MisereOutcomeClass]+")")
	row("birthday", fmt.Sprint(r.Birthday))
	row("genus", r.Genus+" (CGSuite writes "+r.GenusCGSuite+")")
	row("nim value", fmt.Sprint(r.NimValue))
	row("misere nim value", fmt.Sprint(r.MisereNimValue))
	p := r.Properties
	if p == nil {
		return
	}
	row("mate", p.Mate)
	row("options", strings.Join(p.Options, " "))
	parts := strings.Join(p.Parts, " ")
	if parts == "" {
		parts = "(none: no part but 0 and itself)"
	}
	row("parts", parts)
	var ps []string
	for _, q := range p.Partitions {
		ps = append(ps, strings.Join(q, " + "))
	}
	cut := ""
	if !p.PartitionsComplete {
		cut = fmt.Sprintf(" (the first %d)", len(p.Partitions))
	}
	row("partitions", strings.Join(ps, ", ")+cut)
	row("phylum", p.Phylum)
	for _, b := range []struct {
		name string
		v    bool
	}{{"even", p.IsEven}, {"extraverted", p.IsExtraverted}, {"half-tame", p.IsHalfTame}, {"introverted", p.IsIntroverted},
		{"nim heap", p.IsNimHeap}, {"prime", p.IsPrime}, {"restive", p.IsRestive}, {"restless", p.IsRestless}, {"tame", p.IsTame}, {"tameable", p.IsTameable}} {
		row(b.name, fmt.Sprint(b.v))
	}
}

// printSumReport writes the report of a sum whose canonical form was not
// built: what its parts decide.
func printSumReport(w io.Writer, r *reports.CGTReport, outcomes map[string]string) {
	fmt.Fprintf(w, "%-13s %s\n", "value", "(not built: the sum's canonical form is large; --form builds it)")
	fmt.Fprintf(w, "%-13s %s (%s; searched over the %d parts' forms)\n", "outcome", r.Outcome, outcomes[r.Outcome], r.Sum.Components)
	fmt.Fprintf(w, "%-13s %s (the sum of the parts' means)\n", "mean", r.Mean)
	fmt.Fprintf(w, "%-13s at most %s (the hottest part's)\n", "temperature", r.Sum.TemperatureAtMost)
}

// runMisereValue is 'grundy value GAME POS --misere': the misère form of
// a position of a partizan game or script.
func runMisereValue(cmd *cobra.Command, ctx context.Context, inst catalog.Instance, tokens []string, opts catalog.Options, asJSON, normalOnly bool, p *progress) error {
	if normalOnly {
		return fmt.Errorf("--misere gives the misère form and outcome; --all, --form and --svg are for normal play")
	}
	r, err := reports.MiserePartizanValue(ctx, inst, tokens, opts)
	p.Done()
	if errors.Is(err, reports.ErrNotPartizan) || errors.Is(err, reports.ErrMisereImpartial) {
		return fmt.Errorf("--misere: %s is not a partizan game; for an impartial game use 'grundy solve %s ... --misere' (partizan games: %s)", inst.Spec(), inst.Spec(), partizanGames())
	}
	if err != nil {
		return timedOut(ctx, err)
	}
	if asJSON {
		return writeJSON(cmd.OutOrStdout(), r)
	}
	printMiserePartizan(cmd.OutOrStdout(), r.Partizan)
	return nil
}
