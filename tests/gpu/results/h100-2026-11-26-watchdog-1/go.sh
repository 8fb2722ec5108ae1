# s4-watchdog's one device call: the watchdog on an H100 through the page's runtime (dist/webcu.js on Dawn).
# 1. probes: endless kernels end with the report (one thread, 16M threads, a loop with barriers) and
#    long finite kernels do not trip; 2. the conformance cases and runtime-errors; 3. the watchdog's cost
#    on bench/webgpu's SAXPY, reduction and SGEMM (webcu with the default budget vs --watchdog 0).
cd "$(dirname "$0")"
export GPU_BUNDLE=../.gpukit/bundle
T0=$(date +%s); el() { echo "[t=$(( $(date +%s) - T0 )) s] $*"; }
el probes
DIST=dist OUT=$OUT/probes timeout 150 bash tests/gpu/run.sh --files $(ls probes/*.cu | paste -sd,) --timeout 60 --jobs 1 | tail -20
el suite
DIST=dist OUT=$OUT/suite timeout 120 bash tests/gpu/run.sh --timeout 30 --jobs 8 | tail -14
rm -f $OUT/suite/suite.json
el bench
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export WEBGPU_PATH=/tmp/nm/webgpu/index.js XDG_RUNTIME_DIR=/tmp DAWN_OPTS=disable-dawn-features=timestamp_quantization
for w in on off on off; do
  [ $(( $(date +%s) - T0 )) -gt 190 ] && break
  el "bench watchdog $w"
  a=""; [ $w = off ] && a="--watchdog 0"
  timeout 70 /tmp/node bench/webgpu/run.mjs --only saxpy,reduce,sgemm --ablate 0 --reps 20 $a 2>&1 | grep -E '^\| (saxpy|reduce|sgemm)' | tee -a $OUT/bench-$w.txt
done
el done
