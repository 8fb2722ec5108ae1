#!/bin/bash
# The host's share of a launch on an NVIDIA GPU machine (the `run` tool's device), A/B of dists:
#   DISTS=dir1,dir2 bash bench/webgpu/host_device.sh
# Each dir holds a webcu.js (the JavaScript build), and DIR-full/webcu.js.xz the same build with
# readable names for the profiles. Needs .bench/bundle (bash .bench/setup_local.sh
# bundle; node, dawn.node, the Vulkan loader) from the repo root it runs in. Runs host.mjs (the
# dists alternating in one process) on Dawn's Vulkan backend and on its null backend (which
# validates and records every command but runs nothing: the host's cost alone), for launch.cu's
# untimed and timed rounds and heat.cu, then CPU profiles of launch.cu and heat.cu for each dist.
# Output: $OUT/host.log, and $OUT/prof.tgz: prof/*.cpuprofile and their summaries.
# Env: DISTS (default dist), TIMES (7), RUNMJS (1: run.mjs --only launch,heat per dist too, the
# run.mjs beside this script)
set -u
H=$(cd "$(dirname "$0")" && pwd); R=$(pwd); B=$R/.bench/bundle; O=${OUT:-/tmp/host-out}; mkdir -p "$O/prof"
exec > >(tee "$O/host.log") 2>&1
DISTS=${DISTS:-dist}; TIMES=${TIMES:-7}
unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
if [ ! -x /tmp/node ]; then
  unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
  mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar
  for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp DAWN_OPTS="disable-dawn-features=timestamp_quantization"
nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

# launch.cu 1000 15: rounds 3.. are past the launch log's timed launches; 500 3: every round timed (as before s8-launch)
for prog in "launch.cu 1000 15" "launch.cu 500 3" "heat.cu 256 1000 5" "heat.cu 256 1000 11"; do
  for null in 0 1; do
    echo "== $prog, $([ $null = 1 ] && echo 'null backend' || echo 'NVIDIA')"
    timeout 120 /tmp/node "$H/host.mjs" --null $null --dist "$DISTS" --times "$TIMES" $prog 2>&1 | grep -v maxDynamic
  done
done
# the profiles need TeaVM's names: DIR-full/webcu.js.xz, a build with -Dwebcu.teavm.minifying=false (xz: 18 MB -> 2)
IFS=, read -ra DS <<< "$DISTS"
for d in "${DS[@]}"; do
  n=$(basename "$d")
  [ -f "$d-full/webcu.js.xz" ] || { echo "no $d-full/webcu.js.xz: no profile of $n"; continue; }
  mkdir -p "/tmp/prof-dist/$n" && unxz_to "$d-full/webcu.js.xz" "/tmp/prof-dist/$n/webcu.js"
  for prog in "launch.cu 1000 15" "heat.cu 256 1000 11"; do
    p=${prog%%.*}
    rm -rf "$O/prof/tmp"
    timeout 120 /tmp/node --cpu-prof --cpu-prof-interval 50 --cpu-prof-dir="$O/prof/tmp" "$H/host.mjs" --dist "/tmp/prof-dist/$n" --times 3 $prog 2>&1 | tail -1
    mv "$O/prof/tmp"/*.cpuprofile "$O/prof/$n-$p.cpuprofile"
    per=$([ "$p" = launch ] && echo 90120 || echo 33063)
    echo "== profile $n $prog (µs per launch over all runs, timed ones included)"
    /tmp/node "$H/cpuprof.mjs" "$O/prof/$n-$p.cpuprofile" --per $per --top 30 --within 'Interpreter_run$' | tee "$O/prof/$n-$p.txt" | head -75
  done
done
# RUNMJS=1: also run.mjs's launch and heat tables (the repo's bench/webgpu/run.mjs) for each dist
if [ "${RUNMJS:-0}" = 1 ]; then
  for d in "${DS[@]}"; do
    echo "== run.mjs --only launch,heat --dist $d"
    timeout 120 /tmp/node "$H/run.mjs" --only launch,heat --warm 300 --dist "$d" 2>&1 | grep -v maxDynamic | tail -12
  done
fi
# the run tool brings back a few files only: the profiles and their summaries go in one archive
tar -C "$O" -czf "$O/prof.tgz" prof && rm -rf "$O/prof"
echo done
