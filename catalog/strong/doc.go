// Package strong joins the catalog to the tier solver (package tier)
// and its databases (package db): it builds the database of a catalog
// game that is split into tiers, answers for positions from a database
// alone with the fields of `grundy solve` (outcome, remoteness, winning
// moves), and reads a database's statistics (GamesmanOne's analysis:
// positions per outcome and remoteness, per tier).
//
// A game offers itself by its catalog instance implementing Tierable,
// whose Strong method binds the game's position type (Bind): how tokens
// become a position, and how a winning move is written, the same as in
// the game's own Solve. Front ends (the command line's `grundy db`, the
// server) use this package and never the position types.
//
// A query reads the position's record (one block of its tier's file) and,
// for a won position, the records of the positions its moves leave, so
// its winning moves come from the database too. Explore lists every move
// with the record of the position it leaves, as catalog.Explorer does,
// so that the server's explorer walks a database game without searching.
// A database that cannot answer (a damaged file) gives a *DataError, the
// database's fault rather than the question's.
package strong
