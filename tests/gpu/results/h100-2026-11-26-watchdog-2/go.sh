# s4-watchdog's second device call, after the budget's weights: the single-thread spin and the 16M-thread
# spin end, runtime-errors/ pass (endless_kernel included), and the cost on the reduction and SGEMM.
cd "$(dirname "$0")"
export GPU_BUNDLE=../.gpukit/bundle
T0=$(date +%s); el() { echo "[t=$(( $(date +%s) - T0 )) s] $*"; }
el probes
DIST=dist OUT=$OUT/probes timeout 100 bash tests/gpu/run.sh --files probes/endless_one.cu,probes/endless_grid.cu --timeout 45 --jobs 1 | tail -12
el runtime-errors
DIST=dist OUT=$OUT/re timeout 60 bash tests/gpu/run.sh --paths runtime-errors/ --timeout 30 --jobs 8 | tail -13
rm -f $OUT/re/suite.json
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp DAWN_OPTS=disable-dawn-features=timestamp_quantization
for w in on off; do
  el "bench watchdog $w"
  a=""; [ $w = off ] && a="--watchdog 0"
  timeout 50 /tmp/node bench/webgpu/run.mjs --only reduce,sgemm --ablate 0 --reps 20 $a 2>&1 | grep -E '^\| (reduce|sgemm)' | tee -a $OUT/bench-$w.txt
done
el done
