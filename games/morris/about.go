package morris

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("morris", catalog.About{
		Players: []string{"White", "Black"},
		Rules: "The Mills family (N men's morris): White and Black, White first, take turns to place their N men on the empty " +
			"points of the board, then to move one man along a line to an adjacent empty point. Three men of one colour in a line " +
			"make a mill; a player who makes a new mill removes one of the opponent's men that is not in a mill (any, if all are). " +
			"A player left with two men, or with no move, loses; play that never ends is a draw. In three men's morris there is no " +
			"removal: the first mill wins. With flying, a player down to three men may move one to any empty point.",
		Source: "H. J. R. Murray, A History of Chess (1913), p. 614; R. Gasser, \"Solving Nine Men's Morris\", Games of No Chance (1996)",
		Variants: []catalog.Param{
			{Name: "n", Label: "men each (the board)", Kind: catalog.ParamChoice, Default: "3", Choices: []catalog.Choice{
				{Value: "3", Label: "three men's morris"}, {Value: "6", Label: "six men's morris"},
				{Value: "9", Label: "nine men's morris"}, {Value: "12", Label: "twelve men's morris (with diagonals)"}},
				Note: "nine and twelve men's morris need a database (grundy db build) to play from the start"},
			{Name: "lasker", Label: "Lasker's variant (10 men, moving before all are placed; nine men's board)", Kind: catalog.ParamFlag, Default: "off", Word: ":lasker"},
			{Name: "flying", Label: "flying with three men", Kind: catalog.ParamChoice, Default: "", Choices: []catalog.Choice{
				{Value: "", Label: "the board's rule (on for 9 and 12)"}, {Value: ":fly", Label: "on"}, {Value: ":nofly", Label: "off"}}},
			{Name: "diag", Label: "diagonal lines (three men's board)", Kind: catalog.ParamFlag, Default: "off", Word: ":diag"},
		},
		SpecFormat: "morris:{n}{lasker}{flying}{diag}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when White is to move, 1 when Black is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	if p.BlackToMove() {
		return 1, nil
	}
	return 0, nil
}
