#!/bin/bash
# The fourth device call. In call 3's profile of the 100M run, Children
# took 1.05 s of CPU, most of it in cuMemcpyDtoHAsync: a fetch was an
# asynchronous copy per child, and the accounting reads every child whose
# hash is the best's (on the CPU, a GA of 65,536 children a generation
# read about 150 a generation by its 27th). Now the gather kernel copies
# the children asked for one after another, and one copy brings them
# back. The rest as call 3.
exec bash "$(dirname "$0")/verdict.sh" call4 ga100m-4.prof
