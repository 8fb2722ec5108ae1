#!/bin/bash
# Runs tests/gpu/run-suite.mjs (the conformance suite through dist/webcu.js on Dawn for node), from
# the repo root, in one of two set-ups:
#
#   here, on a software adapter (npm `webgpu` 0.6.2 installed under /tmp/probe-dawn, SwiftShader's
#   Vulkan driver from Debian's chromium package):
#     bash tests/gpu/run.sh [run-suite.mjs options]
#
#   on a GPU machine with no network (the `run` tool's device), with a bundle made here by
#   bench-kit's `setup_local.sh bundle` (node, dawn.node, the Vulkan loader and glvnd .debs):
#     GPU_BUNDLE=.gpukit/bundle DIST=.gpukit/dist bash tests/gpu/run.sh [options]
#   The NVIDIA Vulkan driver is the one the machine mounts (VK_DRIVER_FILES below).
#
# Env: GPU_BUNDLE (a bundle folder: device mode), DIST (default dist), OUT (default /tmp/gpu-suite:
# suite.json, suite.tsv and the log), WEBGPU_PATH and VK_ICD_FILENAMES (local mode).
set -u
R=$(cd "$(dirname "$0")/../.." && pwd)
O=${OUT:-/tmp/gpu-suite}; mkdir -p "$O"
DIST=${DIST:-$R/dist}
NODE=node
if [ -n "${GPU_BUNDLE:-}" ]; then
  B=$(cd "$GPU_BUNDLE" && pwd)
  unxz_to() { if command -v xz >/dev/null; then xz -dc "$1" > "$2"; else python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2],'wb'))" "$1" "$2"; fi; }
  unxz_to "$B"/node-v*-linux-x64.xz /tmp/node && chmod +x /tmp/node
  mkdir -p /tmp/nm && unxz_to "$B"/webgpu-*-linux-x64.tar.xz /tmp/nm/webgpu.tar && tar -C /tmp/nm -xf /tmp/nm/webgpu.tar
  # the Vulkan loader and glvnd (NVIDIA's ICD fails vkCreateInstance without glvnd)
  for f in "$B"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
  if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  fi
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  NODE=/tmp/node
  export WEBGPU_PATH=/tmp/nm/webgpu/index.js
else
  export WEBGPU_PATH=${WEBGPU_PATH:-/tmp/probe-dawn/node_modules/webgpu/index.js}
  export VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-/usr/lib/chromium/vk_swiftshader_icd.json}
  export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-/usr/lib/chromium}
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
"$NODE" --version
commit=$(git -C "$R" rev-parse --short HEAD 2>/dev/null || echo unknown)
"$NODE" "$R/tests/gpu/run-suite.mjs" --dist "$DIST" --commit "${COMMIT:-$commit}" --json "$O/suite.json" --tsv "$O/suite.tsv" "$@" 2>&1 | tee "$O/suite.log"
exit "${PIPESTATUS[0]}"
