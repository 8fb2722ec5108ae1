#!/bin/bash
# Packs what bench/vulkan/run_device.sh needs on a GPU machine that has neither a JDK nor a Vulkan
# loader, into .vkbench/ (ignored; carried along with the run): a Java runtime linked from Temurin
# 25 (java.base, jdk.unsupported, java.management; ~43 MB, xz-packed), the compiler's and the Vulkan
# device's jars with their libraries (LWJGL with its Linux natives, picocli, ASM), the Vulkan loader
# and glvnd .debs (NVIDIA's Vulkan driver needs glvnd to create an instance), and nvcc's side of the
# benchmark (bench-kit's bench_cuda.cu), and spirv-opt. Run from the repo root after `mvn install -DskipTests`:
#   bash bench/vulkan/bundle.sh
set -euo pipefail
R=$(cd "$(dirname "$0")/../.." && pwd); K=$R/.vkbench
JDK=${WEBCU_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
rm -rf "$K" && mkdir -p "$K/lib" "$K/debs"
for m in compiler-core vm-jit vulkan; do
  cp "$R/$m"/target/"$m"-*.jar "$K/lib/"
  { tr ":" "\n" < "$R/$m/target/classpath.txt"; echo; } | while read -r j; do [ -n "$j" ] && cp "$j" "$K/lib/"; done
done
rm -f "$K"/lib/*-tests.jar
"$JDK/bin/jlink" --add-modules java.base,jdk.unsupported,java.management --strip-debug --no-header-files \
  --no-man-pages --compress=zip-9 --output "$K/jre"
tar -C "$K" -cJf "$K/jre.tar.xz" jre && rm -rf "$K/jre"
if [ -d "$R/.bench/bundle/debs" ]; then
  cp "$R"/.bench/bundle/debs/*.deb "$K/debs/"
else
  (cd "$K/debs" && apt-get download libvulkan1/bookworm libegl1/bookworm libglvnd0/bookworm libopengl0/bookworm \
    libgl1/bookworm libglx0/bookworm libgles2/bookworm)
fi
BC=${BENCH_CUDA:-$R/.bench/bench_cuda.cu}; [ -f "$BC" ] || BC=$R/../shared/bench-kit/bench_cuda.cu
cp "$BC" "$K/bench_cuda.cu"
# Debian's spirv-opt (linked statically) for the run that measures optimized SPIR-V
[ -x /usr/bin/spirv-opt ] && cp /usr/bin/spirv-opt "$K/"
du -sh "$K"; ls "$K" "$K/lib"
