#!/bin/bash
# Pointer chasing on the GPU machine: bench/vulkan/pointer_chase.cu through `webcu run --backend vulkan`
# with physical pointers (PhysicalStorageBuffer64, the default where the device has bufferDeviceAddress
# and Int64) and in heap mode (-Dwebcu.vulkan.physicalPointers=false: the heap copied around each
# launch), alternating, and nvcc's build of the same file where nvcc is there. From the repo root,
# with bench/vulkan/bundle.sh's .vkbench carried (run tool: carry [".vkbench"]):
#   bash bench/vulkan/pointer_chase_device.sh
# Prints the device and its capabilities (PhysicalStorageBufferAddresses in the physical runs' line: physical
# pointers in use; not in the heap runs'), each run's BENCH line (ms_per_launch: the wall time of R launches and a synchronization,
# by cudaEvent) and the median GPU time of its timed chase launches (timestamp queries, --kernel-times).
# Output: $OUT/pointer_chase.log and pointer_chase_runs.tar.gz (MODE-SIZE-N.out and .times). Env: SIZES ("20 65536 256 20;24 65536 256 10":
# log2N threads steps reps, ';'-separated), ROUNDS (2), VKBENCH (the bundle: .vkbench), JAVA (a java to use
# instead of the bundle's runtime: a try-out on lavapipe, with VK_ICD_FILENAMES and -Dwebcu.vulkan.loader in JAVA_TOOL_OPTIONS)
set -u
# The bundle: VKBENCH, else this script's folder when it holds one (a copy of bench/vulkan/ with the bundle in it), else .vkbench
D=$(cd "$(dirname "$0")" && pwd); R=$(cd "$D/../.." && pwd); O=${OUT:-/tmp/vk-out}; mkdir -p "$O"
K=${VKBENCH:-$([ -f "$D/jre.tar.xz" ] && echo "$D" || echo "$R/.vkbench")}; CU=$D/pointer_chase.cu
exec > >(tee "$O/pointer_chase.log") 2>&1
SIZES=${SIZES:-"20 65536 256 20;24 65536 256 10"}; ROUNDS=${ROUNDS:-2}
if [ -z "${JAVA:-}" ]; then
  mkdir -p /tmp/vkb && tar -C /tmp/vkb -xJf "$K/jre.tar.xz"; JAVA=/tmp/vkb/jre/bin/java
fi
if command -v nvidia-smi >/dev/null && ! { ldconfig -p | grep -q 'libvulkan.so.1 ' && ldconfig -p | grep -q libGLdispatch; }; then
  for f in "$K"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
J() { timeout 280 "$JAVA" "$@" 2>&1 | grep -v '^WARNING\|^Picked up'; }
webcu() {  # webcu MODE ARGS...: webcu.cli.Main with physical pointers allowed (physical) or not (heap)
  local pp=true; [ "$1" = heap ] && pp=false; shift
  J -Dwebcu.vulkan.physicalPointers=$pp -Dwebcu.vulkan.verbose=true -Xss64m --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
    --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -cp "$K/lib/*" webcu.cli.Main "$@"
}
# the median of the chase launches' GPU times after the 3 warm-up launches, in ms
median() { grep '"chase"' "$1" | tail -n +4 | sed 's/.*"ns": *\([0-9.Ee+-]*\).*/\1/' | awk '{printf "%.6f\n", $1 / 1e6}' | sort -g \
  | awk '{v[NR] = $1} END {if (NR) printf "%.4f", v[int((NR + 1) / 2)]; else printf "none"}'; }
if command -v nvcc >/dev/null; then
  nvcc -O3 -arch=sm_90 -o /tmp/pointer_chase "$CU" || echo "nvcc failed"
fi
IFS=';' read -ra CONFIGS <<< "$SIZES"
for c in "${CONFIGS[@]}"; do
  tag=$(echo "$c" | tr ' ' '-')
  [ -x /tmp/pointer_chase ] && { echo "== nvcc $c"; timeout 120 /tmp/pointer_chase $c | tee "$O/nvcc-$tag.out"; }
  for r in $(seq 1 "$ROUNDS"); do
    for mode in physical heap; do
      echo "== $mode $c (round $r)"
      webcu "$mode" run --backend vulkan --kernel-times "$O/$mode-$tag-$r.times" "$CU" -- $c \
        | tee "$O/$mode-$tag-$r.out"
      echo "GPU $mode $c round $r: chase median $(median "$O/$mode-$tag-$r.times") ms"
    done
  done
done
# the run tool brings back at most 8 files: the runs' outputs and timestamps in one archive beside the log
tar -C "$O" -czf /tmp/pointer_chase_runs.tar.gz --exclude pointer_chase.log . && rm -f "$O"/*.out "$O"/*.times \
  && mv /tmp/pointer_chase_runs.tar.gz "$O/pointer_chase_runs.tar.gz"
