package cgt

import (
	"math/big"
	"slices"
	"strings"
)

// Properties are CGSuite's properties of a canonical short game, written
// in CGSuite's notation (sets as {a,b,…} in CGSuite's order). Empty
// strings are undefined values (the atomic weight of a game that is not
// atomic); Followers is empty when there are more than MaxFollowers.
type Properties struct {
	AtomicWeight         string `json:"atomic_weight,omitempty"`
	Companion            string `json:"companion"`
	Followers            string `json:"followers,omitempty"`
	FollowerCount        string `json:"follower_count"`
	Freeze               string `json:"freeze"`
	Incentives           string `json:"incentives"`
	LeftIncentives       string `json:"left_incentives"`
	RightIncentives      string `json:"right_incentives"`
	LeftOptions          string `json:"left_options"`
	RightOptions         string `json:"right_options"`
	ReducedCanonicalForm string `json:"reduced_canonical_form"`
	StopCount            string `json:"stop_count"`
	UptimalExpansion     string `json:"uptimal_expansion,omitempty"`
	IsAllSmall           bool   `json:"is_all_small"`
	IsAtomic             bool   `json:"is_atomic"`
	IsEven               bool   `json:"is_even"`
	IsOdd                bool   `json:"is_odd"`
	IsEvenTempered       bool   `json:"is_even_tempered"`
	IsOddTempered        bool   `json:"is_odd_tempered"`
	IsInfinitesimal      bool   `json:"is_infinitesimal"`
	IsInteger            bool   `json:"is_integer"`
	IsNimber             bool   `json:"is_nimber"`
	IsNumber             bool   `json:"is_number"`
	IsNumberish          bool   `json:"is_numberish"`
	IsNumberTiny         bool   `json:"is_number_tiny"`
	IsOrdinal            bool   `json:"is_ordinal"`
	IsSwitch             bool   `json:"is_switch"`
	IsUptimal            bool   `json:"is_uptimal"`
}

// MaxFollowers bounds the followers Describe lists.
const MaxFollowers = 1000

// TooLongText stands in a property whose text would pass
// maxPropertyText bytes.
const TooLongText = "(too long to write out)"

// maxPropertyText bounds the text of each property Describe writes (1
// MiB): a sum of switches ±1 + … + ±n has few distinct subgames but
// options, incentives and a freeze whose texts grow as 2^n, which were
// built whole (±1 + … + ±20: 8 MB of text, and twice that per switch
// more). A variable so that tests can reach it.
var maxPropertyText = 1 << 20

// text is g written out, or TooLongText.
func (s *Space) text(g Game) string {
	str, ok := s.StringLimit(g, maxPropertyText)
	if !ok {
		return TooLongText
	}
	return str
}

// Describe computes the Properties of g.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Describe(g Game) (p *Properties, err error) {
	defer s.done(&err)
	p = &Properties{}
	if w, ok := s.atomicWeightGeneral(g); ok {
		p.AtomicWeight, p.IsAtomic = s.text(w), true
	}
	p.Companion = s.text(s.companion(g))
	if fs, ok := s.followers(g, MaxFollowers); ok {
		p.Followers = s.setString(fs)
	}
	p.FollowerCount = s.followerCount(g).String()
	p.Freeze = s.text(s.freeze(g))
	p.Incentives = s.setString(s.incentivesOf(g, true, true))
	p.LeftIncentives = s.setString(s.incentivesOf(g, true, false))
	p.RightIncentives = s.setString(s.incentivesOf(g, false, true))
	p.LeftOptions = s.setString(s.Left(g))
	p.RightOptions = s.setString(s.Right(g))
	p.ReducedCanonicalForm = s.text(s.reducedCanonicalForm(g))
	p.StopCount = s.stopCount(g, map[Game]*big.Int{}).String()
	if u, ok := s.uptimalExpansion(g); ok {
		p.UptimalExpansion, p.IsUptimal = u.String(), true
	}
	x, isNum := s.IsNumber(g)
	_, isNim := s.nimberOf(g)
	p.IsAllSmall = s.isAllSmall(g)
	p.IsEven, p.IsOdd = s.parity(g, true), s.parity(g, false)
	p.IsEvenTempered, p.IsOddTempered = s.tempered(g, true), s.tempered(g, false)
	p.IsInfinitesimal = s.isInfinitesimal(g)
	p.IsInteger = isNum && x.IsInt()
	p.IsNimber = isNim
	p.IsNumber = isNum
	p.IsNumberish = s.leftStop(g) == s.rightStop(g)
	_, _, _, tiny := s.numberTiny(g)
	p.IsNumberTiny = tiny || isNum
	p.IsOrdinal = isNum && x.IsInt() && x.Sign() >= 0
	p.IsSwitch = s.isSwitch(g)
	return p, nil
}

// freeze cools g by its temperature (CGSuite's Freeze).
func (s *Space) freeze(g Game) Game {
	if s.isNumber(g) {
		return g // CGSuite: a number is its own freeze
	}
	return s.cool(g, s.temperature(g))
}

// setString writes games as a set {a,b,…} in CGSuite's order, or
// TooLongText past maxPropertyText bytes.
func (s *Space) setString(gs []Game) string {
	o := slices.Clone(gs)
	slices.SortFunc(o, s.detCompare)
	parts := make([]string, len(o))
	n := 2
	for i, g := range o {
		if n >= maxPropertyText {
			return TooLongText
		}
		str, ok := s.StringLimit(g, maxPropertyText-n)
		if !ok {
			return TooLongText
		}
		parts[i] = str
		n += len(str) + 1
	}
	return "{" + strings.Join(parts, ",") + "}"
}
