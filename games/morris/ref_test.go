package morris

import (
	"fmt"
	"strings"
)

// A plain model of the rules, written apart from the game's bitboards:
// boards as strings of W, B and ., lines and joins typed in by name, and
// a retrograde analysis by rounds of remoteness. The tests check the
// game's moves, values and databases against it.

type refRules struct {
	points  []string
	lines   [][3]string
	joins   [][2]string
	men     int
	removal bool
	fly     bool
	lasker  bool
}

type refState struct {
	board  string
	hands  [2]int
	toMove int // 0 White, 1 Black
}

func (s refState) key() string {
	return fmt.Sprintf("%s:%c:%d,%d", s.board, "WB"[s.toMove], s.hands[0], s.hands[1])
}

var (
	refPoints3 = []string{"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}
	refLines3  = [][3]string{
		{"a3", "b3", "c3"}, {"a2", "b2", "c2"}, {"a1", "b1", "c1"},
		{"a3", "a2", "a1"}, {"b3", "b2", "b1"}, {"c3", "c2", "c1"},
	}
	refJoins3 = [][2]string{
		{"a3", "b3"}, {"b3", "c3"}, {"a2", "b2"}, {"b2", "c2"}, {"a1", "b1"}, {"b1", "c1"},
		{"a3", "a2"}, {"a2", "a1"}, {"b3", "b2"}, {"b2", "b1"}, {"c3", "c2"}, {"c2", "c1"},
	}
	ref3 = refRules{points: refPoints3, lines: refLines3, joins: refJoins3, men: 3}
	// With diagonals: two more lines, and moves along them through b2.
	ref3diag = refRules{points: refPoints3,
		lines: append(append([][3]string{}, refLines3...), [3]string{"a1", "b2", "c3"}, [3]string{"a3", "b2", "c1"}),
		joins: append(append([][2]string{}, refJoins3...), [2]string{"a1", "b2"}, [2]string{"b2", "c3"}, [2]string{"a3", "b2"}, [2]string{"b2", "c1"}),
		men:   3}
	ref6 = refRules{
		points: []string{"a5", "c5", "e5", "b4", "c4", "d4", "a3", "b3", "d3", "e3", "b2", "c2", "d2", "a1", "c1", "e1"},
		lines: [][3]string{
			{"a5", "c5", "e5"}, {"b4", "c4", "d4"}, {"b2", "c2", "d2"}, {"a1", "c1", "e1"},
			{"a5", "a3", "a1"}, {"b4", "b3", "b2"}, {"d4", "d3", "d2"}, {"e5", "e3", "e1"},
		},
		joins: [][2]string{
			{"a5", "c5"}, {"c5", "e5"}, {"b4", "c4"}, {"c4", "d4"}, {"b2", "c2"}, {"c2", "d2"}, {"a1", "c1"}, {"c1", "e1"},
			{"a5", "a3"}, {"a3", "a1"}, {"b4", "b3"}, {"b3", "b2"}, {"d4", "d3"}, {"d3", "d2"}, {"e5", "e3"}, {"e3", "e1"},
			{"c5", "c4"}, {"c2", "c1"}, {"a3", "b3"}, {"d3", "e3"},
		},
		men: 6, removal: true}
	ref9 = refRules{
		points: []string{"a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4",
			"c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"},
		lines: [][3]string{
			{"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
			{"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
			{"a7", "a4", "a1"}, {"b6", "b4", "b2"}, {"c5", "c4", "c3"}, {"d7", "d6", "d5"},
			{"d3", "d2", "d1"}, {"e5", "e4", "e3"}, {"f6", "f4", "f2"}, {"g7", "g4", "g1"},
		},
		men: 9, removal: true, fly: true}
)

// refJoinsFromLines joins consecutive points of each line (the 9 and 12
// men's boards have no other joins).
func refJoinsFromLines(lines [][3]string) [][2]string {
	var out [][2]string
	for _, l := range lines {
		out = append(out, [2]string{l[0], l[1]}, [2]string{l[1], l[2]})
	}
	return out
}

func init() {
	ref9.joins = refJoinsFromLines(ref9.lines)
}

func (r refRules) index(name string) int {
	for i, p := range r.points {
		if p == name {
			return i
		}
	}
	panic("no point " + name)
}

func (r refRules) joined(a, b int) bool {
	for _, j := range r.joins {
		x, y := r.index(j[0]), r.index(j[1])
		if x == a && y == b || x == b && y == a {
			return true
		}
	}
	return false
}

// inLine reports whether point i of board b is in a line of c's men.
func (r refRules) inLine(b string, i int, c byte) bool {
	for _, l := range r.lines {
		has := false
		all := true
		for _, name := range l {
			j := r.index(name)
			if j == i {
				has = true
			}
			if b[j] != c {
				all = false
			}
		}
		if has && all {
			return true
		}
	}
	return false
}

func (r refRules) anyLine(b string, c byte) bool {
	for i := range b {
		if b[i] == c && r.inLine(b, i, c) {
			return true
		}
	}
	return false
}

// end is the verdict for the player to move on a game over for a reason
// other than having no move.
func (r refRules) end(s refState) (string, bool) {
	me, opp := "WB"[s.toMove], "WB"[1-s.toMove]
	if r.removal {
		if strings.Count(s.board, string(me))+s.hands[s.toMove] < 3 {
			return "P", true
		}
		if strings.Count(s.board, string(opp))+s.hands[1-s.toMove] < 3 {
			return "N", true
		}
	} else {
		if r.anyLine(s.board, opp) {
			return "P", true
		}
		if r.anyLine(s.board, me) {
			return "N", true
		}
	}
	if !strings.Contains(s.board, ".") && s.hands[s.toMove] == 0 {
		return "D", true
	}
	return "", false
}

func (r refRules) terminal(s refState) string {
	if v, ok := r.end(s); ok {
		return v
	}
	return "P"
}

func (r refRules) moves(s refState) []refState {
	if _, ok := r.end(s); ok {
		return nil
	}
	me, opp := "WB"[s.toMove], "WB"[1-s.toMove]
	var steps [][2]int // from (-1: place), to
	if s.hands[s.toMove] > 0 {
		for i := range s.board {
			if s.board[i] == '.' {
				steps = append(steps, [2]int{-1, i})
			}
		}
	}
	if s.hands[s.toMove] == 0 || r.lasker {
		flying := r.fly && s.hands[s.toMove] == 0 && strings.Count(s.board, string(me)) == 3
		for i := range s.board {
			if s.board[i] != me {
				continue
			}
			for j := range s.board {
				if s.board[j] == '.' && (flying || r.joined(i, j)) {
					steps = append(steps, [2]int{i, j})
				}
			}
		}
	}
	var out []refState
	for _, st := range steps {
		b := []byte(s.board)
		hands := s.hands
		if st[0] < 0 {
			hands[s.toMove]--
		} else {
			b[st[0]] = '.'
		}
		b[st[1]] = me
		next := func(b []byte) refState { return refState{board: string(b), hands: hands, toMove: 1 - s.toMove} }
		if !r.removal || !r.inLine(string(b), st[1], me) || !strings.Contains(string(b), string(opp)) {
			out = append(out, next(b))
			continue
		}
		var free []int
		for i := range b {
			if b[i] == opp && !r.inLine(string(b), i, opp) {
				free = append(free, i)
			}
		}
		if len(free) == 0 {
			for i := range b {
				if b[i] == opp {
					free = append(free, i)
				}
			}
		}
		for _, i := range free {
			c := append([]byte(nil), b...)
			c[i] = '.'
			out = append(out, next(c))
		}
	}
	return out
}

type refValue struct {
	outcome    string // N, P or D
	remoteness int    // -1 for a draw
}

// refSolve solves every position reachable from root by rounds: round k
// finds the positions of remoteness k (a win has a lost move of
// remoteness k-1; a loss has only won moves, the longest k-1), until a
// round finds none; the rest are draws.
func refSolve(r refRules, root refState) map[string]refValue {
	states := map[string]refState{root.key(): root}
	kids := map[string][]string{}
	queue := []refState{root}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, c := range r.moves(s) {
			k := c.key()
			kids[s.key()] = append(kids[s.key()], k)
			if _, ok := states[k]; !ok {
				states[k] = c
				queue = append(queue, c)
			}
		}
	}
	val := map[string]refValue{}
	for k, s := range states {
		if len(kids[k]) == 0 {
			v := r.terminal(s)
			if v == "D" {
				val[k] = refValue{"D", -1}
			} else {
				val[k] = refValue{v, 0}
			}
		}
	}
	for round := 1; ; round++ {
		found := map[string]refValue{}
		for k := range states {
			if _, ok := val[k]; ok {
				continue
			}
			win := false
			allWon, longest := true, -1
			for _, c := range kids[k] {
				v, ok := val[c]
				if ok && v.outcome == "P" && v.remoteness == round-1 {
					win = true
				}
				if !ok || v.outcome != "N" {
					allWon = false
				} else if v.remoteness > longest {
					longest = v.remoteness
				}
			}
			switch {
			case win:
				found[k] = refValue{"N", round}
			case allWon && longest == round-1:
				found[k] = refValue{"P", round}
			}
		}
		if len(found) == 0 {
			break
		}
		for k, v := range found {
			val[k] = v
		}
	}
	for k := range states {
		if _, ok := val[k]; !ok {
			val[k] = refValue{"D", -1}
		}
	}
	return val
}
