package main

import "io"

// searchBench runs `mousemaze bench --search` (the search-method table).
// bench_search.go sets it from init; bench.go calls it when --search is
// given. Keeping the link a variable lets the two files grow apart.
var searchBench func(args []string, stdout, stderr io.Writer) int
