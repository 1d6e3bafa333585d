package misere

// Phylum is the class of a game in misère canonical form, as CGSuite's
// MisereCanonicalGame reports it (Dan Hoey's phyla; the rules are stated
// in the package doc, "Tame, restive, restless, wild").
type Phylum uint8

// The phyla, from the tamest. The order matters: the first three are the
// (generally) tame games, and a game's options are compared by it.
const (
	NimHeapPhylum Phylum = iota
	HereditarilyTame
	ReversiblyTame
	Tameable
	HereditarilyRestive
	ReversiblyRestive
	Restless
	Wild
)

var phylumNames = [...]string{"nim heap", "hereditarily tame", "reversibly tame", "tameable", "hereditarily restive", "reversibly restive", "restless", "wild"}

func (p Phylum) String() string { return phylumNames[p] }

// IsTame is CGSuite's IsTame: the game and all its followers have tame
// genus (a nim heap, or hereditarily tame).
func (p Phylum) IsTame() bool { return p <= HereditarilyTame }

// IsGenerallyTame is CGSuite's IsGenerallyTame: tame, or tame once its
// reversible options are bypassed (reversibly tame). Sums of such games
// are played as misère Nim on their Grundy values.
func (p Phylum) IsGenerallyTame() bool { return p <= ReversiblyTame }

// IsTameable is CGSuite's IsTameable: generally tame, or a game whose
// genus a sum with tame games still determines.
func (p Phylum) IsTameable() bool { return p <= Tameable }

// IsRestive is CGSuite's IsRestive (hereditarily restive).
func (p Phylum) IsRestive() bool { return p == HereditarilyRestive }

// IsGenerallyRestive is CGSuite's IsGenerallyRestive: hereditarily or
// reversibly restive.
func (p Phylum) IsGenerallyRestive() bool {
	return p == HereditarilyRestive || p == ReversiblyRestive
}

// IsRestless is CGSuite's IsRestless.
func (p Phylum) IsRestless() bool { return p == Restless }

func (p Phylum) restiveOrTame() bool { return p.IsGenerallyTame() || p.IsGenerallyRestive() }

// Class is the game's class in four words: "tame" (generally tame),
// "restive" (generally restive), "restless", or "wild" (the rest,
// tameable games included: Winning Ways calls every game that is not
// tame wild; restive and restless games are the wild games the book
// still has a theory for).
func (p Phylum) Class() string {
	switch {
	case p.IsGenerallyTame():
		return "tame"
	case p.IsGenerallyRestive():
		return "restive"
	case p == Restless:
		return "restless"
	}
	return "wild"
}

// classify gives the phylum of the canonical game with options o and
// values G+ = gp, G− = gm (package doc).
func (c *Canon) classify(o []int32, gp, gm int) Phylum {
	tameG := gp == gm || (gp <= 1 && gm <= 1)
	restiveG := !tameG && gp <= 1
	restlessG := !tameG && !restiveG && gm <= 1
	// The wildest option, when every option is generally tame.
	wildest, allTame := NimHeapPhylum, true
	for _, x := range o {
		p := c.phylum[x]
		if !p.IsGenerallyTame() {
			allTame = false
			break
		}
		wildest = max(wildest, p)
	}
	if allTame {
		switch {
		case wildest == NimHeapPhylum && tameG && (gp > 1 || gp != gm):
			return NimHeapPhylum
		case wildest <= HereditarilyTame && tameG:
			return HereditarilyTame
		case wildest <= HereditarilyTame && restiveG:
			return HereditarilyRestive
		case tameG:
			return ReversiblyTame
		case restiveG:
			return ReversiblyRestive
		case restlessG:
			return Restless
		}
		return Wild
	}
	if !tameG && !restiveG {
		return Wild
	}
	// Some option is not generally tame: the game may still be tame
	// (restive) through its reversible options, or tameable.
	revOK, tameableOK := true, tameG
	var plus, minus, tPlus, tMinus []bool
	set := func(s *[]bool, v int) {
		for len(*s) <= v {
			*s = append(*s, false)
		}
		(*s)[v] = true
	}
	for _, x := range o {
		px := c.phylum[x]
		if px.IsGenerallyTame() {
			set(&plus, c.plus[x])
			set(&minus, c.minus[x])
			continue
		}
		mT, pT := false, false
		if tameableOK && px == Tameable {
			set(&tPlus, c.plus[x])
			set(&tMinus, c.minus[x])
			mT, pT = true, true
		}
		mF, pF := false, false
		for _, y := range c.opts[x] {
			py := c.phylum[y]
			sm, sp := c.minus[y], c.plus[y]
			switch {
			case py.IsGenerallyTame() && tameG:
				mF = mF || gm == sm
				pF = pF || gp == sp
			case py.restiveOrTame() && restiveG && revOK:
				mF = mF || (gm == sm && (sp <= 1 || sp^gm <= 1))
				pF = pF || (gp == sp && (sm <= 1 || sm^gm <= 1))
			case py == Tameable && tameableOK:
				mT = mT || gm == sm
				pT = pT || gp == sp
			}
		}
		if !(mF && pF) {
			revOK = false
			if !(mT && pT) {
				tameableOK = false
			}
			if !tameableOK {
				break
			}
		}
	}
	bitsMex := func(s []bool) int { return mex(s) }
	if revOK && (gp != bitsMex(plus) || gm != bitsMex(minus)) {
		revOK = false
	}
	if tameableOK {
		for v, ok := range tPlus {
			if ok {
				set(&plus, v)
			}
		}
		for v, ok := range tMinus {
			if ok {
				set(&minus, v)
			}
		}
		nonempty := false
		for _, ok := range plus {
			nonempty = nonempty || ok
		}
		if (gp != bitsMex(plus) || gm != bitsMex(minus)) && (nonempty || gp > 0) {
			tameableOK = false
		}
	}
	switch {
	case revOK && tameG:
		return ReversiblyTame
	case revOK:
		return ReversiblyRestive
	case tameableOK:
		return Tameable
	}
	return Wild
}
