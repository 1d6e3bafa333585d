// Package examples holds a game script (a .star file, see package script)
// for each classic contest problem of the project, and the tests that
// check every script's answers against an independent Go brute force
// written from the rules, or against the published closed form and the
// judges' sample answers (testdata/published.txt names the sources).
//
// README.md says in one line what each script shows. The package has no
// Go API: it exists for its scripts and tests.
package examples
