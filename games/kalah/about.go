package kalah

import "github.com/grundy-go/grundy/catalog"

// What the game says about itself to a person (catalog.About): its
// players, its rules with their source and the variants a person picks.
func init() {
	catalog.Describe("kalah", catalog.About{
		Players: []string{"South", "North"},
		Rules: "Kalah: each player has a row of pits holding seeds and a store at its right. A move takes all the seeds of one of " +
			"your pits and sows them one by one counterclockwise into the following pits and your own store (never the opponent's). " +
			"A last seed in your store gives you another move; a last seed in an empty pit of yours captures it with the seeds " +
			"opposite. When a side is empty, each player stores the seeds left on their side. The result is the difference of the stores.",
		Source: "G. Irving, H. H. L. M. Donkers and J. W. H. M. Uiterwijk, \"Solving Kalah\", ICGA Journal 23(3) (2000)",
		Variants: []catalog.Param{
			{Name: "pits", Label: "pits a side", Kind: catalog.ParamInt, Min: 1, Max: MaxPits, Default: "3"},
			{Name: "seeds", Label: "seeds a pit", Kind: catalog.ParamInt, Min: 1, Max: MaxSeeds / 2, Default: "3",
				Note: "at most 126 seeds in all; more than 24 need a database (grundy db build) to play from the start"},
			{Name: "capture", Label: "capture only when the opposite pit holds seeds", Kind: catalog.ParamFlag, Default: "off", Word: ":nonempty"},
		},
		SpecFormat: "kalah:{pits},{seeds}{capture}",
	})
}

var _ catalog.Turner = instance{}

// ToMove is 0 when South is to move, 1 when North is.
func (in instance) ToMove(tokens []string) (int, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return 0, err
	}
	return int(p.Turn), nil
}
