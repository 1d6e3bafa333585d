// Package builtin registers every built-in game with the catalog. A front
// end imports it for its side effects, as a program imports its
// database/sql drivers:
//
//	import _ "github.com/grundy-go/grundy/catalog/builtin"
//
// Each game family registers its own Entry from an init function in its
// own package (games/nim, games/pig, …), beside the game's rules; this
// file only names the packages, one line each, so that a binary that
// imports it knows every game. A package that wants fewer games (a
// server offering only some) imports those packages instead.
package builtin

import (
	_ "github.com/grundy-go/grundy/games/circle"
	_ "github.com/grundy-go/grundy/games/connect4/c4catalog"
	_ "github.com/grundy-go/grundy/games/coordheap"
	_ "github.com/grundy-go/grundy/games/dobutsu"
	_ "github.com/grundy-go/grundy/games/fibnim"
	_ "github.com/grundy-go/grundy/games/gobblet"
	_ "github.com/grundy-go/grundy/games/graph"
	_ "github.com/grundy-go/grundy/games/heapproduct"
	_ "github.com/grundy-go/grundy/games/kalah"
	_ "github.com/grundy-go/grundy/games/kuhn"
	_ "github.com/grundy-go/grundy/games/landlords"
	_ "github.com/grundy-go/grundy/games/lasker"
	_ "github.com/grundy-go/grundy/games/moore"
	_ "github.com/grundy-go/grundy/games/morris"
	_ "github.com/grundy-go/grundy/games/multiply"
	_ "github.com/grundy-go/grundy/games/nim"
	_ "github.com/grundy-go/grundy/games/octal"
	_ "github.com/grundy-go/grundy/games/othello"
	_ "github.com/grundy-go/grundy/games/paper"
	_ "github.com/grundy-go/grundy/games/partizan/amazons"
	_ "github.com/grundy-go/grundy/games/partizan/arckayles"
	_ "github.com/grundy-go/grundy/games/partizan/backslide"
	_ "github.com/grundy-go/grundy/games/partizan/cakeproduct"
	_ "github.com/grundy-go/grundy/games/partizan/clobber"
	_ "github.com/grundy-go/grundy/games/partizan/colsnort"
	_ "github.com/grundy-go/grundy/games/partizan/cram"
	_ "github.com/grundy-go/grundy/games/partizan/cutcake"
	_ "github.com/grundy-go/grundy/games/partizan/domineering"
	_ "github.com/grundy-go/grundy/games/partizan/eatcake"
	_ "github.com/grundy-go/grundy/games/partizan/fission"
	_ "github.com/grundy-go/grundy/games/partizan/foxgeese"
	_ "github.com/grundy-go/grundy/games/partizan/hackenbush"
	_ "github.com/grundy-go/grundy/games/partizan/maundy"
	_ "github.com/grundy-go/grundy/games/partizan/peuclid"
	_ "github.com/grundy-go/grundy/games/partizan/psubtract"
	_ "github.com/grundy-go/grundy/games/partizan/ptb"
	_ "github.com/grundy-go/grundy/games/partizan/toads"
	_ "github.com/grundy-go/grundy/games/partizan/toppling"
	_ "github.com/grundy-go/grundy/games/pig"
	_ "github.com/grundy-go/grundy/games/pursuit"
	_ "github.com/grundy-go/grundy/games/quixo"
	_ "github.com/grundy-go/grundy/games/staircase"
	_ "github.com/grundy-go/grundy/games/subtraction"
	_ "github.com/grundy-go/grundy/games/teeko"
	_ "github.com/grundy-go/grundy/games/tictactoe"
	_ "github.com/grundy-go/grundy/games/tshirts"
	_ "github.com/grundy-go/grundy/games/turning"
	_ "github.com/grundy-go/grundy/games/wythoff"
	_ "github.com/grundy-go/grundy/native"
	_ "github.com/grundy-go/grundy/script"
)
