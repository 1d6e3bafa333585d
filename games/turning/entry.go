package turning

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/catalog"
)

// The catalog's adapter: "grundy solve mock-turtles 3 7 12" values the
// heads-up coins 3, 7 and 12 (or a row written with H and T: THHT) and
// lists the winning moves as the heads they leave.

// named are the games of Winning Ways' chapter 14 by their names, with
// their turning codes (CGSuite's, in the table of its game.strip.Turning).
var named = []struct {
	name, code, summary string
}{
	{"turtles", "1-2", "Turning Turtles: turn one or two coins, the rightmost from heads to tails (Nim in disguise)"},
	{"mock-turtles", "1-3", "Mock Turtles: turn one, two or three coins, the rightmost from heads to tails (values: the odious numbers)"},
	{"moebius", "1-5", "Moebius: turn one to five coins, the rightmost from heads to tails"},
	{"mogul", "1-7", "Mogul: turn one to seven coins, the rightmost from heads to tails"},
	{"twins", "2", "Twins: turn exactly two coins, the rightmost from heads to tails"},
	{"triplets", "3", "Triplets: turn exactly three coins, the rightmost from heads to tails"},
	{"ruler", "1+C", "Ruler: turn any number of consecutive coins, the rightmost from heads to tails (values: the largest power of 2 dividing n)"},
}

const position = "the heads-up coins, numbered 1, 2, 3, … from the left (e.g. 3 7 12), or the row written with H and T (e.g. THHT: coins 2 and 3 heads)"

func init() {
	catalog.Register(catalog.Entry{
		Name:     "turning",
		Params:   "CODE",
		Position: position,
		Summary:  "coin-turning games (Winning Ways ch. 14) by CGSuite's turning code: parts joined by commas, each K (exactly K coins), A-B or A+, with C for consecutive coins (1-3 Mock Turtles, 2 Twins, 1+C Ruler); the rightmost coin turned goes from heads to tails",
		Example:  "solve turning:1-4 3 7 12",
		Kind:     "impartial",
		Make: func(params string) (catalog.Instance, error) {
			r, err := ParseRule(params)
			if err != nil {
				return nil, err
			}
			return newInstance("turning:"+r.String(), r), nil
		},
	})
	for _, n := range named {
		r, err := ParseRule(n.code)
		if err != nil {
			panic(err)
		}
		catalog.Register(catalog.Entry{
			Name:     n.name,
			Position: position,
			Summary:  n.summary,
			Example:  "solve " + n.name + " 3 7 12",
			Kind:     "impartial",
			Make:     func(string) (catalog.Instance, error) { return newInstance(n.name, r), nil },
		})
	}
}

// instance is one rule's game; its coins' values are kept between calls
// (a server answers many positions of one game).
type instance struct {
	name string
	rule Rule
	// closed is the rule's closed form, or nil (Rule.closed, found once:
	// a table asks it of every cell).
	closed func(n uint64) uint64
	mu     sync.Mutex
	vals   *Values
}

var (
	_ catalog.Tabler       = (*instance)(nil)
	_ catalog.MisereSolver = (*instance)(nil)
)

func newInstance(name string, r Rule) *instance {
	return &instance{name: name, rule: r, closed: r.closed(), vals: NewValues(r)}
}

func (in *instance) Spec() string { return in.name }

// maxCoin is the largest coin the instance values.
func (in *instance) maxCoin() int {
	if in.closed != nil {
		return MaxClosedCoin
	}
	for _, p := range in.rule {
		if p.Symmetric {
			return MaxSymCoin
		}
	}
	return MaxCoin
}

// parse reads the heads-up coins, sorted; a coin given twice is an error.
func (in *instance) parse(tokens []string) ([]int, error) {
	var heads []int
	fields := strings.Fields(strings.Join(tokens, " "))
	if len(fields) == 1 && fields[0] == "-" {
		return nil, nil // no coin heads up, as formatHeads writes it
	}
	if len(fields) == 1 && strings.Trim(strings.ToUpper(fields[0]), "HT") == "" {
		for i, c := range strings.ToUpper(fields[0]) {
			if c == 'H' {
				heads = append(heads, i+1)
			}
		}
		if len(fields[0]) > in.maxCoin() {
			return nil, fmt.Errorf("bad row: %d coins, %s values coins up to %d", len(fields[0]), in.name, in.maxCoin())
		}
		return heads, nil
	}
	for _, f := range fields {
		c, err := strconv.ParseInt(f, 10, 64)
		if err != nil || c < 1 {
			return nil, fmt.Errorf("bad coin %q: expected a coin number from 1 (the leftmost), or a row of H and T", f)
		}
		if c > int64(in.maxCoin()) {
			if in.closed == nil {
				return nil, fmt.Errorf("bad coin %d: %s values coins up to %d (its values have no closed form here, and the recurrence costs about K·n·V steps)", c, in.name, in.maxCoin())
			}
			return nil, fmt.Errorf("bad coin %d: coins are numbered up to 2^62", c)
		}
		heads = append(heads, int(c))
	}
	slices.Sort(heads)
	for i := 1; i < len(heads); i++ {
		if heads[i] == heads[i-1] {
			return nil, fmt.Errorf("bad position: coin %d is given twice (list each heads-up coin once)", heads[i])
		}
	}
	return heads, nil
}

