//go:build race

package server

// raceEnabled is set when the tests run under the race detector, which
// slows the server ten times: the load test then sends fewer requests.
const raceEnabled = true
