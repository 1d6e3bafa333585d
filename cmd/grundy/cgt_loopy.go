package main

import (
	"fmt"
	"io"

	"github.com/grundy-go/grundy/catalog/reports"
)

// loopyOutcomes says what each loopy outcome class means.
var loopyOutcomes = map[string]string{
	"L":      "Left wins, whoever moves first",
	"R":      "Right wins, whoever moves first",
	"N":      "the first player wins",
	"P":      "the second player wins",
	"D":      "a draw, whoever moves first",
	"PHat":   "Left moving first draws; Right moving first loses",
	"PCheck": "Left moving first loses; Right moving first draws",
	"NHat":   "Left moving first wins; Right moving first draws",
	"NCheck": "Left moving first draws; Right moving first wins",
}

// printLoopyReport writes the report on a loopy game for people.
func printLoopyReport(w io.Writer, r *reports.LoopyReport) {
	row := func(name, v string) { fmt.Fprintf(w, "%-22s %s\n", name, v) }
	opt := func(name string, v *string, msg string) {
		switch {
		case v != nil:
			row(name, *v)
		case msg != "":
			row(name, "("+msg+")")
		}
	}
	msgs := map[string]string{}
	if r.Properties != nil {
		msgs = r.Properties.Messages
	}
	if r.Game != "" {
		row("position", r.Game+" "+r.Position)
	}
	row("value", r.Value)
	row("kind", r.Kind)
	row("outcome", fmt.Sprintf("%s (%s)", r.Outcome, loopyOutcomes[r.Outcome]))
	if r.Note != "" {
		row("note", r.Note)
	}
	if r.Kind != "stopper" {
		opt("onside", r.Onside, msgs["onside"])
		opt("offside", r.Offside, msgs["offside"])
	}
	opt("left stop", r.LeftStop, msgs["left_stop"])
	opt("right stop", r.RightStop, msgs["right_stop"])
	p := r.Properties
	if p == nil {
		return
	}
	b := func(x *bool) *string {
		if x == nil {
			return nil
		}
		s := fmt.Sprint(*x)
		return &s
	}
	count := func(x *int) *string {
		if x == nil {
			return nil
		}
		s := fmt.Sprint(*x)
		return &s
	}
	opt("left options", p.LeftOptions, msgs["left_options"])
	opt("right options", p.RightOptions, msgs["right_options"])
	opt("follower count", count(p.FollowerCount), msgs["follower_count"])
	opt("followers", p.Followers, msgs["followers"])
	opt("degree", p.Degree, msgs["degree"])
	opt("variety", p.Variety, msgs["variety"])
	opt("stable", b(p.IsStable), msgs["is_stable"])
	opt("idempotent", b(p.IsIdempotent), msgs["is_idempotent"])
	opt("plumtree", b(p.IsPlumtree), msgs["is_plumtree"])
	opt("pseudonumber", b(p.IsPseudonumber), msgs["is_pseudonumber"])
	row("stopper", fmt.Sprint(p.IsStopper))
	opt("stopper-sided", b(p.IsStopperSided), msgs["is_stopper_sided"])
}
