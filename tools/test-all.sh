#!/usr/bin/env bash
# Builds webcu and runs every test: what `./webcu test` and CI (.ci/run) do.
#
# Works on a fresh Debian 12 machine of this kind (Temurin 25 under /usr/lib/jvm): as root it
# installs what is missing from Debian (Maven, Chromium and its driver, Node.js where node
# packages are needed, the libraries of Mesa's lavapipe) and unpacks lavapipe into a cache folder
# (tools/lavapipe.sh), then runs `mvn -B verify` at the root, which builds everything (dist/ included) and runs
# the unit tests of every module and the integration tests: HtmlUnit on the page, headless Chromium
# end to end on WebGPU, and the conformance runner on the CPU, WebGPU and Vulkan (lavapipe)
# backends (ConformanceIT), whose report lands in tests/target/conformance-report.txt. Ends with the counts and exits non-zero on any
# failure, a conformance case of the baseline included.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

JDK=/usr/lib/jvm/temurin-25-jdk-amd64
export JAVA_HOME="${WEBCU_JAVA_HOME:-$JDK}"
export MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED}"
export DEBIAN_FRONTEND=noninteractive

step() { printf '\n== %s\n' "$*"; }
die() { printf 'test-all: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $* (run as root or install it by hand)"
  fi
}

apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -q || die "apt-get update failed"
    apt_updated=1
  fi
  as_root apt-get install -y -q --no-install-recommends "$@" || die "apt-get install $* failed"
}

# ---------------------------------------------------------------- prerequisites
step "prerequisites"
if [ ! -x "$JAVA_HOME/bin/java" ]; then
  # machines of this kind ship Temurin 25 under /usr/lib/jvm; no registry here serves it
  die "no JDK 21+ at $JAVA_HOME: install Temurin 25 there or set WEBCU_JAVA_HOME to a JDK 21 or newer"
fi
missing=()
command -v mvn >/dev/null 2>&1 || missing+=(maven)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
# the SPIR-V backend's judges: spirv-as/spirv-dis/spirv-val and Khronos' grammar files
[ -x /usr/bin/spirv-val ] || missing+=(spirv-tools)
[ -f /usr/include/spirv/unified1/spirv.core.grammar.json ] || missing+=(spirv-headers)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt_install "${missing[@]}"
fi
# Mesa's lavapipe for the conformance run's vulkan backend: Debian's mesa-vulkan-drivers unpacked
# into a cache folder, not installed (docs/spirv.md, "lavapipe in ./webcu test"); the libraries
# it needs (LLVM 15, xcb, ...) from apt where ldd finds one missing.
if ! tools/lavapipe.sh --icd >/dev/null 2>&1; then
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -q || die "apt-get update failed"
    apt_updated=1
  fi
  tools/lavapipe.sh >/dev/null || die "could not fetch lavapipe (tools/lavapipe.sh)"
fi
lvp_missing="$(tools/lavapipe.sh --missing)" || die "lavapipe's libraries cannot be installed (tools/lavapipe.sh --missing)"
if [ -n "$lvp_missing" ]; then
  echo "installing lavapipe's libraries:" $lvp_missing
  # shellcheck disable=SC2086
  apt_install $lvp_missing
  [ -z "$(tools/lavapipe.sh --missing)" ] || die "lavapipe still lacks libraries after installing $lvp_missing"
fi
# Node packages (the editor bundle, later): npm ci wherever a lock file is checked in.
mapfile -t locks < <(find "$ROOT" -name package-lock.json -not -path '*/node_modules/*' -not -path '*/target/*' 2>/dev/null)
if [ ${#locks[@]} -gt 0 ]; then
  command -v npm >/dev/null 2>&1 || apt_install nodejs npm
  for lock in "${locks[@]}"; do
    (cd "$(dirname "$lock")" && npm ci --no-audit --no-fund) || die "npm ci failed in $(dirname "$lock")"
  done
fi
"$JAVA_HOME/bin/java" -version 2>&1 | head -1
mvn -v 2>/dev/null | head -1
/usr/bin/chromium --version 2>/dev/null | head -1
echo "lavapipe (the conformance run's Vulkan driver): $(tools/lavapipe.sh --icd)"
grep -q '<module>tools/browser</module>' pom.xml \
  || die "the root pom.xml lacks <module>tools/browser</module> (before <module>tests</module>)"

# ---------------------------------------------------------------- build and test
step "mvn -B verify (build, unit tests, integration tests, conformance)"
start=$(date +%s)
mvn -B -fae verify
mvn_status=$?
echo "mvn verify: exit $mvn_status after $(( $(date +%s) - start )) s"

# ---------------------------------------------------------------- summary
report="$ROOT/tests/target/conformance-report.txt"
if [ ! -f "$report" ] && [ -f "$ROOT/tests/target/classpath.txt" ]; then
  # The reactor skipped the tests module (a module before it failed): still measure the suite.
  step "conformance runner (standalone, since mvn verify did not reach it)"
  "$JAVA_HOME/bin/java" -cp "$ROOT/tests/target/classes:$(cat "$ROOT/tests/target/classpath.txt")" \
    webcu.conformance.ConformanceMain --root "$ROOT" --report "$report" >/dev/null
fi

step "summary"
# JUnit results of every module, unit (surefire) and integration (failsafe) tests alike.
junit=$(find "$ROOT" -path '*/target/*-reports/TEST-*.xml' -not -path '*/node_modules/*' -print0 2>/dev/null \
  | xargs -0 -r grep -h -o -m1 '<testsuite [^>]*>' \
  | awk 'function attr(n) { return match($0, n "=\"[0-9]+\"") ? substr($0, RSTART + length(n) + 2, RLENGTH - length(n) - 3) : 0 }
         { t += attr("tests"); f += attr("failures") + attr("errors"); s += attr("skipped") }
         END { printf "%d passed, %d failed, %d skipped", t - f - s, f, s }')
if [ "$mvn_status" -ne 0 ]; then
  echo "FAILED: mvn verify exited with $mvn_status"
else
  echo "OK: mvn verify passed"
fi
if [ -f "$report" ]; then
  grep -E '^  REGRESSION ' "$report" || true
  sed -n 's/^\(cpu\|webgpu\|check\|vulkan\): \([0-9]* passed, [0-9]* failed\)$/conformance \1: \2/p' "$report"
else
  echo "conformance: no report (the build failed before the runner could run)"
fi
echo "unit and integration tests: ${junit:-0 passed, 0 failed, 0 skipped}"
[ "$mvn_status" -eq 0 ] || exit 1
