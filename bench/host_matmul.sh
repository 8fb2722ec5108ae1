#!/usr/bin/env bash
# Host-loop speed (issue 4): bench/host_matmul.cu built by gcc -O2 and run by ./webcu, interleaved,
# RUNS times each (default 11); prints the median and range of each and the ratio of the medians.
# Then bench/host_matmul_passes.cu (five products in one process) the same way, for the warmed-up
# speed, and one run with --no-jit (the interpreter alone, as in the browser).
#   bash bench/host_matmul.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-11}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -x c -o "$tmp/mm" bench/host_matmul.cu
gcc -O2 -x c -o "$tmp/passes" bench/host_matmul_passes.cu
./webcu run bench/host_matmul.cu >/dev/null 2>&1 # builds the compiler if needed

ms() { sed -n 's/.*: \([0-9.]*\) ms$/\1/p'; }
# median and range of the numbers on stdin, one per line
stats() { sort -n | awk '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.1f ms (%.1f-%.1f, %d runs)", m, v[1], v[NR], NR}'; }
median() { sort -n | awk '{v[NR]=$1} END {print NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

for i in $(seq "$RUNS"); do
  "$tmp/mm" 2>&1 >/dev/null | ms >>"$tmp/gcc"
  ./webcu run bench/host_matmul.cu 2>&1 >/dev/null | ms >>"$tmp/webcu"
  "$tmp/passes" 2>&1 >/dev/null | ms | tail -n +2 >>"$tmp/gcc-warm"
  ./webcu run bench/host_matmul_passes.cu 2>&1 >/dev/null | ms >"$tmp/p"
  head -1 "$tmp/p" >>"$tmp/webcu-first"
  tail -n +2 "$tmp/p" >>"$tmp/webcu-warm"
done
nojit="$(./webcu run --no-jit bench/host_matmul.cu 2>&1 >/dev/null | ms)"

g="$(median <"$tmp/gcc")"; w="$(median <"$tmp/webcu")"
gw="$(median <"$tmp/gcc-warm")"; ww="$(median <"$tmp/webcu-warm")"
echo "host 256x256x256 float matmul, $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "  gcc -O2                         $(stats <"$tmp/gcc")"
echo "  ./webcu run (one product)       $(stats <"$tmp/webcu")   = $(awk -v a="$w" -v b="$g" 'BEGIN {printf "%.1f", a / b}')x gcc"
echo "  ./webcu run, passes 2-5         $(stats <"$tmp/webcu-warm")   = $(awk -v a="$ww" -v b="$gw" 'BEGIN {printf "%.1f", a / b}')x gcc passes 2-5 ($(stats <"$tmp/gcc-warm"))"
echo "  ./webcu run, pass 1 of 5        $(stats <"$tmp/webcu-first")"
echo "  ./webcu run --no-jit            $nojit ms (1 run)"
