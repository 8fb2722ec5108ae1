#!/bin/bash
# Issue 15's bisection on an NVIDIA GPU machine with no network (the `run` tool's device): copied by
# bench/vulkan/spirv_bisect.sh into the folder it makes, .bench/vkbisect/, and run from there, with
# carry [".bench/vkbisect"]:
#   bash .bench/vkbisect/run.sh
# Times webcu's SPIR-V, Tint's for the same kernels and the variants between them (spv/v/cases.txt)
# with SpirvBench (the folder's lib/webcu-bench.jar, bench/vulkan's SpirvBench): every module checked, then REPS repetitions after 200 ms of warm-up, ROUNDS rounds in
# alternating order; `fenced` (a submit and fence per dispatch, as the Vulkan device runs) and `batched`
# (one command buffer, barriers between, as Dawn runs a batch of passes). Then the main cases again with
# the uniform buffer in the GPU's memory (the Vulkan device keeps it in host-visible memory). With
# dawn/ in the folder, Dawn's own dump of Tint's SPIR-V on this adapter (tint_nv) is timed too.
# Output: $OUT/bisect.log, and the NVIDIA dumps in $OUT/nv/.
# Env: N (67108864), MM (2048), REPS (20), ROUNDS (3), ONLY (a grep -E pattern of cases), MODES (both: fenced,batched;
# also gap, hostbar), MODES2 (then webcu's modules alone in these modes, instead of the uniform-in-GPU-memory step),
# WEBCU_VULKAN_LOADER (a libvulkan.so.1 to use, for a try-out elsewhere), WEBCU_RUN (1: then the bench programs
# through `webcu run --backend vulkan --kernel-times` and nvcc's bench_cuda, run_device.sh's table, in $OUT/run/)
set -u
K=$(cd "$(dirname "$0")" && pwd); O=${OUT:-/tmp/vk-out}; mkdir -p "$O"
exec > >(tee "$O/bisect.log") 2>&1
N=${N:-67108864}; MM=${MM:-2048}; REPS=${REPS:-20}; ROUNDS=${ROUNDS:-3}; export N MM REPS
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem --format=csv
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
mkdir -p /tmp/vkbisect && tar -C /tmp/vkbisect -xJf "$K/jre.tar.xz"
if command -v nvidia-smi >/dev/null && ! { ldconfig -p | grep -q 'libvulkan.so.1 ' && ldconfig -p | grep -q libGLdispatch; }; then
  for f in "$K"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json; fi
bench() {
  (cd "$K/spv/v" && timeout "$1" /tmp/vkbisect/jre/bin/java ${WEBCU_VULKAN_LOADER:+-Dwebcu.vulkan.loader=$WEBCU_VULKAN_LOADER} -Xss64m --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -cp "$K/lib/*" webcu.vulkan.SpirvBench run --bench "$K/cu" --n "$N" --mm "$MM" --reps "$REPS" --rounds "$ROUNDS" "${@:2}") \
    2>&1 | grep -v '^WARNING'
}
CASES=$(grep -E "${ONLY:-.}" "$K/spv/v/cases.txt")
el "== all cases, uniform in host-visible memory (as the Vulkan device), modes ${MODES:-both}"
bench 180 --mode "${MODES:-both}" --uniform host $CASES
if [ -n "${MODES2:-}" ]; then
  el "== webcu's modules, modes $MODES2"
  bench 90 --mode "$MODES2" --uniform host $(echo "$CASES" | grep -E '=webcu=')
else
  el "== main cases, uniform in the GPU's memory"
  bench 50 --mode fenced --uniform device $(echo "$CASES" | grep -E '=(webcu|tint|ls|ls_vkmm)=')
fi
if [ -d "$K/dawn" ]; then
  el "== Tint's SPIR-V as Dawn makes it on this adapter"
  D=$O/nv; mkdir -p "$D" /tmp/nm; cp "$K"/spv/*.wgsl "$K"/spv/*.kernels.json "$D/"
  unxz_to "$K"/dawn/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
  unxz_to "$K"/dawn/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar
  tar -C /tmp/nm -xf /tmp/nm/webgpu.tar
  export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp
  TAG=_nv timeout 60 /tmp/node "$K/dawn/tint_dump.mjs" "$D"
  NV=()
  for f in "$D"/*.tint_nv.spvasm; do
    k=$(basename "$f" .tint_nv.spvasm); [ "$k" = reduce256 ] && c=reduce || c=$k
    "$K/spirv-as" --target-env spv1.4 "$f" -o "$D/$k.tint_nv.spv" && NV+=("$c=tint_nv=$D/$k.tint_nv.spv" "$c=webcu=$k.webcu.spv" "$c=tint=$k.tint.spv")
  done
  [ ${#NV[@]} -gt 0 ] && bench 45 --mode fenced --uniform host $(printf '%s\n' "${NV[@]}" | grep -E "${ONLY:-.}")
fi
if [ "${WEBCU_RUN:-0}" = 1 ]; then
  el "== the bench programs through webcu run --backend vulkan (this compiler and device), and nvcc"
  VKBENCH=$K OUT=$O/run STEPS=${RUN_STEPS:-cuda,vulkan} bash "$K/run_device.sh" 2>&1 | grep -v '^WARNING'
fi
nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
el done
