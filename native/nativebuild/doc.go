// Package nativebuild compiles games written in Go (package native) into
// a grundy program that answers for them, with the local Go toolchain:
// the front end (cmd/grundy) finds the .go files on a command line
// (Files), builds them (Build) and runs the command line in the build,
// unless it is that build (IsBuild).
//
// The game is compiled inside grundy's own module, whose source must be
// on the machine: $GRUNDY_SOURCE, or the directory grundy was built from
// (runtime.Caller records it). go build -overlay adds the game's file
// (in package usergame, with build constraints blanked and lines kept, so
// the compiler's positions are the file's own), a generated file that
// registers it, and a file importing it into cmd/grundy; nothing is
// written into the source tree. The build is cached under the user's
// cache directory by a SHA-256 of the grundy that builds it (its path,
// size and modification time: any rebuild changes them, and reading the
// whole program on every run would cost as much as the run), the
// toolchain's version and each game's path and text; builds not used for
// two weeks are removed. The first build of a game takes seconds (go's
// own build cache keeps grundy's packages compiled); later runs start at
// once.
//
// Errors are one line about the game's file: a syntax error from
// go/parser before any build, a missing Moves, and the compiler's first
// error with its position mapped back to the file (a function of the
// wrong type is named with the type it must have).
package nativebuild
