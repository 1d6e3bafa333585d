package cgt

import "slices"

// Forms that matter. A game's value is its canonical form, and the
// disjunctive sum, negation and comparison depend on nothing else; but the
// ordinal sum G:H depends on the form of G (its options as written), and
// the conjunctive and selective compounds on the forms of both games at
// every depth (Winning Ways ch. 6 and 9; Siegel, CGT, ch. II: G:H depends
// on the form of G but only on the value of H). form_test.go checks every
// compound here against exhaustive play of random forms.
// CGSuite keeps a quoted game '{*|*}' as written (its ExplicitGame) and
// computes those operations on the form; so does this file: '{*|*}' is 0,
// but '{*|*}':3 is ^[3] where 0:3 is 3 (CGSuite's CompoundGameTestCase).

// Form is a game as written: its value and, when it is explicit, its
// options as forms. A Form that is not explicit is the canonical form of
// its value, whose options are the Space's.
type Form struct {
	G        Game // the value (canonical form)
	explicit bool
	L, R     []*Form
}

// canonicalForm is the Form of g's canonical form.
func canonicalForm(g Game) *Form { return &Form{G: g} }

// IsExplicit reports whether f was written with options other than its
// canonical form's.
func (f *Form) IsExplicit() bool { return f != nil && f.explicit }

// explicitForm makes the explicit form with options L and R; its value is
// the canonical form of those options' values.
func (s *Space) explicitForm(L, R []*Form) *Form {
	lv := make([]Game, len(L))
	for i, o := range L {
		lv[i] = o.G
	}
	rv := make([]Game, len(R))
	for i, o := range R {
		rv[i] = o.G
	}
	return &Form{G: s.make(lv, rv), explicit: true, L: L, R: R}
}

// formOptions returns the options of f: as written when explicit, else
// those of its canonical form.
func (s *Space) formOptions(f *Form) (L, R []*Form) {
	if f.explicit {
		return f.L, f.R
	}
	for _, o := range s.Left(f.G) {
		L = append(L, canonicalForm(o))
	}
	for _, o := range s.Right(f.G) {
		R = append(R, canonicalForm(o))
	}
	return L, R
}

func formValues(fs []*Form) []Game {
	out := make([]Game, len(fs))
	for i, f := range fs {
		out[i] = f.G
	}
	return out
}

// negForm is −f written out: {−f^R | −f^L}.
func (s *Space) negForm(f *Form) *Form {
	if !f.explicit {
		return canonicalForm(s.neg(f.G))
	}
	L := make([]*Form, len(f.R))
	for i, o := range f.R {
		L[i] = s.negForm(o)
	}
	R := make([]*Form, len(f.L))
	for i, o := range f.L {
		R[i] = s.negForm(o)
	}
	return &Form{G: s.neg(f.G), explicit: true, L: L, R: R}
}

// ordinalSumOf is f:h. Its value depends on f's options as written and on
// h's value only; its form (what a later conjunctive compound of it sees)
// has the options {f^L, f:h^L | f^R, f:h^R}, with h's options as written.
func (s *Space) ordinalSumOf(f, h *Form) *Form {
	if !f.explicit && !h.explicit {
		return canonicalForm(s.ordinalSum(f.G, h.G))
	}
	s.shallow("the ordinal sum G:H", h.G)
	fl, fr := s.formOptions(f)
	hl, hr := s.formOptions(h)
	L, R := slices.Clone(fl), slices.Clone(fr)
	for _, o := range hl {
		L = append(L, s.ordinalSumOf(f, o))
	}
	for _, o := range hr {
		R = append(R, s.ordinalSumOf(f, o))
	}
	return s.explicitForm(L, R)
}

// conjunctiveOf is f ∧ h = {f^L ∧ h^L | f^R ∧ h^R} on the forms as
// written (WW ch. 9; CGSuite's ConjunctiveSum).
func (s *Space) conjunctiveOf(f, h *Form) *Form {
	if !f.explicit && !h.explicit {
		return canonicalForm(s.conjunctive(f.G, h.G))
	}
	s.step()
	fl, fr := s.formOptions(f)
	hl, hr := s.formOptions(h)
	var L, R []*Form
	for _, a := range fl {
		for _, b := range hl {
			L = append(L, s.conjunctiveOf(a, b))
		}
	}
	for _, a := range fr {
		for _, b := range hr {
			R = append(R, s.conjunctiveOf(a, b))
		}
	}
	return s.explicitForm(L, R)
}

// selectiveOf is Conway's selective compound f ∨ h on the forms as
// written: a move in one component or in both, and the compound goes on
// as a selective one (ONAG ch. 14).
func (s *Space) selectiveOf(f, h *Form) *Form {
	if !f.explicit && !h.explicit {
		return canonicalForm(s.selective(f.G, h.G))
	}
	s.step()
	fl, fr := s.formOptions(f)
	hl, hr := s.formOptions(h)
	var L, R []*Form
	for _, a := range fl {
		L = append(L, s.selectiveOf(a, h))
		for _, b := range hl {
			L = append(L, s.selectiveOf(a, b))
		}
	}
	for _, b := range hl {
		L = append(L, s.selectiveOf(f, b))
	}
	for _, a := range fr {
		R = append(R, s.selectiveOf(a, h))
		for _, b := range hr {
			R = append(R, s.selectiveOf(a, b))
		}
	}
	for _, b := range hr {
		R = append(R, s.selectiveOf(f, b))
	}
	return s.explicitForm(L, R)
}

// selectiveCGSuiteOf is CGSuite's SelectiveSum (org.cgsuite.core.
// CompoundGame): the first move is in one component or in both, but what
// it leaves is then the disjunctive sum G^L + H (or G + H^L), or the
// conjunctive compound G^L ∧ H^L — not a selective compound again, as
// in Conway's definition (selectiveOf). The two differ: *5 ∨ *6 is *8 in
// CGSuite's and *11 in Conway's (cgsuite_ops.txt, TestCGSuiteSelectiveSum).
func (s *Space) selectiveCGSuiteOf(f, h *Form) *Form {
	s.step()
	fl, fr := s.formOptions(f)
	hl, hr := s.formOptions(h)
	var L, R []*Form
	for _, a := range fl {
		L = append(L, canonicalForm(s.add(a.G, h.G)))
	}
	for _, b := range hl {
		L = append(L, canonicalForm(s.add(f.G, b.G)))
	}
	for _, a := range fr {
		R = append(R, canonicalForm(s.add(a.G, h.G)))
	}
	for _, b := range hr {
		R = append(R, canonicalForm(s.add(f.G, b.G)))
	}
	for _, a := range fl {
		for _, b := range hl {
			L = append(L, s.conjunctiveOf(a, b))
		}
	}
	for _, a := range fr {
		for _, b := range hr {
			R = append(R, s.conjunctiveOf(a, b))
		}
	}
	return s.explicitForm(L, R)
}
