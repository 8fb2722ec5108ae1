#!/bin/bash
# Issue 15's bisection, the local half: makes a self-contained folder, .bench/vkbisect/ (ignored; ~35 MB,
# 60 with DAWN=1), that runs on the GPU machine with `bash .bench/vkbisect/run.sh` (a copy of
# bench/vulkan/spirv_bisect_device.sh) and carry [".bench/vkbisect"]. Run bench/vulkan/bundle.sh first
# (its .vkbench/ gives the Java runtime, the jars and the Vulkan loader; needs `mvn install -DskipTests`):
#   bash bench/vulkan/spirv_bisect.sh
# 1. webcu's SPIR-V for bench/webgpu's saxpy, reduce and sgemm as the Vulkan device on an NVIDIA GPU
#    compiles it, and webcu's WGSL as the H200's WebGPU device compiles it (SpirvBench emit);
# 2. Tint's SPIR-V of that WGSL through Dawn for node on SwiftShader (tint_dump.mjs; with Dawn's
#    robustness and without), Dawn's options as on the GPU (Tint's output does not depend on the adapter
#    beyond its features; the device script dumps the NVIDIA adapter's too, where .vkbench/dawn is carried);
# 3. the variants (spirv_variants.py), checked by spirv-val, and their cases list;
# 4. with .vkbench's jre.tar.xz, lib/ and debs/: spv/ (the modules), lib/webcu-bench.jar (SpirvBench),
#    cu/ (bench/webgpu's programs), spirv-as, run.sh, and with DAWN=1 dawn/ (node and npm webgpu from
#    .bench/bundle, or BENCH_BUNDLE, for Dawn's dump on the GPU machine).
# Env: WEBGPU_PATH (default /tmp/probe-dawn/node_modules/webgpu/index.js), DAWN (0), BENCH_BUNDLE, OLD
set -euo pipefail
R=$(cd "$(dirname "$0")/../.." && pwd); V=$R/.vkbench; K=$R/.bench/vkbisect
[ -d "$V/lib" ] || { echo "run bench/vulkan/bundle.sh first"; exit 1; }
rm -rf "$K" && mkdir -p "$K/cu" && cp -r "$V/jre.tar.xz" "$V/lib" "$V/debs" "$K/"
cp "$R"/bench/webgpu/{saxpy,reduce,sgemm}.cu "$R/bench/webgpu/common.h" "$K/cu/"
cp "$R/bench/vulkan/spirv_bisect_device.sh" "$K/run.sh"
# for WEBCU_RUN=1: the bench programs through `webcu run --backend vulkan` and nvcc's bench_cuda, as bench/vulkan/run_device.sh
cp "$R/bench/vulkan/run_device.sh" "$V/bench_cuda.cu" "$K/"
JDK=${WEBCU_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
CP="$R/vulkan/target/test-classes:$R/vulkan/target/classes:$R/compiler-core/target/classes:$(cat "$R/vulkan/target/classpath.txt")"
S=$K/spv; rm -rf "$S"; mkdir -p "$S"
"$JDK/bin/java" -Xss64m -cp "$CP" webcu.vulkan.SpirvBench emit "$S" --bench "$R/bench/webgpu"
export WEBGPU_PATH=${WEBGPU_PATH:-/tmp/probe-dawn/node_modules/webgpu/index.js} XDG_RUNTIME_DIR=/tmp
(export VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json LD_LIBRARY_PATH=/usr/lib/chromium
 node "$R/bench/vulkan/tint_dump.mjs" "$S"
 TAG=_norobust DAWN_OPTS="enable-dawn-features=disable_robustness" node "$R/bench/vulkan/tint_dump.mjs" "$S")
# OLD=DIR: that folder's PROG.webcu.spv (an earlier compiler's modules) are run too
if [ -n "${OLD:-}" ]; then mkdir -p "$S/old" && cp "$OLD"/*.webcu.spv "$S/old/"; fi
python3 "$R/bench/vulkan/spirv_variants.py" "$S"
(cd "$R/vulkan/target/test-classes" && "$JDK/bin/jar" cf "$K/lib/webcu-bench.jar" webcu/vulkan/SpirvBench*.class)
cp /usr/bin/spirv-as "$K/"
if [ "${DAWN:-0}" = 1 ]; then
  BB=${BENCH_BUNDLE:-$R/.bench/bundle}
  mkdir -p "$K/dawn" && cp "$BB"/node-v*-linux-x64.xz "$BB"/webgpu-*-linux-x64.tar.xz "$K/dawn/"
  cp "$R/bench/vulkan/tint_dump.mjs" "$K/dawn/"
fi
du -sh "$K"
