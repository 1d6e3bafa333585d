package cgt

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/nimber"
)

// The functions and methods of the notation, in one table. CGSuite calls
// an operation on a game as a method, G.Cool(1), ^.Pow(2), G.Temperature,
// G.Options(Left), or between two games as an infix operator, G
// ConjunctiveSum H; grundy also takes the function form Cool(G, 1). Each
// row of methodTable is one operation under every name it has (CGSuite's
// first, as CGSuite spells it; names are matched in any case), so the
// three syntaxes are synonyms of one function, and a name not in the
// table is one error with its offset.

// argKind is what a parameter must be.
type argKind uint8

const (
	argGame   argKind = iota // any game
	argPlayer                // Left or Right
)

// operand is an argument as read: its value, its form when written
// explicitly ('{*|*}'), and the player it names (Left, Right).
type operand struct {
	g      Game
	f      *Form
	player int // 0: not a player; 1: Left; 2: Right
	at     int // its offset, for errors
}

// form is the operand's form: as written, or its canonical form.
func (o operand) form() *Form {
	if o.f != nil {
		return o.f
	}
	return canonicalForm(o.g)
}

// fnCall is one call: the receiver (a method's game, or a function's
// first argument) and the other arguments.
type fnCall struct {
	p    *parser
	name string
	at   int
	recv operand
	args []operand
}

func (c *fnCall) fail(at int, format string, args ...any) { c.p.failAt(at, format, args...) }

// number is argument i (−1: the receiver) as a number.
func (c *fnCall) number(i int) Dyadic {
	o := c.recv
	if i >= 0 {
		o = c.args[i]
	}
	x, ok := c.p.s.IsNumber(o.g)
	if !ok {
		c.fail(o.at, "%s needs a number here", c.name)
	}
	return x
}

// result is what a function returns: a game (with its form when the
// operation keeps forms), or a Value of another kind.
type result struct {
	g     Game
	f     *Form
	value *Value
}

func gameResult(g Game) result { return result{g: g} }

func formResult(f *Form) result {
	if !f.explicit {
		return result{g: f.G}
	}
	return result{g: f.G, f: f}
}

func boolResult(b bool) result {
	return result{value: &Value{Kind: KindBool, Text: strconv.FormatBool(b), Bool: b}}
}

func textResult(kind ValueKind, text string) result {
	return result{value: &Value{Kind: kind, Text: text}}
}

// ValueKind is the kind of a Value.
type ValueKind string

const (
	KindBool        ValueKind = "boolean"
	KindOutcome     ValueKind = "outcome class"
	KindList        ValueKind = "list of games"
	KindUptimal     ValueKind = "uptimal expansion"
	KindThermograph ValueKind = "thermograph"
	KindClass       ValueKind = "class"
)

// Value is what a method returns that is not a game: a boolean
// (G.IsInfinitesimal), an outcome class (G.OutcomeClass), a list of
// games (G.Options(Left), written {a,b} as CGSuite writes a set) or an
// uptimal expansion. Text is CGSuite's printing of it.
type Value struct {
	Kind ValueKind
	Text string
	Bool bool // the value of a boolean
}

// function is one row of the table.
type function struct {
	names []string // CGSuite's name first, then grundy's own
	// method: the first argument is the receiver, and the function is
	// also written G.Name(args) and, with one more argument, G Name H.
	method bool
	params []argKind // the arguments after the receiver
	eval   func(c *fnCall) result
}

var methodTable []function

// methodIndex maps a lower-case name to its row of methodTable.
var methodIndex = map[string]int{}

func init() {
	methodTable = methodRows()
	for i, f := range methodTable {
		for _, n := range f.names {
			methodIndex[strings.ToLower(n)] = i
		}
	}
}

// lookupFunction returns the row named name (any case).
func lookupFunction(name string) (*function, bool) {
	i, ok := methodIndex[strings.ToLower(name)]
	if !ok {
		return nil, false
	}
	return &methodTable[i], true
}

// FunctionNames lists the functions and methods of the notation, each
// by CGSuite's name, for a front end's help.
func FunctionNames() string {
	var sb strings.Builder
	line := 0
	for i, f := range methodTable {
		name := f.names[0]
		if i > 0 {
			sb.WriteString(",")
			line++
			if line+1+len(name) > 72 {
				sb.WriteString("\n")
				line = 0
			} else {
				sb.WriteString(" ")
				line++
			}
		}
		sb.WriteString(name)
		line += len(name)
	}
	return sb.String()
}

func g1(eval func(c *fnCall, g Game) Game) func(c *fnCall) result {
	return func(c *fnCall) result { return gameResult(eval(c, c.recv.g)) }
}

