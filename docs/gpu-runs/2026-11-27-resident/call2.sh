#!/bin/bash
# The second device call: call 1's code made the host wait on the device
# for each genome it read (selection fetched every candidate, and each new
# best on its own). Now selection reads the device's hashes and fetches
# only the parents and elite, the accounting fetches what it will read in
# one call a part, and a fetch is asynchronous copies into pinned memory
# with one wait. TestBreed, the GA against cf753c9 (mousemaze-prev)
# alternating, the checkpoint run, gpubench breed, a CPU profile of the
# 100M run, memcheck on TestBreed.
exec bash "$(dirname "$0")/verdict.sh" call2 ga100m.prof
