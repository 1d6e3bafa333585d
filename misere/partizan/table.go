package partizan

import (
	"context"
	"encoding/binary"
	"slices"

	"github.com/grundy-go/grundy/budget"
)

// Game is a game form stored in a Table: an id, meaningful only in the
// Table that made it. Zero is the game 0 = { | }.
type Game int32

// Zero is the game with no moves, stored in every Table.
const Zero Game = 0

// DefaultMaxGames bounds the games a Table stores when MaxGames is 0.
const DefaultMaxGames = 20_000_000

// gameBytes is what one stored game costs, about, besides optionBytes for
// each of its options: its slice headers, its index entry and its memo
// slots; memoBytes one memoised comparison or sum. All are charged to
// Table.Memory.
const (
	gameBytes   = 160
	optionBytes = 8 // an option's id in its slice and in the index key
	memoBytes   = 40
)

// Table stores game forms hash-consed (each form once, its options sorted
// by id and without repeats) and memoises the outcome, canonical form,
// conjugate, sums and comparisons of its games. It is not safe for
// concurrent use.
type Table struct {
	left, right [][]Game
	index       map[string]Game
	leftWins    []int8 // Left moving first: 0 unknown, 1 wins, -1 loses
	rightWins   []int8
	canon       []Game // -1 unknown
	conj        []Game // -1 unknown
	bday        []int32
	nim         []int32 // nimHeap's memo: -2 unknown, -1 no heap, else the size
	geMemo      map[uint64]bool
	printOrder  map[uint64]int8 // compareForms' memo (printorder.go)
	dicot       map[Game]bool   // IsDicot's memo (dicot.go)
	geDicotMemo map[uint64]bool // GeDicot's memo
	sums        map[uint64]Game

	// MaxGames bounds the games stored; 0 means DefaultMaxGames.
	MaxGames int
	// Memory, when set, is charged gameBytes for every game stored.
	Memory *budget.Bytes
	ctx    context.Context
	tick   int
}

// NewTable returns a Table holding 0.
func NewTable() *Table {
	t := &Table{index: map[string]Game{}, geMemo: map[uint64]bool{}, sums: map[uint64]Game{}}
	t.store(nil, nil)
	return t
}

// SetContext makes the Table's operations stop with ctx's error once ctx
// ends (checked every few thousand steps).
func (t *Table) SetContext(ctx context.Context) { t.ctx = ctx }

// Len is the number of games stored.
func (t *Table) Len() int { return len(t.left) }

// Left returns g's Left options, sorted by id (do not modify).
func (t *Table) Left(g Game) []Game { return t.left[g] }

// Right returns g's Right options, sorted by id (do not modify).
func (t *Table) Right(g Game) []Game { return t.right[g] }

// IsLeftEnd reports whether Left has no move in g.
func (t *Table) IsLeftEnd(g Game) bool { return len(t.left[g]) == 0 }

// IsRightEnd reports whether Right has no move in g.
func (t *Table) IsRightEnd(g Game) bool { return len(t.right[g]) == 0 }

// Birthday is the height of g's game tree (0 for 0).
func (t *Table) Birthday(g Game) int { return int(t.bday[g]) }

// abort carries a limit's error out of the recursive operations to the
// exported method that started them (catch).
type abort struct{ err error }

// catch turns an abort raised below it into *err.
func catch(err *error) {
	if r := recover(); r != nil {
		a, ok := r.(abort)
		if !ok {
			panic(r)
		}
		*err = a.err
	}
}

// step checks the context now and then.
func (t *Table) step() {
	if t.tick++; t.tick&4095 == 0 && t.ctx != nil {
		if err := t.ctx.Err(); err != nil {
			panic(abort{err})
		}
	}
}

// Make returns the game {left | right}; the slices are not kept.
func (t *Table) Make(left, right []Game) (g Game, err error) {
	defer catch(&err)
	for _, o := range append(slices.Clone(left), right...) {
		if o < 0 || int(o) >= len(t.left) {
			panic(abort{errBadGame})
		}
	}
	return t.make(left, right), nil
}

type tableError string

func (e tableError) Error() string { return string(e) }

const errBadGame = tableError("partizan: a game of another Table")

// make interns {left | right}.
func (t *Table) make(left, right []Game) Game {
	l := normalize(left)
	r := normalize(right)
	key := optionsKey(l, r)
	if g, ok := t.index[key]; ok {
		return g
	}
	t.step()
	max := t.MaxGames
	if max <= 0 {
		max = DefaultMaxGames
	}
	if len(t.left) >= max {
		panic(abort{budget.Exceed(budget.States, int64(max), "the misère forms need more than %d games", max)})
	}
	t.charge(gameBytes + optionBytes*int64(len(l)+len(r)))
	g := t.store(l, r)
	t.index[key] = g
	return g
}

func (t *Table) store(l, r []Game) Game {
	g := Game(len(t.left))
	t.left = append(t.left, l)
	t.right = append(t.right, r)
	t.leftWins = append(t.leftWins, 0)
	t.rightWins = append(t.rightWins, 0)
	t.canon = append(t.canon, -1)
	t.conj = append(t.conj, -1)
	var b int32
	for _, o := range l {
		b = max(b, t.bday[o]+1)
	}
	for _, o := range r {
		b = max(b, t.bday[o]+1)
	}
	t.bday = append(t.bday, b)
	if g == 0 {
		t.index[optionsKey(nil, nil)] = 0
	}
	return g
}

// charge takes n bytes from the memory budget, or stops the operation.
func (t *Table) charge(n int64) {
	if err := t.Memory.Charge(n, "the misère forms"); err != nil {
		panic(abort{err})
	}
}

// normalize sorts a copy of opts and drops repeats.
func normalize(opts []Game) []Game {
	if len(opts) == 0 {
		return nil
	}
	s := slices.Clone(opts)
	slices.Sort(s)
	return slices.Compact(s)
}

// optionsKey is the index's key: the count of Left options, then every
// option id, 4 bytes each.
func optionsKey(l, r []Game) string {
	b := make([]byte, 4*(1+len(l)+len(r)))
	binary.LittleEndian.PutUint32(b, uint32(len(l)))
	for i, o := range append(slices.Clone(l), r...) {
		binary.LittleEndian.PutUint32(b[4*(i+1):], uint32(o))
	}
	return string(b)
}

// pair packs two ids into a memo key.
func pair(a, b Game) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }
