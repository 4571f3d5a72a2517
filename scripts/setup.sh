#!/usr/bin/env bash
# setup.sh -- install the Debian packages scord needs (docs/spec/toolchain.md), only
# those missing, then configure and build into build/.  Safe to run again: with every
# package present it installs nothing and only rebuilds what changed.
#   scripts/setup.sh [--no-build | --target T...] [extra cmake -D options]
#   --target T   build only target T (repeatable; scripts/run.sh builds what the main job runs)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
pkgs=(build-essential cmake pkg-config zlib1g-dev libsystemc-dev verilator yosys z3 opensta
      qflow-tech-osu018 iverilog nextpnr-ice40 fpga-icestorm gnuplot-nox clang
      slurm-wlm slurmctld slurmd slurm-client munge valgrind python3)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi
[ "${1:-}" = "--no-build" ] && exit 0
targets=()
cmake_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --target) [ $# -ge 2 ] || { echo "setup.sh: --target needs a target name" >&2; exit 2; }
              targets+=(--target "$2"); shift 2 ;;
    *) cmake_args+=("$1"); shift ;;
  esac
done
# Every part on, explicitly: a build/ configured earlier with parts off must not hide them.
cmake -S "$here" -B "$here/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCORD_SANITIZE=OFF -DSCORD_FUZZ=OFF \
  -DSCORD_WITH_RTL=ON -DSCORD_WITH_TLM=ON -DSCORD_WITH_SYNTH=ON "${cmake_args[@]}" >/dev/null
cmake --build "$here/build" -j"$(nproc)" "${targets[@]}"
