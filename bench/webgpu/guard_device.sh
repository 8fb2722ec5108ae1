#!/bin/bash
# The launch constants (s9-guard) on an NVIDIA GPU machine with no network (the `run` tool's device),
# from the repo root: the page runtime's bench kernels with pipelines that know how their launch folds
# the grid (no padding check where the fold is exact, the slices per row and the zero pointer offsets
# as constants) against a base dist, the dists alternating; the emitted WGSL's ablation; the wide-grid
# conformance case natively (nvcc) and through each dist; the page-runtime suite with the last dist.
#   DISTS=base,new bash bench/webgpu/guard_device.sh
# Needs .bench/bundle (as run_device.sh) and, in each DISTS folder, a webcu.js; run.mjs, host.mjs,
# the .cu files and emitted/ come from this script's folder. Output: $OUT/guard.log, cuda.txt, *.json.
# Env: DISTS (dist), ROUNDS (3), REPS (20), N (67108864), MM (2048), SUITE (1: the page-runtime suite)
set -u
H=$(cd "$(dirname "$0")" && pwd); R=$(pwd); B=$R/.bench/bundle; O=${OUT:-/tmp/guard-out}; mkdir -p "$O"
exec > >(tee "$O/guard.log") 2>&1
DISTS=${DISTS:-dist}; ROUNDS=${ROUNDS:-3}; REPS=${REPS:-20}; N=${N:-67108864}; MM=${MM:-2048}; SUITE=${SUITE:-1}
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }
IFS=, read -r -a D <<< "$DISTS"
LAST=${D[${#D[@]}-1]}
CASE=tests/conformance/cases/indexing/wide_grid.cu
[ -f "$CASE" ] || CASE=$H/wide_grid.cu

el "== system"
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem --format=csv
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
(unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
 mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar) &
UNPACK=$!

el "== nvcc: bench_cuda (the CUDA column) and the wide-grid case (native output)"
nvcc -O3 -arch=sm_90 -o /tmp/bench_cuda "$R/.bench/bench_cuda.cu" && timeout 200 /tmp/bench_cuda "$N" "$MM" "$REPS" 1000 | tee "$O/cuda.txt"
nvcc -O2 -arch=sm_90 -std=c++17 -o /tmp/wide_grid "$CASE" && /tmp/wide_grid | tee "$O/wide_grid.native.txt"
echo "native exit $?"; [ -f "${CASE%.cu}.expected" ] && { diff "${CASE%.cu}.expected" "$O/wide_grid.native.txt" && echo "native output = .expected"; }

wait $UNPACK
for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp DAWN_OPTS="disable-dawn-features=timestamp_quantization"

el "== the wide-grid case through each dist's runtime (NVIDIA)"
timeout 120 /tmp/node "$H/host.mjs" --dist "$DISTS" --dir "$(dirname "$CASE")" "$(basename "$CASE")"

el "== run.mjs with $LAST: hand-written vs webcu, and the ablation of emitted/"
timeout 200 /tmp/node "$H/run.mjs" --dist "$LAST" --n "$N" --mm "$MM" --reps "$REPS" --warm 300 --only saxpy,reduce,sgemm \
  --json "$O/webgpu.json" 2>&1 | grep -v '^Warning: maxDynamic'

for r in $(seq 1 "$ROUNDS"); do
  for d in "${D[@]}"; do
    el "== round $r, dist $d"
    timeout 120 /tmp/node "$H/run.mjs" --dist "$d" --n "$N" --mm "$MM" --reps "$REPS" --warm 300 --only saxpy,reduce,sgemm \
      --ablate 0 --json "$O/ab-$r-$(basename "$d").json" 2>&1 | grep -E '^\| (saxpy|reduce|sgemm)'
  done
done
el "== A/B: hand/webcu per dist, median over the rounds"
/tmp/node -e '
const fs = require("fs"), [o, rounds, ...dists] = process.argv.slice(1);
const med = (v) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
for (const d of dists) {
  const by = {};
  for (let r = 1; r <= +rounds; r++) {
    const f = `${o}/ab-${r}-${d}.json`; if (!fs.existsSync(f)) continue;
    for (const row of JSON.parse(fs.readFileSync(f)).rows) (by[row.kernel] ??= []).push([row.hand_ms, row.webcu_ms, row.ratio]);
  }
  console.log(d + ": " + Object.entries(by).map(([k, v]) => `${k} hand ${med(v.map((x) => x[0])).toFixed(4)} webcu ${med(v.map((x) => x[1])).toFixed(4)} ratio ${med(v.map((x) => x[2])).toFixed(3)} [${v.map((x) => x[2].toFixed(3)).join(" ")}]`).join("; "));
}' "$O" "$ROUNDS" $(for d in "${D[@]}"; do basename "$d"; done)

if [ "$SUITE" = 1 ]; then
  el "== page-runtime suite with $LAST"
  OUT=$O/suite GPU_BUNDLE=.bench/bundle DIST=$LAST timeout 300 bash tests/gpu/run.sh --programs --timeout 60 --jobs 8 > "$O/suite.log" 2>&1
  echo "suite rc=$?"; tail -12 "$O/suite.log"
fi
el "== post-run clocks"
nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
el "done"
