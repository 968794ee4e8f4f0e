#!/usr/bin/env bash
# Installs everything torchlint needs from Debian bookworm's packages, then the pinned
# PyTorch 2.x that the tests also run against (scripts/install-libtorch2.sh, from PyPI).
# Idempotent: does nothing when every package is already installed.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

PACKAGES=(
  cmake ninja-build g++ python3 git
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools clang-tidy-19 clang-format-19 clang-tools-19 clangd-19
  libgrpc++-dev libabsl-dev libprotobuf-dev
  libtorch-dev libyaml-cpp-dev libgtest-dev googletest
  curl nginx pre-commit python3-yaml python3-pip lintian dpkg-dev debootstrap
  clang-tidy-14  # only for the test that the plugin refuses another LLVM
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exec bash "$HERE/install-libtorch2.sh"
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root (missing: ${missing[*]})" >&2; exit 1; }
  SUDO=sudo
fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
bash "$HERE/install-libtorch2.sh"
