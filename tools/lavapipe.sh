#!/usr/bin/env bash
# Mesa's lavapipe, the Vulkan driver that runs on the CPU, for the conformance run's vulkan backend:
# Debian's mesa-vulkan-drivers unpacked into a cache folder, not installed (docs/spirv.md, "lavapipe
# in ./webcu test": installed, it would become every Vulkan program's driver on the machine).
#
#   tools/lavapipe.sh            fetch and unpack it where missing (apt-get download: no root needed,
#                                but apt's package lists), then print its ICD manifest's path
#   tools/lavapipe.sh --icd      print the manifest's path if it is there (exit 1 if not); fetch nothing
#   tools/lavapipe.sh --missing  print the Debian packages its library needs that are not installed
#                                (its dependencies, where ldd finds a library missing), one a line
#
# The folder: $WEBCU_CACHE/lavapipe, else ${XDG_CACHE_HOME:-~/.cache}/webcu/lavapipe; the conformance
# runner asks this script for the manifest (ConformanceMain --vulkan-icd overrides it).
set -euo pipefail
CACHE="${WEBCU_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/webcu}/lavapipe"
ICD="$CACHE/lvp_icd.json"

library() {
  sed -n 's/.*"library_path": *"\([^"]*\)".*/\1/p' "$ICD" 2>/dev/null
}

present() {
  [ -f "$ICD" ] && [ -f "$(library)" ]
}

case "${1:-}" in
  --icd)
    present || { echo "lavapipe: not in $CACHE (tools/lavapipe.sh fetches it; ./webcu test does)" >&2; exit 1; }
    echo "$ICD"
    exit 0 ;;
  --missing)
    present || { echo "lavapipe: not in $CACHE yet" >&2; exit 1; }
    ldd "$(library)" | grep -q 'not found' || exit 0
    # the package's own dependencies, less the Vulkan loader (Chromium's serves) and python3 (its scripts)
    missing="$(tr ',' '\n' < "$CACHE/depends" | sed 's/[|(].*//; s/:any//; s/ //g' | grep -v -x -e '' -e libvulkan1 -e python3 \
      | while read -r p; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' || echo "$p"; done)"
    if [ -z "$missing" ]; then
      echo "lavapipe: $(library) lacks libraries that no dependency of its package would install:" >&2
      ldd "$(library)" | grep 'not found' >&2
      exit 1
    fi
    echo "$missing"
    exit 0 ;;
  "") ;;
  *) echo "usage: tools/lavapipe.sh [--icd|--missing]" >&2; exit 2 ;;
esac

if ! present; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && apt-get download -q mesa-vulkan-drivers >&2) \
    || { echo "lavapipe: apt-get download mesa-vulkan-drivers failed (apt-get update first?)" >&2; exit 1; }
  deb="$(ls "$tmp"/mesa-vulkan-drivers_*.deb)"
  rm -rf "$CACHE"
  mkdir -p "$CACHE"
  dpkg-deb -x "$deb" "$CACHE/root"
  dpkg-deb -f "$deb" Version > "$CACHE/version"
  dpkg-deb -f "$deb" Depends > "$CACHE/depends"
  lib="$(find "$CACHE/root" -name libvulkan_lvp.so | head -1)"
  manifest="$(ls "$CACHE"/root/usr/share/vulkan/icd.d/lvp_icd.*.json | head -1)"
  [ -n "$lib" ] && [ -n "$manifest" ] || { echo "lavapipe: no libvulkan_lvp.so or lvp_icd manifest in $deb" >&2; exit 1; }
  # the package's manifest names the library where an installed package puts it
  sed "s#\"library_path\": *\"[^\"]*\"#\"library_path\": \"$lib\"#" "$manifest" > "$ICD"
  echo "lavapipe: mesa-vulkan-drivers $(cat "$CACHE/version") unpacked in $CACHE" >&2
fi
echo "$ICD"
