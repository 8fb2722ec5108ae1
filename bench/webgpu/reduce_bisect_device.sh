#!/bin/bash
# reduce_bisect.mjs on an NVIDIA GPU machine with no network (the `run` tool's device), from the repo root:
#   bash bench/webgpu/reduce_bisect_device.sh
# Needs bench-kit's bundle (node, dawn.node, the Vulkan loader debs: bash .bench/setup_local.sh bundle)
# at .bench/bundle of the current folder, or BUNDLE=path. The script may live in any folder that holds
# reduce_bisect.mjs and emitted/ (a copy in an ignored folder of the checkout the `run` tool sends).
# Output in $OUT: run.log, bisect.json, with OFF_ONLY=name,... bisect-robustness-off.json (those variants
# again with Dawn's robustness off: no index clamps, no Tint loop counters), with DUMP=name,... the SPIR-V
# Tint hands the driver for those variants (dump-NAME.txt, Dawn's dump_shaders).
# Env: N (67108864), MM (2048), REPS (20), ROUNDS (3), SKIP (reduce|naive), DUMP, OFF_ONLY, and EMITTED: another
# emitted/ folder (e.g. after a compiler change), whose r_emitted and n_emitted a second run times beside the
# hand-written kernels (bisect-emitted2.json); ONLY=name,... to time only those variants; DIST=dir (a dist
# with webcu.js) to run run.mjs beside this script (its copy of bench/webgpu) with that runtime first:
# --only saxpy,reduce,sgemm, the runtime's figures and the ablation of emitted/ (webgpu.json)
set -u
S=$(cd "$(dirname "$0")" && pwd); B=${BUNDLE:-$(pwd)/.bench/bundle}; O=${OUT:-/tmp/bench-out}; mkdir -p "$O"
exec > >(tee "$O/run.log") 2>&1
N=${N:-67108864}; MM=${MM:-2048}; REPS=${REPS:-20}; ROUNDS=${ROUNDS:-3}
T0=$(date +%s); el() { echo "[t=$(( $(date +%s) - T0 )) s] $*"; }
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem --format=csv
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar
for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json; fi
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp
common=(--n "$N" --mm "$MM" --reps "$REPS" --rounds "$ROUNDS" --warm 300)
[ -n "${SKIP:-}" ] && common+=(--skip "$SKIP")
if [ -n "${DIST:-}" ]; then
  el "== run.mjs with $DIST (saxpy, reduce, sgemm)"
  DAWN_OPTS="disable-dawn-features=timestamp_quantization" timeout 150 /tmp/node "$S/run.mjs" --n "$N" --mm "$MM" --reps "$REPS" \
    --warm 300 --only saxpy,reduce,sgemm --dist "$DIST" --json "$O/webgpu.json" 2>&1 | grep -v '^Warning: maxDynamic'
fi
[ -n "${ONLY:-}" ] && common+=(--only "$ONLY")
el "== bisection (timestamp quantization off)"
DAWN_OPTS="disable-dawn-features=timestamp_quantization" timeout 240 /tmp/node "$S/reduce_bisect.mjs" "${common[@]}" \
  --json "$O/bisect.json" 2>&1 | grep -v '^Warning: maxDynamic'
if [ -n "${OFF_ONLY:-}" ]; then
  el "== robustness off: $OFF_ONLY"
  DAWN_OPTS="disable-dawn-features=timestamp_quantization;enable-dawn-features=disable_robustness" timeout 120 /tmp/node "$S/reduce_bisect.mjs" \
    "${common[@]}" --only "$OFF_ONLY" --json "$O/bisect-robustness-off.json" 2>&1 | grep -v '^Warning: maxDynamic'
fi
if [ -n "${EMITTED:-}" ]; then
  el "== the runtime's text from $EMITTED"
  DAWN_OPTS="disable-dawn-features=timestamp_quantization" timeout 120 /tmp/node "$S/reduce_bisect.mjs" "${common[@]}" --emitted "$EMITTED" \
    --only r00_hand,r_emitted,n00_hand,n_emitted --json "$O/bisect-emitted2.json" 2>&1 | grep -v '^Warning: maxDynamic'
fi
for v in $(echo "${DUMP:-}" | tr ',' ' '); do
  DAWN_OPTS="enable-dawn-features=dump_shaders" timeout 30 /tmp/node "$S/reduce_bisect.mjs" \
    --n 4096 --mm 32 --check 16 --reps 1 --warm 1 --rounds 1 --only "$v" > "$O/dump-$v.txt" 2>&1
done
el "== post-run clocks"
nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
el done
