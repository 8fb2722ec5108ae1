#!/bin/bash
# Warp functions on NVIDIA's Vulkan driver (32-lane subgroups): webcu's subgroup path against its
# workgroup-memory emulation (-Dwebcu.vulkan.warps=emulation), and nvcc for reference. From the repo
# root on the GPU machine, with .vkbench/ carried (mvn install -DskipTests; bash bench/vulkan/bundle.sh):
#   bash bench/vulkan/warps_device.sh
# 1. the device's subgroup properties and the start-up probe (webcu.vulkan.WarpSubgroups), timed;
# 2. the conformance cases that use warp functions, through `webcu run --backend vulkan` in both
#    modes, output compared with .expected (PASS/FAIL), with their kernels' summed GPU time;
# 3. bench/webgpu/warp_heavy.cu in both modes, 3 runs each alternating (15 launches per warp
#    kernel and mode), median GPU time per kernel, beside nvcc's (bench/vulkan/warp_heavy_nvcc.cu).
# A local try-out: WEBCU_VULKAN_LOADER=/usr/lib/chromium/libvulkan.so.1 VK_ICD_FILENAMES=$(tools/lavapipe.sh --icd).
# Output: $OUT/run.log, probe*.txt, cases/MODE/NAME.{out,err,times}, heavy/MODE-RUN.{out,times}, nvcc.txt
set -u
R=$(cd "$(dirname "$0")/../.." && pwd); K=${VKBENCH:-$R/.vkbench}; O=${OUT:-/tmp/vk-out}; mkdir -p "$O"
exec > >(tee "$O/run.log") 2>&1
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }

el "== system"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1
nvcc --version 2>&1 | tail -1
(mkdir -p /tmp/vkb && tar -C /tmp/vkb -xJf "$K/jre.tar.xz") &
UNPACK=$!
el "== nvcc warp_heavy"
nvcc -O3 -arch=sm_90 -o /tmp/warp_heavy_nvcc "$R/bench/vulkan/warp_heavy_nvcc.cu" && timeout 120 /tmp/warp_heavy_nvcc | tee "$O/nvcc.txt"
wait $UNPACK
# the GPU machine has neither a Vulkan loader nor glvnd; a machine that has both keeps its own
if command -v nvidia-smi >/dev/null && ! { ldconfig -p | grep -q 'libvulkan.so.1 ' && ldconfig -p | grep -q libGLdispatch; }; then
  for f in "$K"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
JAVA=/tmp/vkb/jre/bin/java
jv() {
  timeout 300 $JAVA -Xss64m --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
    --sun-misc-unsafe-memory-access=allow ${WEBCU_VULKAN_LOADER:+-Dwebcu.vulkan.loader=$WEBCU_VULKAN_LOADER} -cp "$K/lib/*" "$@"
}
opts() { [ "$1" = emulation ] && echo "-Dwebcu.vulkan.warps=emulation"; }

el "== subgroup properties and probe"
for mode in subgroups emulation; do
  s=$(date +%s%N)
  jv $(opts $mode) webcu.vulkan.WarpSubgroups 2>&1 | grep -v '^WARNING' | tee "$O/probe-$mode.txt"
  echo "($mode: $(( ($(date +%s%N) - s) / 1000000 )) ms for the JVM, the device and the probe)"
done

# same OUT EXPECTED TOLERANT: exact, or numbers within rel 1e-12 (the manifest's rule for atomics_shuffle_64)
same() {
  [ "$3" = 0 ] && { cmp -s "$1" "$2"; return; }
  paste -d '\n' <(tr -s ' =\n' '\n\n\n' < "$1") <(tr -s ' =\n' '\n\n\n' < "$2") | awk '
    NR % 2 { a = $0; next }
    { if (a == $0) next; if (a ~ /^-?[0-9.eE+-]+$/ && $0 ~ /^-?[0-9.eE+-]+$/) { d = a - $0; if (d < 0) d = -d; m = $0 < 0 ? -$0 : $0;
      if (d <= 1e-12 * m) next } bad = 1 } END { exit bad }'
}
gpu_us() { awk '{ s += $4 } END { printf "%.1f", s / 1000 }' "$1" 2>/dev/null; }

