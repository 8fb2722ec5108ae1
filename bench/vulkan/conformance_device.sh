#!/bin/bash
# The conformance suite's vulkan backend on the GPU machine's Vulkan driver (NVIDIA's on the H200):
# ConformanceMain (the tests jar, copied into .vkbench/lib) with a stand-in `webcu` launcher that runs
# the bundle's JRE, so every case is built, run and compared by the suite's own rules (.run sidecars,
# manifest compare modes, the baseline). From the repo root, with .vkbench/ carried:
#   bash bench/vulkan/bundle.sh && cp tests/target/tests-*.jar .vkbench/lib/   (mvn -pl tests package first)
#   bash bench/vulkan/conformance_device.sh
# PATHSETS (space-separated, each a comma list of --paths) run as parallel ConformanceMain processes.
# Also runs bench/vulkan/srem_probe.cu. Output: $OUT/conformance.log and $OUT/reports.tgz.
set -u
R=$(cd "$(dirname "$0")/../.." && pwd); K=${VKBENCH:-$R/.vkbench}; O=${OUT:-/tmp/vk-out}; mkdir -p "$O"
exec > >(tee "$O/conformance.log") 2>&1
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
if [ -z "${JAVA:-}" ]; then
  mkdir -p /tmp/vkb && tar -C /tmp/vkb -xJf "$K/jre.tar.xz"; JAVA=/tmp/vkb/jre/bin/java
fi
if command -v nvidia-smi >/dev/null && ! { ldconfig -p | grep -q 'libvulkan.so.1 ' && ldconfig -p | grep -q libGLdispatch; }; then
  for f in "$K"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
ICD=${VK_DRIVER_FILES:-${VK_ICD_FILENAMES:-}}
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && ICD=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
FAKE=/tmp/webcu-root; mkdir -p "$FAKE"
cat > "$FAKE/webcu" <<EOS
#!/bin/bash
exec $JAVA -Xss64m --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
  --sun-misc-unsafe-memory-access=allow -cp "$K/lib/*" webcu.cli.Main "\$@"
EOS
chmod +x "$FAKE/webcu"
PATHSETS=${PATHSETS:-"cases/,runtime-errors/ programs/"}
s=$(date +%s); i=0; pids=""
for g in $PATHSETS; do
  i=$((i + 1))
  $JAVA -cp "$K/lib/*" webcu.conformance.ConformanceMain --root "$FAKE" --suite "$R/tests/conformance" --backends vulkan \
    --vulkan-icd "$ICD" --baseline "$R/tests/conformance-baseline.txt" --paths "$g" --timeout 120 --verbose > "$O/group$i.log" 2>&1 &
  pids="$pids $!"
done
# the pids, not a bare wait: that would wait for the tee above too, which ends only with this script
wait $pids
echo "groups ran in $(( $(date +%s) - s )) s"
for f in "$O"/group*.log; do echo "=== $f"; tail -40 "$f"; done
echo "== srem_probe"
(cd /tmp && "$FAKE/webcu" run --backend vulkan "$R/bench/vulkan/srem_probe.cu" 2>&1)
(cd "$O" && tar czf reports.tgz group*.log && rm -f group*.log)
