#!/bin/bash
# The third device call. In call 2 a read of kept children still waited
# behind the next part's breeding on the driver thread; now Children runs
# on a thread of its own (fetch.go), the accounting's scan for the best's
# hash runs on every core, and BreedEvaluate no longer scans the members'
# storage on one core. The rest as call 2.
exec bash "$(dirname "$0")/verdict.sh" call3 ga100m-3.prof
