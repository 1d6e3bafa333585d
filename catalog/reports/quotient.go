package reports

import (
	"context"
	"fmt"
	"strconv"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/misere"
)

// MaxQuotientUpto bounds --upto of a quotient: each heap is a step of
// searches, and quotients of thousands of heaps are beyond them anyway.
const MaxQuotientUpto = 100_000

// QuotientReport is the misère quotient of a heap game restricted to heaps
// up to Upto (grundy quotient; package misere): the monoid's order, a
// presentation, the P-portion and each heap's element, all written as
// words in the generators a, b, c, … (the heaps GeneratorHeaps).
type QuotientReport struct {
	Game           string            `json:"game"`
	Upto           int               `json:"upto"`
	Order          int               `json:"order"`
	Generators     []string          `json:"generators"`
	GeneratorHeaps []int             `json:"generator_heaps"`
	Relations      []string          `json:"relations"`
	PPortion       []string          `json:"p_portion"`
	Heaps          map[string]string `json:"heaps"`
	// Expansions are the heaps at which the quotient grew.
	Expansions []int `json:"expansions"`
	// AllHeaps is set when the periodicity test (misere.ProvePeriod)
	// proves the quotient for every heap size: Period says how heaps past
	// Upto map to elements (φ(n+period) = φ(n) from the preperiod on).
	AllHeaps bool           `json:"all_heaps"`
	Period   *misere.Period `json:"period,omitempty"`
	// Finite is set when the rule is a finite code (octal, hexadecimal or
	// a finite subtraction set), which the periodicity test needs: for
	// people, why no period is proven.
	Finite bool `json:"-"`
	// Sum is the answer for a sum of heaps, when one was asked.
	Sum *QuotientSum `json:"sum,omitempty"`
	// Genus is each heap's genus symbol (Conway; misere.GenusOf), when
	// asked for, and Tame the heaps whose own genus is a nim heap's (tame
	// genus; whether the heap is tame is Class, below).
	Genus map[string]string `json:"genus,omitempty"`
	Tame  []int             `json:"tame_genus,omitempty"`
	// Class is each heap's class, "tame", "restive", "restless" or
	// "wild", and Phylum the finer phylum it comes from (misere.Phylum:
	// CGSuite's classification of the heap's misère canonical form), when
	// the genus is asked for. GameClass is "tame" when every heap up to
	// Upto is (generally) tame, so every sum of them is played as misère
	// Nim on their genera, and else "wild"; TameUpto is the largest m
	// whose heaps 0..m are all tame.
	Class     map[string]string `json:"class,omitempty"`
	Phylum    map[string]string `json:"phylum,omitempty"`
	GameClass string            `json:"game_class,omitempty"`
	TameUpto  *int              `json:"tame_upto,omitempty"`

	// For people, not in JSON: the heaps' elements (and genera) in order.
	HeapList  []string `json:"-"`
	GenusList []string `json:"-"`
	ClassList []string `json:"-"`
}

// QuotientSum is a sum of heaps answered from the quotient: its element
// (the product of its heaps') and its misère outcome.
type QuotientSum struct {
	Heaps   []int  `json:"heaps"`
	Element string `json:"element"`
	Outcome string `json:"outcome"`
}

// Quotient computes the misère quotient of the heap game g up to heap
// upto, and answers the sum of heaps sum when it is not empty.
// opts gives the limits: MaxStates bounds the option sets one
// verification keeps (misere.Limits), Memory the candidates' tables,
// Progress hears of each heap done.
// With genus, each heap's genus is computed too.
func Quotient(ctx context.Context, g Sequencer, upto int, opts catalog.Options, sum []int, genus bool) (*QuotientReport, error) {
	if upto > MaxQuotientUpto {
		return nil, budget.Exceed(budget.Size, MaxQuotientUpto, "the misère quotient is computed for heaps up to %d at most", MaxQuotientUpto)
	}
	q, err := misere.Compute(ctx, g.HeapRule(), upto, misere.Limits{MaxStates: opts.MaxStates, Memory: opts.Memory, Progress: opts.Progress})
	if err != nil {
		return nil, err
	}
	r := &QuotientReport{
		Game: g.Spec(), Upto: upto, Order: q.Order(),
		Generators: q.GeneratorNames(), GeneratorHeaps: q.Generators,
		Relations: q.Relations(), Heaps: map[string]string{}, Expansions: q.Expansions,
	}
	if fr, ok := any(g.HeapRule()).(misere.FiniteRule); ok {
		r.Finite = fr.Finite()
		if r.Period = q.ProvePeriod(fr); r.Period != nil {
			r.AllHeaps = true
		}
	}
	for _, x := range q.PPortion() {
		r.PPortion = append(r.PPortion, q.Name(x))
	}
	for h := 0; h <= upto; h++ {
		name := q.Name(q.Heap(h))
		r.Heaps[strconv.Itoa(h)] = name
		r.HeapList = append(r.HeapList, name)
	}
	if genus {
		// The genus and class of each heap from its misère canonical
		// form (misere.Canon), all heaps in one hash-consed space.
		c, heaps, err := misere.HeapForms(ctx, g.HeapRule(), upto, opts.MaxStates)
		if err != nil {
			return nil, err
		}
		r.Genus, r.Class, r.Phylum = map[string]string{}, map[string]string{}, map[string]string{}
		r.GameClass = "tame"
		tameUpto := -1
		gs, err := c.Genera(ctx, heaps)
		if err != nil {
			return nil, err
		}
		for h, id := range heaps {
			x := gs[h]
			k := strconv.Itoa(h)
			p := c.Phylum(id)
			r.Genus[k] = x.String()
			r.Class[k] = p.Class()
			r.Phylum[k] = p.String()
			r.GenusList = append(r.GenusList, x.String())
			r.ClassList = append(r.ClassList, p.String())
			if x.Tame() {
				r.Tame = append(r.Tame, h)
			}
			if !p.IsGenerallyTame() {
				r.GameClass = "wild"
			} else if tameUpto == h-1 {
				tameUpto = h
			}
		}
		r.TameUpto = &tameUpto
	}
	if len(sum) > 0 {
		x, err := q.Element(sum)
		if err != nil {
			return nil, fmt.Errorf("the sum to answer: %w; raise --upto", err)
		}
		s := &QuotientSum{Heaps: sum, Element: q.Name(x), Outcome: "N"}
		if q.IsP(x) {
			s.Outcome = "P"
		}
		r.Sum = s
	}
	return r, nil
}