func pred(test func(s *Space, g Game) bool) func(c *fnCall) result {
	return func(c *fnCall) result { return boolResult(test(c.p.s, c.recv.g)) }
}

func list(opts func(s *Space, g Game) []Game) func(c *fnCall) result {
	return func(c *fnCall) result {
		return textResult(KindList, c.p.s.setString(opts(c.p.s, c.recv.g)))
	}
}

func bigInt(c *fnCall, n *big.Int) Game {
	d, err := IntBig(n)
	if err != nil {
		throw(err)
	}
	return c.p.s.Number(d)
}

var (
	oneGame     = []argKind{argGame}
	two         = []argKind{argGame, argGame}
	playerParam = []argKind{argPlayer}
	noParams    []argKind
)

func methodRows() []function {
	return []function{
		{names: []string{"Tiny"}, params: oneGame, eval: func(c *fnCall) result {
			s := c.p.s
			return gameResult(s.mk([]Game{Zero}, []Game{s.mk([]Game{Zero}, []Game{s.neg(c.args[0].g)})}))
		}},
		{names: []string{"Miny"}, params: oneGame, eval: func(c *fnCall) result {
			s := c.p.s
			return gameResult(s.mk([]Game{s.mk([]Game{c.args[0].g}, []Game{Zero})}, []Game{Zero}))
		}},
		{names: []string{"CanonicalForm", "GameValue", "Onside", "Offside"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return g })},
		{names: []string{"Cool"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			t := c.number(0)
			if !Int(-1).Less(t) {
				c.fail(c.args[0].at, "cooling temperature must be above -1 (CGSuite's bound)")
			}
			return gameResult(c.p.s.cool(c.recv.g, t))
		}},
		{names: []string{"Heat"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			return gameResult(c.p.s.heat(c.recv.g, c.args[0].g)) // by any game t (CGSuite's Heat)
		}},
		{names: []string{"Overheat"}, method: true, params: two, eval: func(c *fnCall) result {
			return gameResult(c.p.s.overheat(c.recv.g, c.args[0].g, c.args[1].g, map[Game]Game{}))
		}},
		{names: []string{"Freeze"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.freeze(g) })},
		{names: []string{"NortonProduct", "Norton"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			s := c.p.s
			if !s.less(Zero, c.args[0].g) {
				c.fail(c.args[0].at, "Norton multiplication needs a positive unit")
			}
			return gameResult(s.nortonMultiply(c.recv.g, c.args[0].g))
		}},
		{names: []string{"OrdinalSum"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			return formResult(c.p.s.ordinalSumOf(c.recv.form(), c.args[0].form()))
		}},
		{names: []string{"OrdinalProduct"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			s := c.p.s
			gl, gr := s.formOptions(c.recv.form())
			f := s.ordinalProductOpts(c.recv.g, formValues(gl), formValues(gr), c.args[0].g, map[Game]form{})
			return gameResult(s.make(f.L, f.R))
		}},
		{names: []string{"ConwayProduct"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			return gameResult(c.p.s.conwayProduct(c.recv.g, c.args[0].g))
		}},
		{names: []string{"ConjunctiveSum"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			return formResult(c.p.s.conjunctiveOf(c.recv.form(), c.args[0].form()))
		}},
		{names: []string{"SelectiveSum"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			return formResult(c.p.s.selectiveOf(c.recv.form(), c.args[0].form()))
		}},
		{names: []string{"CGSuiteSelectiveSum"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			return formResult(c.p.s.selectiveCGSuiteOf(c.recv.form(), c.args[0].form()))
		}},
		{names: []string{"Pow"}, method: true, params: oneGame, eval: func(c *fnCall) result { return gameResult(c.p.powCall(c, false)) }},
		{names: []string{"PowTo"}, method: true, params: oneGame, eval: func(c *fnCall) result { return gameResult(c.p.powCall(c, true)) }},
		{names: []string{"Subordinate"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			s := c.p.s
			bl, br := s.formOptions(c.args[0].form())
			r, ok := s.subordinate(c.recv.g, formValues(bl), formValues(br))
			if !ok {
				c.fail(c.recv.at, "that game cannot be subordinated to %s", s.String(c.args[0].g))
			}
			return gameResult(r)
		}},
		{names: []string{"Companion"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.companion(g) })},
		{names: []string{"ReducedCanonicalForm", "rcf"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.reducedCanonicalForm(g) })},
		{names: []string{"AtomicWeight"}, method: true, params: noParams, eval: func(c *fnCall) result {
			w, ok := c.p.s.atomicWeightGeneral(c.recv.g)
			if !ok {
				c.fail(c.recv.at, "the atomic weight is defined only for atomic games (infinitesimals close to a multiple of ^)")
			}
			return gameResult(w)
		}},
		{names: []string{"Birthday"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return bigInt(c, c.p.s.BirthdayBig(g)) })},
		{names: []string{"LeftStop"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.Number(c.p.s.leftStop(g)) })},
		{names: []string{"RightStop"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.Number(c.p.s.rightStop(g)) })},
		{names: []string{"Stop"}, method: true, params: playerParam, eval: func(c *fnCall) result {
			s := c.p.s
			if c.args[0].player == 1 {
				return gameResult(s.Number(s.leftStop(c.recv.g)))
			}
			return gameResult(s.Number(s.rightStop(c.recv.g)))
		}},
		{names: []string{"Mean"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.Number(c.p.s.mean(g)) })},
		{names: []string{"Temperature"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.Number(c.p.s.temperature(g)) })},
		{names: []string{"StopCount"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game {
			return bigInt(c, c.p.s.stopCount(g, map[Game]*big.Int{}))
		})},
		{names: []string{"FollowerCount"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return bigInt(c, c.p.s.followerCount(g)) })},
		// A short game is a stopper of degree 0 and variety 0 (CGSuite's
		// CanonicalStopper.Degree and Variety on a loop-free game).
		{names: []string{"Degree", "Variety"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return Zero })},
		{names: []string{"NimValue"}, method: true, params: noParams, eval: func(c *fnCall) result {
			n, ok := c.p.s.nimberOf(c.recv.g)
			if !ok {
				c.fail(c.recv.at, "NimValue is defined only for nimbers")
			}
			d, err := IntBig(new(big.Int).SetUint64(n))
			if err != nil {
				throw(err)
			}
			return gameResult(c.p.s.Number(d))
		}},
		{names: []string{"Max"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			x, y := c.number(-1), c.number(0)
			if x.Less(y) {
				return gameResult(c.args[0].g)
			}
			return gameResult(c.recv.g)
		}},
		{names: []string{"Min"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			x, y := c.number(-1), c.number(0)
			if y.Less(x) {
				return gameResult(c.args[0].g)
			}
			return gameResult(c.recv.g)
		}},
		{names: []string{"Floor"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.Number(c.number(-1).Floor()) })},
		{names: []string{"Ceiling"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game { return c.p.s.Number(c.number(-1).Ceil()) })},
		{names: []string{"Abs"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game {
			if x := c.number(-1); x.Sign() < 0 {
				return c.p.s.Number(x.neg())
			}
			return g
		})},
		{names: []string{"Numerator"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game {
			return bigInt(c, c.number(-1).bigNum())
		})},
		{names: []string{"Denominator"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game {
			return c.p.s.Number(Int(1).shift(int(c.number(-1).exp)))
		})},
		// Every number of a short game is dyadic.
		{names: []string{"IsDyadic"}, method: true, params: noParams, eval: func(c *fnCall) result { c.number(-1); return boolResult(true) }},
		{names: []string{"Reciprocal"}, method: true, params: noParams, eval: g1(func(c *fnCall, g Game) Game {
			x := c.number(-1)
			if x.Sign() == 0 {
				c.p.wantRational(c.recv.at, "1/0 is CGSuite's Rational inf, not a short game")
			}
			r, ok := ratDyadic(new(big.Rat).Inv(x.Rat()))
			if !ok {
				c.p.wantRational(c.recv.at, "1/%s is not a dyadic rational: the numbers of short games are dyadic", x)
			}
			return c.p.s.Number(r)
		})},
		{names: []string{"Div"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			x, y := c.number(-1), c.number(0)
			if !x.IsInt() || !y.IsInt() {
				c.fail(c.at, "Div applies to integers")
			}
			if y.Sign() == 0 {
				c.fail(c.args[0].at, "division by zero")
			}
			q := new(big.Int).Div(x.bigNum(), y.bigNum()) // Euclidean, as CGSuite's Integer.Div
			return gameResult(bigInt(c, q))
		}},
		// CGSuite's Integer.Lb: the binary logarithm's floor, the bit
		// length less one, for n ≥ 1.
		{names: []string{"Lb"}, method: true, params: noParams, eval: func(c *fnCall) result {
			n := c.integer(-1)
			if n.Sign() <= 0 {
				c.fail(c.recv.at, "Argument to Lb is not strictly positive: %s", n)
			}
			return gameResult(bigInt(c, big.NewInt(int64(n.BitLen()-1))))
		}},
		// CGSuite's Integer.Isqrt: ⌊√n⌋ for n ≥ 0.
		{names: []string{"Isqrt"}, method: true, params: noParams, eval: func(c *fnCall) result {
			n := c.integer(-1)
			if n.Sign() < 0 {
				c.fail(c.recv.at, "Argument to Isqrt is negative: %s", n)
			}
			return gameResult(bigInt(c, new(big.Int).Sqrt(n)))
		}},
		// CGSuite's Integer.NimInverse: the inverse of n ≥ 1 in the field
		// of nimbers (ONAG ch. 6), here below 2^64.
		{names: []string{"NimInverse"}, method: true, params: noParams, eval: func(c *fnCall) result {
			n := c.integer(-1)
			if n.Sign() <= 0 {
				c.fail(c.recv.at, "NimInverse applies only to positive integers.")
			}
			return gameResult(c.p.s.Number(natDyadic(nimber.Inverse(c.natural(-1)))))
		}},
		{names: []string{"NimSum"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			a, b := c.natural(-1), c.natural(0)
			return gameResult(c.p.s.Number(natDyadic(a ^ b)))
		}},
		{names: []string{"NimProduct"}, method: true, params: oneGame, eval: func(c *fnCall) result {
			a, b := c.natural(-1), c.natural(0)
			return gameResult(c.p.s.Number(natDyadic(nimProduct(a, b))))
		}},
		{names: []string{"Options"}, method: true, params: playerParam, eval: func(c *fnCall) result {
			s := c.p.s
			if c.args[0].player == 1 {
				return textResult(KindList, s.setString(s.Left(c.recv.g)))
			}
			return textResult(KindList, s.setString(s.Right(c.recv.g)))
		}},
		{names: []string{"LeftOptions"}, method: true, params: noParams, eval: list(func(s *Space, g Game) []Game { return s.Left(g) })},
		{names: []string{"RightOptions"}, method: true, params: noParams, eval: list(func(s *Space, g Game) []Game { return s.Right(g) })},
		{names: []string{"Incentives"}, method: true, params: noParams, eval: list(func(s *Space, g Game) []Game { return s.incentivesOf(g, true, true) })},
		{names: []string{"LeftIncentives"}, method: true, params: noParams, eval: list(func(s *Space, g Game) []Game { return s.incentivesOf(g, true, false) })},
		{names: []string{"RightIncentives"}, method: true, params: noParams, eval: list(func(s *Space, g Game) []Game { return s.incentivesOf(g, false, true) })},
		{names: []string{"Followers"}, method: true, params: noParams, eval: func(c *fnCall) result {
			fs, ok := c.p.s.followers(c.recv.g, MaxFollowers)
			if !ok {
				c.fail(c.recv.at, "more than %d followers", MaxFollowers)
			}
			return textResult(KindList, c.p.s.setString(fs))
		}},
		{names: []string{"OutcomeClass"}, method: true, params: noParams, eval: func(c *fnCall) result {
			return textResult(KindOutcome, c.p.s.outcomeOf(c.recv.g).String())
		}},
		// CGSuite's class of the value: the most special of Zero, Integer,
		// DyadicRational, Nimber, Uptimal and CanonicalShortGame.
		{names: []string{"Class"}, method: true, params: noParams, eval: func(c *fnCall) result {
			return textResult(KindClass, "⟪game."+c.p.s.cgsuiteClass(c.recv.g)+"⟫")
		}},
		{names: []string{"MisereOutcomeClass"}, method: true, params: noParams, eval: func(c *fnCall) result {
			return textResult(KindOutcome, c.p.s.misereOutcomeOf(c.recv.form()).String())
		}},
		{names: []string{"Thermograph"}, method: true, params: noParams, eval: func(c *fnCall) result {
			return textResult(KindThermograph, c.p.s.thermographText(c.recv.g))
		}},
		{names: []string{"UptimalExpansion"}, method: true, params: noParams, eval: func(c *fnCall) result {
			u, ok := c.p.s.uptimalExpansion(c.recv.g)
			if !ok {
				c.fail(c.recv.at, "that game is not an uptimal: %s", c.p.s.String(c.recv.g))
			}
			return textResult(KindUptimal, u.String())
		}},
		{names: []string{"IsAllSmall"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.isAllSmall(g) })},
		{names: []string{"IsAtomic"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { _, ok := s.atomicWeightGeneral(g); return ok })},
		{names: []string{"IsEven"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.parity(g, true) })},
		{names: []string{"IsOdd"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.parity(g, false) })},
		{names: []string{"IsEvenTempered"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.tempered(g, true) })},
		{names: []string{"IsOddTempered"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.tempered(g, false) })},
		{names: []string{"IsInfinitesimal"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.isInfinitesimal(g) })},
		{names: []string{"IsInteger"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { x, ok := s.IsNumber(g); return ok && x.IsInt() })},
		{names: []string{"IsNimber"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { _, ok := s.nimberOf(g); return ok })},
		// A short game's pseudonumbers are its numbers (CGSuite's test data).
		{names: []string{"IsNumber", "IsPseudonumber"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.isNumber(g) })},
		{names: []string{"IsNumberish"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.leftStop(g) == s.rightStop(g) })},
		{names: []string{"IsNumberTiny"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool {
			_, _, _, tiny := s.numberTiny(g)
			return tiny || s.isNumber(g)
		})},
		{names: []string{"IsOrdinal"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool {
			x, ok := s.IsNumber(g)
			return ok && x.IsInt() && x.Sign() >= 0
		})},
		{names: []string{"IsUptimal"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { _, ok := s.uptimalExpansion(g); return ok })},
		// A short game is idempotent (G + G = G) only when it is 0.
		{names: []string{"IsZero", "IsIdempotent"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return g == Zero })},
		{names: []string{"IsSwitch"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return s.isSwitch(g) })},
		// Every game this notation makes is short: loop-free, a stopper,
		// stopper-sided, a plumtree (CGSuite's test data for short games).
		{names: []string{"IsLoopfree", "IsStopper", "IsStopperSided", "IsPlumtree", "IsFinite"}, method: true, params: noParams, eval: pred(func(s *Space, g Game) bool { return true })},
	}
}

