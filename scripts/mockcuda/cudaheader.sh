#!/usr/bin/env bash
# cudaheader.sh CACHE: print the directory holding NVIDIA's cuda.h, for the
# mock driver and the cuda-tagged build to compile against. In order:
#   - $CUDA_INCLUDE, when it holds cuda.h;
#   - /usr/include (Debian's nvidia-cuda-dev) or /usr/local/cuda/include;
#   - CACHE/usr/include, extracted by an earlier run;
#   - otherwise it downloads Debian's nvidia-cuda-dev (about 774 MB) with
#     `apt-get download`, without installing it, and extracts cuda.h alone
#     into CACHE/usr/include. When the system's apt sources lack non-free
#     (a fresh Debian 12), it uses a private apt state under CACHE/apt with
#     the Debian mirror's non-free component: no root is needed. Downloads
#     are retried 3 times; the .deb is deleted afterwards.
# Exit status: 0 with the directory on stdout; 1, with the reason on
# stderr, when the header cannot be had (callers then skip).
set -uo pipefail
cache="${1:?usage: cudaheader.sh CACHE-DIR}"
for dir in "${CUDA_INCLUDE:-}" /usr/include /usr/local/cuda/include "$cache/usr/include"; do
  if [ -n "$dir" ] && [ -f "$dir/cuda.h" ]; then
    (cd "$dir" && pwd) # absolute: cgo compiles in each package's folder
    exit 0
  fi
done
if ! command -v apt-get > /dev/null || ! command -v dpkg-deb > /dev/null; then
  echo "cudaheader: no cuda.h here, and no apt-get/dpkg-deb to fetch Debian's nvidia-cuda-dev" >&2
  exit 1
fi
mkdir -p "$cache/deb"
cache="$(cd "$cache" && pwd)"

# fetch [APT OPTIONS...]: download nvidia-cuda-dev into $cache/deb.
fetch() {
  (cd "$cache/deb" && apt-get -q "$@" download nvidia-cuda-dev) >&2
}

private=(-o "Dir::Etc::SourceList=$cache/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State=$cache/apt/state" -o "Dir::Cache=$cache/apt/cache" -o Debug::NoLocking=1)
ok=0
for try in 1 2 3; do
  if fetch; then
    ok=1
    break
  fi
  # The system's sources may lack non-free: use a private apt state.
  . /etc/os-release 2>/dev/null
  codename="${VERSION_CODENAME:-bookworm}"
  mkdir -p "$cache/apt/state/lists/partial" "$cache/apt/cache/archives/partial"
  echo "deb http://deb.debian.org/debian $codename non-free" > "$cache/apt/sources.list"
  if apt-get -q "${private[@]}" update >&2 && fetch "${private[@]}"; then
    ok=1
    break
  fi
  [ "$try" -lt 3 ] && sleep 10
done
deb=$(ls "$cache"/deb/nvidia-cuda-dev_*.deb 2>/dev/null | head -1)
if [ "$ok" -ne 1 ] || [ -z "$deb" ]; then
  echo "cudaheader: apt-get download nvidia-cuda-dev failed 3 times" >&2
  exit 1
fi
if ! dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$cache" ./usr/include/cuda.h; then
  echo "cudaheader: $deb holds no ./usr/include/cuda.h" >&2
  rm -f "$deb"
  exit 1
fi
rm -f "$deb"
echo "$cache/usr/include"
