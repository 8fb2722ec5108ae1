#!/bin/bash
# Warp functions under warp-uniform branches (the second stage of the classic block reduction,
# `if (wid == 0) val = warpReduceSum(val);`) as subgroup operations on an NVIDIA GPU's WebGPU
# (Dawn's Vulkan backend, 32-lane subgroups), against the workgroup-memory emulation
# (run-suite.mjs --warps emulation), and nvcc for reference. From the repo root on the GPU
# machine (the `run` tool's device, no network), with carried along:
#   .bench   bench-kit with its bundle (node, dawn.node, Vulkan loader debs), as for run_device.sh
#   dist     dist/webcu.js built from this checkout (mvn install)
#     bash bench/webgpu/warpflow_device.sh
# (Or from a copy of this folder's warpflow_device.sh, warp_reduce_bench.cu and warp_reduce_nvcc.cu
# in an ignored folder two levels below the root, e.g. .s10warpflow/webgpu/, with DIST=.s10warpflow/dist.)
# 1. nvcc: bench/webgpu/warp_reduce_nvcc.cu (the bench's PASS lines, then a median per kernel);
# 2. the page-runtime suite's warp-function cases (cases/warp/, programs/coop/, the others the
#    Vulkan comparison used) in both modes, with their kernels' GPU time;
# 3. bench/webgpu/warp_reduce_bench.cu in both modes, 3 runs each alternating (5 launches per
#    kernel and run), median GPU time per kernel beside nvcc's.
# Output: $OUT/run.log (everything), nvcc.txt, suite-MODE/suite.{json,tsv,log}, bench/MODE-RUN/suite.json
set -u
S=$(cd "$(dirname "$0")" && pwd); R=$(cd "$S/../.." && pwd); B=$R/.bench/bundle; O=${OUT:-/tmp/warpflow-out}; mkdir -p "$O"
DIST=${DIST:-$R/dist}
exec > >(tee "$O/run.log") 2>&1
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }

el "== system"
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm --format=csv
nvcc --version | tail -1
git -C "$R" log --oneline -1 2>/dev/null; ls -la "$DIST/webcu.js" 2>&1
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
(unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
 mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar) &
UNPACK=$!

el "== nvcc warp_reduce_nvcc.cu"
nvcc -O3 -arch=sm_90 -o /tmp/warp_reduce_nvcc "$S/warp_reduce_nvcc.cu" && timeout 120 /tmp/warp_reduce_nvcc | tee "$O/nvcc.txt"

wait $UNPACK
for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp DAWN_OPTS=disable-dawn-features=timestamp_quantization
/tmp/node --version
commit=$(git -C "$R" rev-parse --short HEAD 2>/dev/null || echo unknown)
suite() { # OUTDIR MODE [run-suite options]
  local dir=$1 mode=$2; shift 2; mkdir -p "$dir"
  local w=(); [ "$mode" = emulation ] && w=(--warps emulation)
  timeout 280 /tmp/node "$R/tests/gpu/run-suite.mjs" --dist "$DIST" --commit "$commit" --kernel-times "${w[@]}" \
    --json "$dir/suite.json" --tsv "$dir/suite.tsv" "$@" > "$dir/suite.log" 2>&1
  echo "exit $?" >> "$dir/suite.log"
}

el "== the suite's warp-function cases, both modes"
PATHS=cases/warp/,cases/shared/sync_predicates,cases/int64_double/atomics_shuffle_64,programs/coop/,programs/gallery/06_reduction_shuffle
for mode in subgroups emulation; do
  suite "$O/suite-$mode" $mode --paths "$PATHS" --timeout 60
  el "$mode: $(grep -E '^[0-9]+ of [0-9]+|passed|failed' "$O/suite-$mode/suite.log" | tail -2 | tr '\n' ' ')"
done
/tmp/node -e '
  const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")));
  console.log("adapter:", JSON.stringify(a.adapter));
  console.log("| case | subgroups | emulation | subgroups GPU us | emulation GPU us |\n|---|---|---|---:|---:|");
  for (const r of a.rows) {
    const e = b.rows.find((x) => x.case === r.case) ?? {};
    console.log(`| ${r.case} | ${r.result} | ${e.result} | ${r.gpu_us?.toFixed(1)} | ${e.gpu_us?.toFixed(1)} |`);
  }' "$O/suite-subgroups/suite.json" "$O/suite-emulation/suite.json"

el "== warp_reduce_bench.cu, 3 runs per mode, alternating"
for run in 1 2 3; do
  for mode in subgroups emulation; do
    suite "$O/bench/$mode-$run" $mode --files "$S/warp_reduce_bench.cu" --timeout 120
    /tmp/node -e '
      const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      for (const r of j.rows) console.log(process.argv[2], r.result, JSON.stringify(r.stdout).slice(0, 200), r.launches, "launches");
    ' "$O/bench/$mode-$run/suite.json" "$mode run $run:"
  done
done
/tmp/node -e '
  const fs = require("fs"), path = require("path"), dir = process.argv[1];
  const nv = {};
  try { for (const l of fs.readFileSync(process.argv[2], "utf8").split("\n")) { const m = l.match(/^NVCC (\S+) median_us ([\d.]+)/); if (m) nv[m[1]] = +m[2]; } } catch {}
  const times = { subgroups: {}, emulation: {} };
  for (const d of fs.readdirSync(dir)) {
    const mode = d.split("-")[0];
    for (const r of JSON.parse(fs.readFileSync(path.join(dir, d, "suite.json"), "utf8")).rows)
      for (const [i, t] of (r.kernel_times ?? []).entries()) {
        // finalSum runs over 1024 block sums after blockSums and over 262144 after tileSums
        const prev = i > 0 ? r.kernel_times[i - 1].kernel : "";
        const k = t.kernel !== "finalSum" ? t.kernel : prev === "tileSums" ? "finalSum(262144)" : "finalSum(1024)";
        (times[mode][k] ??= []).push(t.ns / 1000);
      }
  }
  const med = (v) => { if (!v?.length) return NaN; v = [...v].sort((a, b) => a - b); const h = v.length >> 1; return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2; };
  console.log("| kernel | launches | subgroups us | emulation us | emulation / subgroups | nvcc us |\n|---|---:|---:|---:|---:|---:|");
  for (const k of ["blockSums", "finalSum(1024)", "tileSums", "finalSum(262144)", "fill", "plainSum"]) {
    const s = med(times.subgroups[k]), e = med(times.emulation[k]);
    console.log(`| ${k} | ${times.subgroups[k]?.length ?? 0}/${times.emulation[k]?.length ?? 0} | ${s.toFixed(1)} | ${e.toFixed(1)} | ${(e / s).toFixed(2)} | ${nv[k] ?? "-"} |`);
  }
' "$O/bench" "$O/nvcc.txt"
el "== post-run clocks"
nvidia-smi --query-gpu=pstate,clocks.sm,temperature.gpu,power.draw --format=csv
el "== done"