// natural is argument i (−1: the receiver) as a non-negative integer of
// 64 bits, for nim arithmetic on integers.
func (c *fnCall) natural(i int) uint64 {
	o := c.recv
	if i >= 0 {
		o = c.args[i]
	}
	x, ok := c.p.s.IsNumber(o.g)
	if !ok || !x.IsInt() || x.Sign() < 0 || x.BigNum().BitLen() > 64 {
		c.fail(o.at, "%s applies only to integers from 0 to 2^64-1", c.name)
	}
	return x.BigNum().Uint64()
}

// integer is argument i (−1: the receiver) as an integer.
func (c *fnCall) integer(i int) *big.Int {
	o := c.recv
	if i >= 0 {
		o = c.args[i]
	}
	x, ok := c.p.s.IsNumber(o.g)
	if !ok || !x.IsInt() {
		c.fail(o.at, "%s applies to integers", c.name)
	}
	return x.BigNum()
}

func natDyadic(n uint64) Dyadic {
	d, err := IntBig(new(big.Int).SetUint64(n))
	if err != nil {
		throw(err)
	}
	return d
}

// powCall is G.Pow(x) and G.PowTo(x). The exponent x is born by day
// MaxUpPower, as n in ^<n> and ^[n] is: G^x is about as deep as x, its
// uptimal expansion as long, and its subordinate recursion follows x
// option by option (Pow(^, 100000) took 22 GB, Pow(^, 10^9) overflowed
// the stack).
func (p *parser) powCall(c *fnCall, to bool) Game {
	s := p.s
	fn := "Pow"
	if to {
		fn = "PowTo"
	}
	_, zeroBar := s.isZeroBar(c.recv.g)
	if !to && !zeroBar {
		// CGSuite's PowTo is G : (x subordinate to 1) for every G; Pow
		// needs {0|H}.
		c.fail(c.recv.at, "%s needs a base of the form {0|H}", fn)
	}
	x := c.number(0)
	if b := s.Birthday(c.args[0].g); b > MaxUpPower {
		c.fail(c.args[0].at, "the exponent of %s must be born by day %d, as n in ^<n> (%s is born on day %s)", fn, MaxUpPower, s.String(c.args[0].g), s.BirthdayBig(c.args[0].g))
	}
	// The iteration {G^→(n−1) | H} of powTo and pow is G : n.Subordinate(1)
	// = {0, G^→(n−1) | H} only when the Left option 0 is dominated,
	// which G > 0 ensures (^, {0||0|-2}); for other bases ({0|-2}) the
	// ordinal sum itself is taken.
	small := x.IsInt() && x.Sign() >= 0 && x.num <= MaxUpPower && zeroBar && !s.leq(c.recv.g, Zero) && s.geq(c.recv.g, Zero)
	switch {
	case to && small:
		return s.powTo(c.recv.g, int(x.num))
	case to:
		return s.powToNumber(c.recv.g, x)
	case small:
		return s.pow(c.recv.g, int(x.num))
	}
	return s.powNumber(c.recv.g, x)
}
