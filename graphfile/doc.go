// Package graphfile reads and writes game graphs in grundy's plain text
// format, the files behind the `graph:FILE` game spec.
//
// The format, one item per line (blank lines and lines starting with '#'
// are ignored, and so is anything after a '#'):
//
//	NODES EDGES        the header: how many nodes, how many edges
//	U V                EDGES lines: a move from node U to node V
//	label U NAME       optional: a name for node U
//	outcome U N|P|D    optional: the result at terminal node U for the
//	                   player to move there (default P: the player who
//	                   cannot move loses — normal play)
//
// Nodes are numbered 0..NODES-1. Self-loops and repeated edges are allowed.
// The label and outcome lines come after all the edges; a name is not a
// number, holds no spaces or commas, and names one node. Only a node without moves may
// have an outcome.
//
// Every error names the file and line, "g.txt:7: node 12 out of range
// [0, 10)", and is found before memory is committed: a header asking for
// more than the memory limit is refused on line 1.
//
// A file whose first line is one count is read instead (ParseAny) in the
// input format of HDU 1524, "A Chess Game": test cases of N, N lines of
// successors "X v1 … vX", queries "M p1 … pM" and a line 0 (Problem),
// so that a contest's input is read as it is.
//
// The format is hand-parsed (no library reads edge lists at 10^8 lines
// with line-precise errors and bounded memory); the parser is fuzzed.
package graphfile
