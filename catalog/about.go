package catalog

import (
	"fmt"
	"strconv"
	"strings"
)

// About is what a game says about itself to a person, so that the
// explorer's page, the API and `grundy games --json` say the same thing
// and no front end guesses from a game's name: who plays, the rules with
// their published source, and the variants a person can pick.
//
// A game package fills it in beside its Entry with Describe (see doc.go);
// TestEveryGameDescribed fails for a registered game that has none.
type About struct {
	// Players names the players, the first to move at the game's start
	// first: {"X", "O"}, {"Red", "Yellow"}, {"White", "Black"}. A
	// partizan game names {"Left", "Right"} (either may move first); a
	// game whose players have no names of their own names them
	// {"first player", "second player"}; a game of more players names
	// each.
	Players []string
	// Rules is a paragraph that teaches the game to someone who has never
	// played it: the board or heaps, a move, the end and who wins.
	Rules string
	// Source is where the rules are published, for a reader to check
	// them: a book with its chapter, a paper, a web page.
	Source string
	// Variants are the parameters a person can pick, in the order the
	// spec writes them; nil when the game has none.
	Variants []Param
	// SpecFormat writes the game's spec from the variants' values: each
	// {name} is replaced by that parameter's value as written (Param.Text).
	// "connect4:{width}x{height}:{k}"; "" when the game has no variants.
	SpecFormat string
}

// Parameter kinds, Param.Kind.
const (
	ParamInt    = "int"    // a whole number from Min to Max
	ParamChoice = "choice" // one of Choices
	ParamFlag   = "flag"   // on or off; on writes Word, off writes nothing
	ParamText   = "text"   // free text the game reads (a code, a set): Default is an example that works
)

// Param is one variant parameter: its kind says how a page offers it (a
// number box within Min..Max, a list of Choices, a check box, a text
// box), Default is what it offers first.
type Param struct {
	Name  string `json:"name"`  // the key in SpecFormat: "width"
	Label string `json:"label"` // for people: "columns"
	Kind  string `json:"kind"`  // ParamInt, ParamChoice, ParamFlag, ParamText
	// Min and Max bound an int parameter, both included.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// Choices are a choice parameter's values, each with its words.
	Choices []Choice `json:"choices,omitempty"`
	// Default is the value a page offers first: a number, a choice's
	// Value, "on"/"off" for a flag, a working example for text.
	Default string `json:"default"`
	// Word is what an on flag writes into the spec (":lasker").
	Word string `json:"word,omitempty"`
	// Note says more, where Label cannot ("larger boards need a
	// database").
	Note string `json:"note,omitempty"`
}

// Choice is one value of a choice parameter.
type Choice struct {
	Value string `json:"value"` // as the spec writes it
	Label string `json:"label"` // for people
}

var abouts = map[string]*About{}

// Describe records what the game registered under name says about itself.
// Game packages call it from an init function beside their Register; it
// panics on a second description of one name or on variants whose spec
// format does not name them all, programming errors that every test run
// catches.
func Describe(name string, a About) {
	if _, dup := abouts[name]; dup {
		panic("catalog: game " + name + " described twice")
	}
	if err := a.check(); err != nil {
		panic("catalog: game " + name + ": " + err.Error())
	}
	abouts[name] = &a
}

// About returns what the game says about itself, or nil when it says
// nothing (a game registered without Describe).
func (e *Entry) About() *About { return abouts[e.Name] }

// AboutGame is About for a game named by its name or an alias.
func AboutGame(name string) *About {
	if e, ok := registry[name]; ok {
		return e.About()
	}
	return nil
}

func (a *About) check() error {
	if len(a.Players) == 0 || a.Rules == "" || a.Source == "" {
		return fmt.Errorf("About needs Players, Rules and Source")
	}
	seen := map[string]bool{}
	for _, p := range a.Variants {
		if seen[p.Name] || !strings.Contains(a.SpecFormat, "{"+p.Name+"}") {
			return fmt.Errorf("variant %q is named twice or missing from SpecFormat %q", p.Name, a.SpecFormat)
		}
		seen[p.Name] = true
		if _, err := p.Text(p.Default); err != nil {
			return fmt.Errorf("variant %q: default: %v", p.Name, err)
		}
	}
	if len(a.Variants) == 0 && a.SpecFormat != "" {
		return fmt.Errorf("SpecFormat %q without variants", a.SpecFormat)
	}
	return nil
}

// Text is how the spec writes value v of the parameter, or an error that
// says what is wrong with v.
func (p Param) Text(v string) (string, error) {
	switch p.Kind {
	case ParamInt:
		n, err := strconv.Atoi(v)
		if err != nil || n < p.Min || n > p.Max {
			return "", fmt.Errorf("%s: %q is not a whole number from %d to %d", p.Label, v, p.Min, p.Max)
		}
		return strconv.Itoa(n), nil
	case ParamChoice:
		for _, c := range p.Choices {
			if c.Value == v {
				return v, nil
			}
		}
		return "", fmt.Errorf("%s: %q is not one of the choices", p.Label, v)
	case ParamFlag:
		switch v {
		case "on":
			return p.Word, nil
		case "off", "":
			return "", nil
		}
		return "", fmt.Errorf("%s: %q is neither on nor off", p.Label, v)
	case ParamText:
		if v == "" || strings.ContainsAny(v, " \t\n") {
			return "", fmt.Errorf("%s: %q is empty or holds spaces", p.Label, v)
		}
		return v, nil
	}
	return "", fmt.Errorf("%s: unknown parameter kind %q", p.Label, p.Kind)
}

// VariantSpec writes the spec of the variant with the given values (by
// parameter name; a missing one takes its Default). The game itself
// judges the spec when it is looked up; this checks each value against
// its parameter's kind and range.
func (a *About) VariantSpec(values map[string]string) (string, error) {
	spec := a.SpecFormat
	for _, p := range a.Variants {
		v, ok := values[p.Name]
		if !ok {
			v = p.Default
		}
		t, err := p.Text(v)
		if err != nil {
			return "", err
		}
		spec = strings.ReplaceAll(spec, "{"+p.Name+"}", t)
	}
	return spec, nil
}

// DefaultSpec is the spec of the variant of every parameter's Default
// (the game's name when it has no variants): the game a gallery's card
// starts.
func (a *About) DefaultSpec(name string) string {
	if len(a.Variants) == 0 {
		return name
	}
	s, err := a.VariantSpec(nil)
	if err != nil {
		return name // check refused such a description
	}
	return s
}

// Turner is implemented by instances whose positions say who is to move
// (tic-tac-toe's counts of X and O, Quixo's ":X"): ToMove is the index in
// About.Players of the player to move at the position. Front ends name
// the player to move of other games by counting turns from a start.
type Turner interface {
	ToMove(tokens []string) (int, error)
}

// MarkTurn sets x.ToMove to the name of the player to move at x's
// position, for a Turner whose game is described; it leaves it "" for
// other games and for positions the Turner cannot read.
func MarkTurn(inst Instance, x *Exploration) {
	if x == nil || x.Report == nil {
		return
	}
	t, ok := inst.(Turner)
	if !ok {
		return
	}
	name, _, _ := strings.Cut(inst.Spec(), ":")
	a := AboutGame(name)
	if a == nil {
		return
	}
	i, err := t.ToMove(strings.Fields(x.Report.Position))
	if err != nil || i < 0 || i >= len(a.Players) {
		return
	}
	x.ToMove = a.Players[i]
}
