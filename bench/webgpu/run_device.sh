#!/bin/bash
# bench/webgpu on an NVIDIA GPU machine with no network (the `run` tool's device), from the repo root:
#   bash bench/webgpu/run_device.sh
# Needs, carried along: .bench/bundle (node, dawn.node, Vulkan loader debs: bash .bench/setup_local.sh
# bundle, with .bench a copy of ../shared/bench-kit) and dist/webcu.js (mvn install).
# Runs nvcc's bench_cuda (the CUDA column) and bench/webgpu/run.mjs (hand-written WGSL vs webcu on
# Dawn's Vulkan backend). Output: $OUT/run.log, cuda.txt, webgpu.json.
# Env: N (67108864), MM (2048), REPS (20), LAUNCH (1000), STEPS=cuda,webgpu, BUILDS (js,wasm where the
# bundle's node is 22 or later, which runs the page's wasm-gc build; else js)
set -u
R=$(cd "$(dirname "$0")/../.." && pwd); B=$R/.bench/bundle; O=${OUT:-/tmp/bench-out}; mkdir -p "$O"
exec > >(tee "$O/run.log") 2>&1
N=${N:-67108864}; MM=${MM:-2048}; REPS=${REPS:-20}; LAUNCH=${LAUNCH:-1000}; STEPS=${STEPS:-cuda,webgpu}
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }
has() { [[ ",$STEPS," == *",$1,"* ]]; }

el "== system"
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem --format=csv
nvcc --version | tail -1; nproc

# unpack node and dawn.node first (the CPU is idle while nvcc runs on another core)
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
(unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
 mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar) &
UNPACK=$!

if has cuda; then
  el "== nvcc bench_cuda (n=$N mm=$MM reps=$REPS launches=$LAUNCH)"
  nvcc -O3 -arch=sm_90 -o /tmp/bench_cuda "$R/.bench/bench_cuda.cu" && timeout 200 /tmp/bench_cuda "$N" "$MM" "$REPS" "$LAUNCH" | tee "$O/cuda.txt"
fi

wait $UNPACK
/tmp/node --version
el "== Vulkan loader + NVIDIA ICD (bench-kit run_device.sh recipe)"
for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json; fi
echo "VK_DRIVER_FILES=${VK_DRIVER_FILES:-unset}"
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp

if has webgpu; then
  el "== hand-written WGSL vs webcu, Dawn (timestamp quantization off)"
  BUILDS=${BUILDS:-$(/tmp/node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 22 ? 0 : 1)' && echo js,wasm || echo js)}
  DAWN_OPTS="disable-dawn-features=timestamp_quantization" timeout 300 /tmp/node "$R/bench/webgpu/run.mjs" \
    --n "$N" --mm "$MM" --reps "$REPS" --launch "$LAUNCH" --warm 300 --builds "$BUILDS" --json "$O/webgpu.json" 2>&1 | grep -v '^Warning: maxDynamic'
fi
el "== post-run clocks"
nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
el "done"