// values returns the recurrence's values up to coin n, computing them
// when they are not yet known.
func (in *instance) values(ctx context.Context, n int) (*Values, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if err := in.vals.Extend(ctx, n); err != nil {
		return nil, err
	}
	return in.vals, nil
}

// g returns a coin's value: the closed form where there is one, else the
// recurrence (vals valued up to c).
func (in *instance) g(vals *Values, c int) uint64 {
	if f := in.closed; f != nil {
		return f(uint64(c))
	}
	return vals.G(c)
}

func formatHeads(heads []int) string {
	if len(heads) == 0 {
		return "-"
	}
	strs := make([]string, len(heads))
	for i, c := range heads {
		strs[i] = strconv.Itoa(c)
	}
	return strings.Join(strs, " ")
}

// after returns the heads left by the move that turns the coin n and the
// coins s.
func after(heads []int, n int, s []int) []int {
	set := map[int]bool{}
	for _, h := range heads {
		set[h] = h != n
	}
	for _, c := range s {
		set[c] = !set[c]
	}
	var out []int
	for c, up := range set {
		if up {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

func (in *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	heads, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	top := 0
	if len(heads) > 0 {
		top = heads[len(heads)-1]
	}
	// The recurrence serves the winning moves (sets of coins with a given
	// nim-sum) as far as MaxCoin; past it a rule's closed form values the
	// coins and only the moves of at most two coins are found.
	var vals *Values
	if top <= MaxCoin {
		if vals, err = in.values(ctx, top); err != nil {
			return nil, err
		}
	}
	var total uint64
	for _, h := range heads {
		total ^= in.g(vals, h)
	}
	method := "the nim-sum of the heads' values (Winning Ways ch. 14: a row of coins is the sum of its single heads), each "
	if in.closed != nil {
		method += "by Winning Ways' closed form"
	} else {
		method += "the mex of the nim-sums of the sets of coins a move may turn beside it"
	}
	r := &catalog.Report{
		Game:     in.name,
		Position: formatHeads(heads),
		Outcome:  catalog.OutcomeOfValue(new(big.Int).SetUint64(total)),
		Grundy:   new(big.Int).SetUint64(total),
		Method:   method,
	}
	if total == 0 {
		return r, nil
	}
	moves, complete := in.winningMoves(vals, heads, total)
	r.AddMoves(len(moves), func(i int) string { return formatHeads(moves[i]) })
	if !complete {
		r.MoveCount = 0
		r.MovesIncomplete = true
		r.Notes = append(r.Notes, "of the winning moves that turn three coins or more, one is shown for each coin and part of the code (there can be very many)")
	}
	return r, nil
}

// winningMoves lists the moves to a nim-sum of 0, each as the heads it
// leaves, and whether the list is every such move.
func (in *instance) winningMoves(vals *Values, heads []int, total uint64) (moves [][]int, complete bool) {
	complete = true
	seen := map[string]bool{}
	for _, n := range heads {
		t := total ^ in.g(vals, n) // what the other coins turned must nim-sum to
		var sets [][]int
		ok := true
		if vals != nil {
			sets, ok = vals.Sets(t, n)
		} else {
			sets, ok = in.largeSets(t, n)
		}
		complete = complete && ok
		for _, s := range sets {
			m := after(heads, n, s)
			if k := formatHeads(m); !seen[k] {
				seen[k] = true
				moves = append(moves, m)
			}
		}
	}
	return moves, complete
}

// largeSets finds, past the recurrence's coins, the sets of other coins
// a move from the coin n may turn with the nim-sum t, as far as a closed
// form's inverse finds them: none or one other coin (Turtles, Twins, Mock
// Turtles), or a run of one or two (Ruler). It reports whether those are
// all the rule allows.
func (in *instance) largeSets(t uint64, n int) (sets [][]int, complete bool) {
	f := in.closed
	switch in.rule.String() {
	case "1+C":
		if t == 0 {
			sets = append(sets, nil)
		}
		if n > 1 && f(uint64(n-1)) == t {
			sets = append(sets, []int{n - 1})
		}
		return sets, false
	case "1", "1C":
		if t == 0 {
			sets = append(sets, nil)
		}
		return sets, true
	}
	// 2, 1-2 and 1-3: one other coin, found by the inverse; 1-2 and 1-3
	// may turn none.
	if t == 0 && in.rule.String() != "2" {
		sets = append(sets, nil)
	}
	var m uint64
	switch in.rule.String() {
	case "2":
		m = t + 1
	case "1-2":
		m = t
	case "1-3":
		m = t/2 + 1
	}
	if m >= 1 && m < uint64(n) && f(m) == t {
		sets = append(sets, []int{int(m)})
	}
	return sets, in.rule.String() != "1-3"
}

// Table gives the values of the rows with one head: cell n is the coin n
// alone, cell 0 no coin at all (worth 0).
func (in *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	if upto-1 > in.maxCoin() {
		return nil, fmt.Errorf("a table of %d values: %s values coins up to %d", upto, in.name, in.maxCoin())
	}
	t := &catalog.Table{Game: in.name, Values: make([]uint64, upto),
		Caption: "G(n): the value of the coin n alone heads up (" + in.rule.Words() + ", the rightmost from heads to tails); a row of coins is worth the nim-sum of its heads"}
	var vals *Values
	if in.closed == nil {
		var err error
		if vals, err = in.values(ctx, upto-1); err != nil {
			return nil, err
		}
	}
	for n := 1; n < upto; n++ {
		t.Values[n] = in.g(vals, n)
	}
	return t, nil
}
