#!/bin/bash
# sgemm_bisect.mjs on an NVIDIA GPU machine with no network (the `run` tool's device), from the repo root:
#   bash bench/webgpu/sgemm_bisect_device.sh
# Needs .bench/bundle carried along (as run_device.sh). Output in $OUT: run.log, bisect.json, and with
# DUMP=name,name the SPIR-V Tint hands the driver for those variants (dump-NAME.txt, Dawn's dump_shaders).
# Env: MM (2048), REPS (20), ROUNDS (3), DUMP, OFF_ONLY
set -u
R=$(cd "$(dirname "$0")/../.." && pwd); B=$R/.bench/bundle; O=${OUT:-/tmp/bench-out}; mkdir -p "$O"
exec > >(tee "$O/run.log") 2>&1
MM=${MM:-2048}; REPS=${REPS:-20}; ROUNDS=${ROUNDS:-3}
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem --format=csv
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar
for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json; fi
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp
DAWN_OPTS="disable-dawn-features=timestamp_quantization" timeout 200 /tmp/node "$R/bench/webgpu/sgemm_bisect.mjs" \
  --mm "$MM" --reps "$REPS" --rounds "$ROUNDS" --warm 300 --json "$O/bisect.json" 2>&1 | grep -v '^Warning: maxDynamic'
# OFF_ONLY=name,name: those variants again with Dawn's robustness transform off (no index clamps,
# and no loop counters: Tint's PreventInfiniteLoops runs with it), to tell what the clamps and counters cost
if [ -n "${OFF_ONLY:-}" ]; then
  DAWN_OPTS="disable-dawn-features=timestamp_quantization;enable-dawn-features=disable_robustness" timeout 200 /tmp/node "$R/bench/webgpu/sgemm_bisect.mjs" \
    --mm "$MM" --reps "$REPS" --rounds "$ROUNDS" --warm 300 --only "$OFF_ONLY" --json "$O/bisect-robustness-off.json" 2>&1 | grep -v '^Warning: maxDynamic'
fi
for v in $(echo "${DUMP:-}" | tr ',' ' '); do
  DAWN_OPTS="enable-dawn-features=dump_shaders" timeout 30 /tmp/node "$R/bench/webgpu/sgemm_bisect.mjs" \
    --mm 32 --check 16 --reps 1 --warm 1 --rounds 1 --only "$v" > "$O/dump-$v.txt" 2>&1
done
nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
