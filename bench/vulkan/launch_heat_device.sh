#!/bin/bash
# Run from the repository root on the GPU machine, with bench/vulkan/bundle.sh's .vkbench copied in beside it
# (cp bench/vulkan/launch_heat_device.sh .vkbench/ && run with carry [".vkbench"]: bash .vkbench/launch_heat_device.sh).
# launch.cu and heat.cu through webcu run --backend vulkan on the GPU machine (JVM host, batched launches)
K=$(cd "$(dirname "$0")" && pwd); R=$(pwd); O=${OUT:-/tmp/vk-out}; mkdir -p "$O"
mkdir -p /tmp/vkb && tar -C /tmp/vkb -xJf "$K/jre.tar.xz"
if command -v nvidia-smi >/dev/null && ! { ldconfig -p | grep -q 'libvulkan.so.1 ' && ldconfig -p | grep -q libGLdispatch; }; then
  for f in "$K"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
fi
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
J() { timeout 200 /tmp/vkb/jre/bin/java -Xss64m --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
    --sun-misc-unsafe-memory-access=allow -cp "$K/lib/*" webcu.cli.Main "$@" 2>&1 | grep -v '^WARNING'; }
echo "== launch.cu 1000 15 --backend vulkan"; J run --backend vulkan "$R/bench/webgpu/launch.cu" -- 1000 15 | tee "$O/launch.out"
echo "== heat.cu 256 1000 11 --backend vulkan"; J run --backend vulkan "$R/bench/webgpu/heat.cu" -- 256 1000 11 | tee "$O/heat.out"