el "== conformance cases with warp functions"
CASES="cases/warp/shuffles.cu cases/warp/vote_ballot.cu cases/warp/warp_reduce.cu cases/warp/warp_scan_compact.cu
  cases/warp/match_reduce_sm80.cu cases/shared/sync_predicates.cu cases/int64_double/atomics_shuffle_64.cu
  programs/coop/tiled_reduce.cu programs/coop/cg_reduce_ops.cu programs/coop/tile_scan.cu programs/coop/grid_group_stats.cu
  programs/gallery/06_reduction_shuffle.cu"
for mode in subgroups emulation; do
  mkdir -p "$O/cases/$mode"
  for c in $CASES; do
    f="$R/tests/conformance/$c"; n=$(echo "${c%.cu}" | tr / _)
    (cd "$(dirname "$f")" && jv $(opts $mode) webcu.cli.Main run --backend vulkan --kernel-times "$O/cases/$mode/$n.times" "$f" \
      > "$O/cases/$mode/$n.out" 2> "$O/cases/$mode/$n.err")
    echo "exit $?" >> "$O/cases/$mode/$n.err"
  done
done
echo "| case | subgroups | emulation | subgroups GPU us | emulation GPU us |"
echo "|---|---|---|---:|---:|"
for c in $CASES; do
  n=$(echo "${c%.cu}" | tr / _); tol=0; [[ $c == *atomics_shuffle_64* ]] && tol=1
  row="| $c"
  for mode in subgroups emulation; do
    if same "$O/cases/$mode/$n.out" "$R/tests/conformance/${c%.cu}.expected" $tol; then row="$row | PASS"; else row="$row | FAIL"; fi
  done
  echo "$row | $(gpu_us "$O/cases/subgroups/$n.times") | $(gpu_us "$O/cases/emulation/$n.times") |"
done
for mode in subgroups emulation; do
  for c in $CASES; do
    n=$(echo "${c%.cu}" | tr / _); tol=0; [[ $c == *atomics_shuffle_64* ]] && tol=1
    same "$O/cases/$mode/$n.out" "$R/tests/conformance/${c%.cu}.expected" $tol && continue
    echo "--- $mode $c: output vs expected, then stderr"
    diff "$O/cases/$mode/$n.out" "$R/tests/conformance/${c%.cu}.expected" | head -10
    head -5 "$O/cases/$mode/$n.err"
  done
done

el "== atomics_shuffle_64.cu again, ${REPEAT:-5} runs per mode, alternating (its CAS counter: 0x00004e2000004e20)"
for run in $(seq "${REPEAT:-5}"); do
  for mode in subgroups emulation; do
    f="$R/tests/conformance/cases/int64_double/atomics_shuffle_64.cu"
    echo "$mode $run: $(cd "$(dirname "$f")" && jv $(opts $mode) webcu.cli.Main run --backend vulkan "$f" 2>&1 | grep 'cas counter')"
  done
done

el "== warp_heavy.cu, 3 runs per mode, alternating"
mkdir -p "$O/heavy"
for run in 1 2 3; do
  for mode in subgroups emulation; do
    jv $(opts $mode) webcu.cli.Main run --backend vulkan --kernel-times "$O/heavy/$mode-$run.times" "$R/bench/webgpu/warp_heavy.cu" \
      > "$O/heavy/$mode-$run.out" 2>&1
    echo "$mode run $run: exit $? $(grep -c PASS "$O/heavy/$mode-$run.out") PASS, $(grep -c FAIL "$O/heavy/$mode-$run.out") FAIL"
  done
done
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit } printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "| kernel | subgroups us | emulation us | emulation / subgroups | nvcc us | nvcc / subgroups |"
echo "|---|---:|---:|---:|---:|---:|"
for k in warpSum warpCount shuffleRounds plainSum plainRounds; do
  s=$(cat "$O"/heavy/subgroups-*.times | awk -v k="\"$k\"," '$2 == k { print $4 / 1000 }' | median)
  e=$(cat "$O"/heavy/emulation-*.times | awk -v k="\"$k\"," '$2 == k { print $4 / 1000 }' | median)
  nv=$(awk -v k="$k" '$1 == "NVCC" && $2 == k { print $4 }' "$O/nvcc.txt" 2>/dev/null)
  r() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'; }
  echo "| $k | $s | $e | $(r "$e" "$s") | ${nv:--} | $(r "$nv" "$s") |"
done
el "== done"
