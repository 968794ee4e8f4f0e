#!/usr/bin/env bash
# Installs the pinned PyTorch 2.x of scripts/libtorch2-requirements.txt into .deps/libtorch2,
# laid out as pip lays out site-packages (torch/ beside nvidia/, which libtorch's RPATH expects).
# Writes .deps/libtorch2/libtorch2.cmake, an initial cache for `cmake -C` that points
# find_package(Torch) at it. Idempotent: does nothing when the pinned set is already there.
#
#   scripts/install-libtorch2.sh        # from anywhere
#
# TORCHLINT_LIBTORCH2=0 skips it (the 2.x tests then report that they did not run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQUIREMENTS="$ROOT/scripts/libtorch2-requirements.txt"
DEPS="$ROOT/.deps"
PREFIX="$DEPS/libtorch2"
STAMP="$PREFIX/.installed"
PYTHON="${PYTHON:-python3}"
# Debian's python3 has pip from python3-pip; another python3 first on PATH may lack it.
if ! "$PYTHON" -m pip --version >/dev/null 2>&1 && [[ -x /usr/bin/python3 ]]; then
  PYTHON=/usr/bin/python3
fi

if [[ "${TORCHLINT_LIBTORCH2:-1}" == "0" ]]; then
  echo "install-libtorch2: skipped (TORCHLINT_LIBTORCH2=0)"
  exit 0
fi
want="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  echo "install-libtorch2: $(cat "$PREFIX/VERSION") present in $PREFIX"
  exit 0
fi

# The wheels are for Linux x86_64 and CPython 3.11 whatever this machine runs: only their
# libtorch is used. pip checks every file against the pinned hash.
mkdir -p "$DEPS/wheels"
platforms=()
for tag in manylinux_2_28 manylinux_2_27 manylinux_2_25 manylinux_2_18 manylinux_2_17 manylinux2014 \
  manylinux_2_12 manylinux2010 manylinux_2_5 manylinux1; do
  platforms+=(--platform "${tag}_x86_64")
done
"$PYTHON" -m pip download --quiet --no-deps --require-hashes --only-binary=:all: \
  "${platforms[@]}" --python-version 3.11 --implementation cp \
  -r "$REQUIREMENTS" -d "$DEPS/wheels"

rm -rf "$PREFIX"
mkdir -p "$PREFIX"
"$PYTHON" - "$REQUIREMENTS" "$DEPS/wheels" "$PREFIX" <<'EOF'
import pathlib, re, sys, zipfile
requirements, wheels, prefix = (pathlib.Path(a) for a in sys.argv[1:])
for line in requirements.read_text().splitlines():
    match = re.match(r"([A-Za-z0-9_.-]+)==([^ ]+)", line)
    if not match:
        continue
    name = match.group(1).replace("-", "_")
    (wheel,) = wheels.glob(f"{name}-{match.group(2)}-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.infolist():
            path = member.filename
            # torch's Python half is not needed; of the NVIDIA wheels, everything but metadata.
            if name == "torch":
                keep = path.startswith(("torch/lib/", "torch/include/", "torch/share/"))
            else:
                keep = ".dist-info/" not in path
            if keep:
                target = pathlib.Path(archive.extract(member, prefix))
                if member.external_attr >> 16 & 0o111:
                    target.chmod(0o755)
EOF

version="$(sed -n 's/^torch==\([^ ]*\).*/\1/p' "$REQUIREMENTS")"
echo "$version" >"$PREFIX/VERSION"
# The prefix itself is listed too, or a system libtorch (Debian's libtorch-dev) would be found
# first for the libraries TorchConfig.cmake looks up by name (c10).
# The NVIDIA libraries are found through libtorch's RPATH at run time; at link time a system
# CUDA toolkit's older copies (NCCL) would come first without -rpath-link.
rpath_link="$(find "$PREFIX/nvidia" -mindepth 2 -maxdepth 2 -type d -name lib | sort | paste -sd:)"
# The wheel is a CUDA build: its CMake package needs a CUDA toolkit (nvcc) to configure.
toolkit=""
if ! command -v nvcc >/dev/null 2>&1; then
  for cuda in /usr/local/cuda /usr/local/cuda-*; do
    [[ -x "$cuda/bin/nvcc" ]] && { toolkit="$cuda"; break; }
  done
  [[ -n "$toolkit" ]] ||
    echo "install-libtorch2: no CUDA toolkit (nvcc): find_package(Torch) of this PyTorch will fail" >&2
fi
cat >"$PREFIX/libtorch2.cmake" <<EOF
# Initial cache (cmake -C) for building against the PyTorch $version of scripts/install-libtorch2.sh.
set(CMAKE_PREFIX_PATH "$PREFIX/torch/share/cmake;$PREFIX/torch" CACHE PATH "PyTorch $version")
set(CMAKE_EXE_LINKER_FLAGS "-Wl,-rpath-link,$rpath_link" CACHE STRING "")
set(CMAKE_SHARED_LINKER_FLAGS "-Wl,-rpath-link,$rpath_link" CACHE STRING "")
${toolkit:+set(CUDAToolkit_ROOT "$toolkit" CACHE PATH "")}
EOF
echo "$want" >"$STAMP"
echo "install-libtorch2: PyTorch $version installed in $PREFIX"
