// Package cputime reads the process's CPU time (getrusage), which the
// benchmarks report beside the wall clock: on a shared machine another
// process's load inflates the wall clock of a run but not its CPU time,
// so the CPU figure is the one that compares across runs (BENCHMARKS.md
// states both, with the load). Where the system has no getrusage the
// times are zero, and the benchmarks then report no CPU.
package cputime
