#!/bin/bash
# Follow-up of warpflow_device.sh (tileSums slower on subgroups than emulated on the H200): the
# four second-stage variants of bench/webgpu/warp_reduce_variants.cu under several dists on
# subgroups, and the first dist emulated, 2 rounds alternating; median GPU us per kernel and set-up.
# From the repo root on the GPU machine, .bench carried (as run_device.sh):
#   DISTS=v2=path/dist,v1=path/dist1,main=path/dist-main bash bench/webgpu/warpflow_variants_device.sh
# Output: $OUT/variants.log, runs/SETUP-ROUND/suite.json
set -u
S=$(cd "$(dirname "$0")" && pwd); R=$(cd "$S/../.." && pwd); B=$R/.bench/bundle; O=${OUT:-/tmp/warpflow-variants}; mkdir -p "$O"
DISTS=${DISTS:-branch=$R/dist}
exec > >(tee "$O/variants.log") 2>&1
T0=$(date +%s%N); el() { echo "[t=$(( ($(date +%s%N) - T0) / 1000000 )) ms] $*"; }
nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm --format=csv,noheader
IFS=, read -ra PAIRS <<< "$DISTS"
SETUPS=(); declare -A DIR
for p in "${PAIRS[@]}"; do DIR[${p%%=*}]=${p#*=}; SETUPS+=("${p%%=*}-subgroups"); ls -la "${p#*=}/webcu.js"; done
first=${PAIRS[0]%%=*}; SETUPS+=("$first-emulation")
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar
for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp DAWN_OPTS=disable-dawn-features=timestamp_quantization
el "== variants"
for round in 1 2; do
  for setup in "${SETUPS[@]}"; do
    d=${DIR[${setup%-*}]}
    w=(); [ "${setup#*-}" = emulation ] && w=(--warps emulation)
    mkdir -p "$O/runs/$setup-$round"
    timeout 60 /tmp/node "$R/tests/gpu/run-suite.mjs" --dist "$d" --kernel-times "${w[@]}" --files "$S/warp_reduce_variants.cu" \
      --timeout 50 --json "$O/runs/$setup-$round/suite.json" > "$O/runs/$setup-$round/suite.log" 2>&1
    el "$setup $round: $(/tmp/node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(JSON.stringify(j.rows[0].stdout))' "$O/runs/$setup-$round/suite.json")"
  done
done
/tmp/node -e '
  const fs = require("fs"), path = require("path"), dir = process.argv[1], t = {};
  for (const d of fs.readdirSync(dir)) {
    const setup = d.replace(/-\d+$/, "");
    for (const r of JSON.parse(fs.readFileSync(path.join(dir, d, "suite.json"), "utf8")).rows)
      for (const k of r.kernel_times ?? []) ((t[setup] ??= {})[k.kernel] ??= []).push(k.ns / 1000);
  }
  const med = (v) => { if (!v?.length) return NaN; v = [...v].sort((a, b) => a - b); const h = v.length >> 1; return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2; };
  const setups = process.argv[2].split(" ");
  console.log("| kernel | " + setups.join(" us | ") + " us |\n|---|" + setups.map(() => "---:").join("|") + "|");
  for (const k of ["tileSums", "tileFlat", "tileOne", "tilePlain", "fill", "plainSum"])
    console.log(`| ${k} | ` + setups.map((s) => med(t[s]?.[k]).toFixed(1) + " (" + (t[s]?.[k]?.length ?? 0) + ")").join(" | ") + " |");
' "$O/runs" "${SETUPS[*]}"
el "== done"
