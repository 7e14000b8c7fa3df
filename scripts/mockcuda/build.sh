#!/usr/bin/env bash
# build.sh INCLUDE OUTDIR [plain]: build the mock driver OUTDIR/libcuda.so.1
# (and the libcuda.so link) against INCLUDE/cuda.h: mockcuda.cc with the
# kernel source, under AddressSanitizer unless the third argument is
# "plain", plus the stubs stubs.sh generates for the rest of the header.
set -euo pipefail
inc="$1" out="$2" mode="${3:-asan}"
here="$(cd "$(dirname "$0")" && pwd)"
CXX="${CXX:-g++}"
CC="${CC:-cc}"
mkdir -p "$out"
flags=(-O1 -g -fPIC)
[ "$mode" = plain ] || flags+=(-fsanitize=address -fno-omit-frame-pointer)
"$CXX" -std=c++17 "${flags[@]}" -Wall -Wextra -Wno-unused-parameter -Wno-parentheses -Wno-unknown-pragmas -Werror \
  -I"$inc" -I"$here" -I"$here/../../kernels" -c -o "$out/mockcuda.o" "$here/mockcuda.cc"
CC="$CC" "$here/stubs.sh" "$inc" "$out/mockcuda.o" "$out/stubs.c"
"$CC" "${flags[@]}" -c -o "$out/stubs.o" "$out/stubs.c"
"$CXX" "${flags[@]}" -shared -Wl,-soname,libcuda.so.1 -o "$out/libcuda.so.1" "$out/mockcuda.o" "$out/stubs.o" -lpthread
ln -sf libcuda.so.1 "$out/libcuda.so"
