#!/usr/bin/env bash
# Installs wavecc's build and test dependencies from Debian's packages when
# any is missing. Safe to run repeatedly: it does nothing when all are there.
# Needs root (or sudo) only when something is missing.
set -euo pipefail

PKGS=(llvm-19 llvm-19-dev llvm-19-tools clang-19 lld-19 libclc-19
      libzstd-dev zlib1g-dev libxml2-dev libedit-dev libffi-dev libncurses-dev
      libclang-rt-19-dev libclang-19-dev libclang-cpp19-dev oclgrind
      pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo python3-pyopencl
      clpeak clblast-tests clblast-utils
      cmake make gcc python3 python3-numpy)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# lit is a Python script shipped by llvm-19-tools; FileCheck too.
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
