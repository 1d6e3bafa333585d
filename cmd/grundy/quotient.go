package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

func newQuotientCmd() *cobra.Command {
	var (
		jsonOut  bool
		genus    bool
		uptoText string
		limits   limitFlags
	)
	cmd := &cobra.Command{
		Use:   "quotient GAME --upto N [HEAPS...]",
		Short: "The misère quotient of a heap game on heaps up to N, and misère outcomes of sums from it",
		Long: `Compute the misère quotient (Plambeck; Plambeck and Siegel, "Misère
quotients for impartial games", 2008) of a heap game restricted to heaps of
sizes up to N: the commutative monoid whose elements are the classes of sums
of such heaps that no other such sum tells apart under misère play (whoever
makes the last move loses). It prints the monoid's order, a presentation
(generators a, b, c, … are heaps, relations rewrite every word to its normal
form), the P-portion (the elements of sums the player to move loses), and
each heap's element. HEAPS, when given, is a sum answered from the quotient.

The quotient is built heap by heap as Siegel's MisereSolver does, and each
step is proven by a finite search, so every sum's outcome follows from it.
For a finite octal or hexadecimal code, the periodicity test of Plambeck and
Siegel then looks for a period of the heaps' elements long enough to prove
the quotient for every heap size ("all heaps" line; all_heaps and period in
JSON), as seq proves normal-play periods.

--genus adds each heap's genus g^γ0γ1… (Conway, Winning Ways ch. 13): g
the normal-play Grundy value, γk the misère Grundy value of the heap plus
k nim heaps of 2 (computed until the period-2 tail every genus ends in is
proven to have started: the values of every follower of the heap plus k
2s repeat those with k−2 2s; the tail is then dropped; at most 16 terms,
and a symbol cut there ends in …), and
marks the heaps whose genus is a nim heap's (0^120, 1^031, g^g(g^2)). The
genus is computed on the heap's misère canonical form (Conway: no
reversible options; two games are misère-equivalent exactly when these
are identical), which also gives each heap's class as CGSuite's
MisereCanonicalGame classifies it: tame (a nim heap, hereditarily or
reversibly tame), restive, restless, or wild (the rest, tameable games
included), and the game's: tame to N when every heap up to N is tame, so
that every sum of them is misère Nim on their genera, else wild.`,
		Example: "  grundy quotient octal:0.75 --upto 20\n  grundy quotient kayles --upto 12 --json\n  grundy quotient kayles --upto 12 3 5 7",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			game, err := reports.LookupSequencer(args[0])
			if err != nil {
				return err
			}
			upto, err := strconv.Atoi(uptoText)
			if err != nil || upto < 1 || upto > reports.MaxQuotientUpto {
				return fmt.Errorf("--upto %q: expected the largest heap size, from 1 to %d", uptoText, reports.MaxQuotientUpto)
			}
			sum, err := catalog.ParseInts(args[1:], "heap size", 0, catalog.MaxComponents, upto)
			if err != nil {
				return fmt.Errorf("%w (the quotient answers sums of heaps up to --upto %d)", err, upto)
			}
			p := newProgress()
			opts := catalog.Options{Progress: func(h int) { p.Report(h, "heaps") }}
			limits.options(&opts)
			ctx, cancel := limits.context(cmd.Context())
			defer cancel()
			r, err := reports.Quotient(ctx, game, upto, opts, sum, genus)
			p.Done()
			if err != nil {
				return timedOut(ctx, err)
			}
			if jsonOut {
				return writeJSON(cmd.OutOrStdout(), r)
			}
			printQuotient(cmd.OutOrStdout(), r)
			return nil
		},
	}
	jsonFlag(cmd, &jsonOut)
	cmd.Flags().StringVar(&uptoText, "upto", "", "the largest heap size (required)")
	_ = cmd.MarkFlagRequired("upto")
	cmd.Flags().BoolVar(&genus, "genus", false, "also each heap's genus symbol g^γ0γ1… (Conway; Winning Ways ch. 13) and class (tame, restive, restless, wild), and the game's")
	limits.register(cmd, "option sets kept in one verification of the quotient")
	return cmd
}

func printQuotient(w io.Writer, r *reports.QuotientReport) {
	fmt.Fprintf(w, "%s  misère quotient of the heaps up to %d\n", r.Game, r.Upto)
	fmt.Fprintf(w, "  order       %d\n", r.Order)
	gens := make([]string, len(r.Generators))
	for i, g := range r.Generators {
		gens[i] = fmt.Sprintf("%s = heap %d", g, r.GeneratorHeaps[i])
	}
	fmt.Fprintf(w, "  generators  %s\n", orNone(strings.Join(gens, ", ")))
	fmt.Fprintf(w, "  relations   %s\n", orNone(strings.Join(r.Relations, ", ")))
	fmt.Fprintf(w, "  P-portion   %s (a sum whose element is one of these is lost by the player to move)\n", orNone(strings.Join(r.PPortion, ", ")))
	if p := r.Period; p != nil {
		fmt.Fprintf(w, "  all heaps   proven: heap n+%d has heap n's element for every n ≥ %d (Plambeck–Siegel periodicity test, which needs heaps up to %d), so this is the whole game's quotient\n", p.Period, p.Preperiod, p.NeedsUpto)
	} else if r.Finite {
		fmt.Fprintf(w, "  all heaps   not proven: the heaps up to %d show no period long enough for the Plambeck–Siegel periodicity test to prove (a larger --upto may)\n", r.Upto)
	} else {
		fmt.Fprintf(w, "  all heaps   not proven: the Plambeck–Siegel periodicity test needs a finite octal or hexadecimal code or subtraction set, and %s is none\n", r.Game)
	}
	if r.GenusList == nil {
		fmt.Fprintf(w, "  heaps       n: element\n")
		for n, e := range r.HeapList {
			fmt.Fprintf(w, "    %3d: %s\n", n, e)
		}
	} else {
		if r.GameClass == "tame" {
			fmt.Fprintf(w, "  class       tame to heap %d: every heap up to %d is tame, so every sum of them is played as misère Nim on their genera\n", r.Upto, r.Upto)
		} else {
			m := *r.TameUpto
			fmt.Fprintf(w, "  class       wild to heap %d: heaps 0..%d are tame, heap %d is %s (restive and restless games are wild ones with a partial theory)\n", r.Upto, m, m+1, r.ClassList[m+1])
		}
		fmt.Fprintf(w, "  heaps       n: element, genus, phylum of its misère canonical form (CGSuite's classes; tame genus: a nim heap's)\n")
		for n, e := range r.HeapList {
			tame := ""
			if slices.Contains(r.Tame, n) {
				tame = ", tame genus"
			}
			fmt.Fprintf(w, "    %3d: %-8s %-10s %s%s\n", n, e, r.GenusList[n], r.ClassList[n], tame)
		}
	}
	if s := r.Sum; s != nil {
		desc := "the player to move wins"
		if s.Outcome == "P" {
			desc = "the player to move loses"
		}
		fmt.Fprintf(w, "  sum         %s: element %s, outcome %s (%s, under misère play)\n", joinInts(s.Heaps), s.Element, s.Outcome, desc)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}
