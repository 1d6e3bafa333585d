// Package catalogtest helps test the adapters that register games with the
// catalog from beside their games (games/wythoff, games/lasker, …), as
// net/http/httptest helps test handlers: solve a position by its spec,
// check a report against an independent witness (a plain search of the
// literal rules, written in the test), and fuzz a game's position syntax.
//
// A test imports the game's own package (which registers its Entry from
// init) and this one; nothing here registers a game. The helpers fail the
// test through testing.TB, with messages that name the spec and position.
package catalogtest
