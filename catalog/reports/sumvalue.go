package reports

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
)

// A sum of partizan games whose canonical form is too large to build
// (issue 37: three heaps of partizan subtraction ran for more than nine
// minutes) is still answered: its outcome by cgt.SumSearch over the
// components' forms, its mean as the sum of theirs (the mean is
// additive: Conway, ONAG ch. 9; Siegel, CGT, II.5), and a bound on its
// temperature (at most the largest of theirs). Its value, birthday, stops
// and atomic weight need the form: they are null, and --form builds it.

// SumFormTrialSteps is the work (cgt.Space steps) spent trying to build
// the canonical form of a sum before answering from its components.
const SumFormTrialSteps = 2_000_000

// SumValuer is implemented by partizan instances that can give the
// canonical forms of a position's components without adding them.
type SumValuer interface {
	Valuer
	ValueParts(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) (parts []cgt.Game, position string, err error)
}

// SumReport is the part of a CGTReport (CGTReport.Sum) for a sum whose
// canonical form was not built.
type SumReport struct {
	Components int // components of the sum (after splitting)
	// TemperatureAtMost bounds the sum's temperature: the largest of the
	// components'.
	TemperatureAtMost Number
}

// marshal writes the fields of a CGTReport with those that need the form
// null, and form_built false.
func (sr *SumReport) marshal(r *CGTReport) ([]byte, error) {
	return json.Marshal(struct {
		Game              string  `json:"game,omitempty"`
		Position          string  `json:"position,omitempty"`
		Value             *string `json:"value"`
		Outcome           string  `json:"outcome"`
		Birthday          *string `json:"birthday"`
		LeftStop          *Number `json:"left_stop"`
		RightStop         *Number `json:"right_stop"`
		Mean              Number  `json:"mean"`
		Temperature       *Number `json:"temperature"`
		AtomicWeight      *string `json:"atomic_weight"`
		FormBuilt         bool    `json:"form_built"`
		Components        int     `json:"components"`
		TemperatureAtMost Number  `json:"temperature_at_most"`
	}{Game: r.Game, Position: r.Position, Outcome: r.Outcome, Mean: r.Mean,
		Components: sr.Components, TemperatureAtMost: sr.TemperatureAtMost})
}

// sumValue is PartizanValue for a SumValuer: the form of the sum when it
// is built within SumFormTrialSteps, else the answer from the components.
func sumValue(ctx context.Context, s *cgt.Space, sv SumValuer, tokens []string, opts catalog.Options, copts CGTOptions) (*CGTReport, error) {
	parts, pos, err := sv.ValueParts(ctx, s, tokens, opts)
	if err != nil {
		return nil, err
	}
	g, ok, err := s.TrySum(parts, SumFormTrialSteps)
	if err != nil {
		return nil, err
	}
	if ok {
		r, err := DescribeCGT(s, g, copts)
		if err != nil {
			return nil, err
		}
		r.Game, r.Position = sv.Spec(), pos
		return r, nil
	}
	if copts.Thermograph {
		return nil, errors.New("the thermograph of this sum needs its canonical form: add --form to build it")
	}
	if copts.Properties {
		return nil, errors.New("the properties of this sum need its canonical form: add --form to build it")
	}
	o, err := cgt.NewSumSearch(s).Outcome(parts)
	if err != nil {
		return nil, err
	}
	var mean, hot cgt.Dyadic
	for i, p := range parts {
		m, err := s.Mean(p)
		if err != nil {
			return nil, err
		}
		if mean, err = mean.Add(m); err != nil {
			return nil, err
		}
		t, err := s.Temperature(p)
		if err != nil {
			return nil, err
		}
		if i == 0 || hot.Less(t) {
			hot = t
		}
	}
	return &CGTReport{Game: sv.Spec(), Position: pos, Outcome: o.String(), Mean: dyadic(mean),
		Sum: &SumReport{Components: len(parts), TemperatureAtMost: dyadic(hot)}}, nil
}
