#!/usr/bin/env bash
# A fresh Debian bookworm (debootstrap's minimal base) installs the package
# with `apt install ./torchlint_*.deb`, pulling only what the package
# declares, and lints examples/ without building anything, one file at a
# time: the seeded bugs as on the build machine (tests/e2e/examples.sh).
#
# Usage: fresh_install.sh BUILD_DIR SOURCE_DIR
# Needs root (for chroot), debootstrap and the Debian mirror apt already
# uses; exits 77 (skipped) when one is missing.
set -u
build=$(realpath "$1") src=$(realpath "$2")
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root for chroot"; exit 77; }
for tool in debootstrap cpack chroot; do
  command -v $tool >/dev/null || { echo "SKIP: $tool not installed"; exit 77; }
done
mirror=${TORCHLINT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# The mirror is probed first, so that only an unreachable mirror skips.
if command -v curl >/dev/null &&
   ! curl -fsS -m 20 -o /dev/null "$mirror/dists/bookworm/Release"; then
  echo "SKIP: $mirror is not reachable"; exit 77
fi

work=$(mktemp -d /tmp/torchlint-fresh-XXXXXX)
root=$work/root
cleanup() {
  umount "$root/proc" 2>/dev/null
  [ -n "${E2E_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $1"; [ -f "${2:-}" ] && tail -40 "$2"; exit 1; }

(cd "$build" && cpack -B "$work/pkg") >"$work/cpack.log" 2>&1 ||
  fail "cpack" "$work/cpack.log"
deb=$(ls "$work"/pkg/torchlint_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no torchlint_*.deb"

# The packages debootstrap downloads are kept in the build tree for the next
# run.
cache=$build/debootstrap-cache
mkdir -p "$cache"
debootstrap --variant=minbase --cache-dir="$cache" bookworm "$root" "$mirror" \
  >"$work/debootstrap.log" 2>&1 || fail "debootstrap" "$work/debootstrap.log"
# The suites this machine's apt uses (bookworm-updates, security), if any.
if [ -d /etc/apt/sources.list.d ] && ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
  rm -f "$root/etc/apt/sources.list"
  cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"
cp -r "$src/examples" "$root/tmp/examples"
cp "$src/tests/e2e/examples.sh" "$root/tmp/"

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root bash -c "$1"; }
# Only what the package declares: no recommended packages.
in_root "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
  --no-install-recommends /tmp/$(basename "$deb")" >"$work/apt.log" 2>&1 ||
  fail "apt install ./$(basename "$deb")" "$work/apt.log"
echo "PASS: apt install ./$(basename "$deb") on a fresh bookworm"
in_root "torchlint --version" | head -3

in_root "bash /tmp/examples.sh torchlint /tmp/examples /usr/include/torch/csrc/api/include" \
  >"$work/examples.log" 2>&1 || fail "torchlint over examples/" "$work/examples.log"
cat "$work/examples.log"
