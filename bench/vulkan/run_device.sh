#!/bin/bash
# webcu's Vulkan backend against nvcc on an NVIDIA GPU machine with no network (the `run` tool's
# device), from the repo root, with .vkbench/ carried (bash bench/vulkan/bundle.sh):
#   bash bench/vulkan/run_device.sh
# Runs nvcc's bench_cuda (the CUDA column), then bench/webgpu's SAXPY, reduction and SGEMM programs
# with `run --backend vulkan --kernel-times` on NVIDIA's Vulkan driver: each program's BENCH line
# names its kernels, launches per repetition and repetitions; a repetition's time is the sum of its
# launches' GPU timestamps, and the table shows the median over the repetitions, as run.mjs does.
# Output: $OUT/run.log, cuda.txt, NAME.out (the program's output), NAME.times (JSON lines).
# Env: N (67108864), MM (2048), REPS (20), STEPS=cuda,vulkan,opt, VKBENCH (the bundle: .vkbench)
set -u
R=$(cd "$(dirname "$0")/../.." && pwd); K=${VKBENCH:-$R/.vkbench}; O=${OUT:-/tmp/vk-out}; mkdir -p "$O"
exec > >(tee "$O/run.log") 2>&1
N=${N:-67108864}; MM=${MM:-2048}; REPS=${REPS:-20}; STEPS=${STEPS:-cuda,vulkan,opt}
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }
has() { [[ ",$STEPS," == *",$1,"* ]]; }

el "== system"
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem --format=csv
nvcc --version | tail -1; nproc
(mkdir -p /tmp/vkb && tar -C /tmp/vkb -xJf "$K/jre.tar.xz") &
UNPACK=$!
if has cuda; then
  el "== nvcc bench_cuda (n=$N mm=$MM reps=$REPS)"
  nvcc -O3 -arch=sm_90 -o /tmp/bench_cuda "$K/bench_cuda.cu" && timeout 200 /tmp/bench_cuda "$N" "$MM" "$REPS" 1000 | tee "$O/cuda.txt"
fi
wait $UNPACK
el "== Vulkan loader + NVIDIA ICD"
# the GPU machine has neither; a machine that has both keeps its own, and a machine without an
# NVIDIA GPU (a local try-out) is never written to
if command -v nvidia-smi >/dev/null && ! { ldconfig -p | grep -q 'libvulkan.so.1 ' && ldconfig -p | grep -q libGLdispatch; }; then
  for f in "$K"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json; fi
echo "VK_DRIVER_FILES=${VK_DRIVER_FILES:-unset}"
JAVA=/tmp/vkb/jre/bin/java
$JAVA -version 2>&1 | head -1
webcu_opts=()
webcu() {
  timeout 300 $JAVA "${webcu_opts[@]}" -Xss64m --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
    --sun-misc-unsafe-memory-access=allow -cp "$K/lib/*" webcu.cli.Main "$@"
}
cat > /tmp/vkname.cu <<'CU'
#include <cstdio>
int main() { cudaDeviceProp p; cudaGetDeviceProperties(&p, 0); printf("device: %s\n", p.name); return 0; }
CU
webcu run --backend vulkan /tmp/vkname.cu

# bench_all TAG [JAVA OPTIONS]: the three programs, then their table; TAG names the output files
bench_all() {
  local tag=$1 p name size; shift
  webcu_opts=("$@")
  for p in "saxpy $N" "reduce $N" "sgemm $MM"; do
    name=${p% *}; size=${p#* }
    el "== webcu --backend vulkan ($tag): $name.cu $size $REPS 300"
    webcu run --backend vulkan --kernel-times "$O/$name$tag.times" "$R/bench/webgpu/$name.cu" -- "$size" "$REPS" 300 > "$O/$name$tag.out" 2>&1
    echo "exit $?"; grep -v '^BENCH' "$O/$name$tag.out" | head -5
  done
  webcu_opts=()
  el "== table ($tag; GPU ms, medians of $REPS repetitions)"
  echo "| kernel | webcu Vulkan ms | nvcc ms | nvcc/webcu | correct |"
  echo "|---|---:|---:|---:|---|"
  for prog in saxpy reduce sgemm; do
    grep '^BENCH' "$O/$prog$tag.out" | while read -r _ name rest; do
      kv() { echo "$rest" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
      ms=$(awk -v kernels="$(kv kernels)" -v lpr="$(kv launches_per_rep)" -v reps="$(kv reps)" '
        BEGIN { n = split(kernels, ks, ","); for (i = 1; i <= n; i++) want["\"" ks[i] "\""] = 1 }
        { k = $2; sub(/,$/, "", k); if (k in want) t[++c] = $4 + 0 }
        END {
          need = reps * lpr; if (c < need) { print "-"; exit }
          for (r = 0; r < reps; r++) { s = 0; for (j = 1; j <= lpr; j++) s += t[c - need + r * lpr + j]; v[r] = s / 1e6 }
          for (i = 0; i < reps; i++) for (j = i + 1; j < reps; j++) if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
          printf "%.4f", reps % 2 ? v[int(reps / 2)] : (v[reps / 2 - 1] + v[reps / 2]) / 2 }' "$O/$prog$tag.times")
      nv=$(awk -v n="$name" '$1 == "RESULT" && $2 == n { for (i = 3; i < NF; i++) if ($i == "median_ms") print $(i + 1) }' "$O/cuda.txt" 2>/dev/null)
      ratio=$(awk -v a="$nv" -v b="$ms" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.3f", a / b; else print "-" }')
      echo "| $name | $ms | ${nv:--} | $ratio | $(kv correct) |"
    done
  done
}
has vulkan && bench_all ""
# the same SPIR-V through spirv-opt -O first (.vkbench/spirv-opt, a static binary from Debian's
# spirv-tools): what the driver would gain from optimized SPIR-V
has opt && [ -x "$K/spirv-opt" ] && bench_all "-opt" "-Dwebcu.vulkan.spirv-opt=$K/spirv-opt"
el "== post-run clocks"
nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
el "done"
