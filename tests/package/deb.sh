#!/usr/bin/env bash
# The Debian package: cpack makes it from the build, it declares what it needs,
# lintian finds no error in it, and the e2e tests pass against the binaries,
# plugin and runtime unpacked from it (dpkg-deb -x into a scratch root), a
# find_package(torchlint) consumer included.
#
# Usage: deb.sh BUILD_DIR SOURCE_DIR FAKE_INCLUDE TORCH_INCLUDE TORCH_PCH TORCH_DIR
# Exits 77 when dpkg-deb or lintian is missing.
set -u
build=$1 src=$2 fake_inc=$3 torch_inc=$4 torch_pch=$5 torch_dir=$6
for tool in dpkg-deb dpkg-shlibdeps lintian cpack; do
  command -v $tool >/dev/null || { echo "SKIP: $tool not installed"; exit 77; }
done
work=$(mktemp -d /tmp/torchlint-deb-XXXXXX)
[ -n "${E2E_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
pass=0 fail=0
step() { # name, command...
  local name=$1; shift
  local log="$work/$(echo "$name" | tr -c 'a-zA-Z0-9' _).log"
  if "$@" >"$log" 2>&1; then echo "PASS: $name"; pass=$((pass+1))
  else echo "FAIL: $name"; tail -40 "$log"; fail=$((fail+1)); fi
}

# Package the build as it is (cpack runs its install step into a staging dir).
(cd "$build" && cpack -B "$work/pkg") >"$work/cpack.log" 2>&1 ||
  { echo "FAIL: cpack"; tail -40 "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/pkg/torchlint_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "FAIL: no torchlint_*.deb"; exit 1; }
echo "package: $(basename "$deb")"

depends=$(dpkg-deb -f "$deb" Depends)
declared() {
  for pkg in libllvm19 libclang-cpp19 libyaml-cpp0.7 libclang-common-19-dev \
             libstdc++-12-dev libc6-dev libtorch-dev; do
    grep -q "\\b$pkg\\b" <<<"$depends" || { echo "missing dependency $pkg in: $depends"; return 1; }
  done
}
step "declares LLVM 19, clang 19, the C/C++ headers, yaml-cpp and libtorch" declared
contents() {
  local listing; listing=$(dpkg-deb -c "$deb")
  for f in usr/bin/torchlint usr/bin/torchlint-run usr/bin/torchlint-clangd \
           usr/lib/torchlint/libTorchlintPlugin.so usr/lib/libtorchlint_runtime.a \
           usr/include/torchlint/torchlint.h usr/lib/cmake/torchlint/torchlintConfig.cmake \
           usr/share/doc/torchlint/checks/torch-mixed-device-op.md \
           usr/share/torchlint/cuda-headers/texture_fetch_functions.h \
           usr/share/doc/torchlint/copyright usr/share/doc/torchlint/changelog.gz; do
    grep -q "\./$f\$" <<<"$listing" || { echo "not in the package: $f"; return 1; }
  done
}
step "holds binaries, plugin, runtime, headers, CMake files, docs" contents
step "lintian reports no error" lintian --fail-on error --tag-display-limit 0 "$deb"

root=$work/root
dpkg-deb -x "$deb" "$root"
# apt would install libclang-common-19-dev (a dependency) beside it: clang's
# built-in headers, found from the binary's own prefix.
ln -s /usr/lib/clang "$root/usr/lib/clang"
bin=$root/usr/bin e2e=$src/tests/e2e input=$e2e/inputs/factory.cpp
step "torchlint --version" "$bin/torchlint" --version
step "torchlint (CI run)" "$e2e/run_e2e.sh" ci "$bin/torchlint" "$input" "$fake_inc"
step "torchlint --fix" "$e2e/run_e2e.sh" fix "$bin/torchlint" "$input" "$fake_inc"
step "plugin in clang-tidy-19" "$e2e/run_e2e.sh" plugin "$(command -v clang-tidy-19)" \
  "$root/usr/lib/torchlint/libTorchlintPlugin.so" "$input" "$fake_inc"
step "torchlint-clangd in an LSP session" "$e2e/run_e2e.sh" lsp "$bin/torchlint-clangd" "$input" "$fake_inc"
step "torchlint-run on the examples" "$e2e/run_driver.sh" project "$bin/torchlint-run" \
  "$bin/torchlint" "$src/examples" "$torch_inc" "$torch_pch"
sarif_links() { # the SARIF rule links open the pages unpacked with the binary
  mkdir -p "$work/sarif" && cp "$input" "$work/sarif/factory.cpp" &&
  printf '[{"directory": "%s", "file": "factory.cpp", "arguments": ["clang++", "-std=c++17", "-I%s", "-c", "factory.cpp"]}]\n' \
    "$work/sarif" "$fake_inc" > "$work/sarif/compile_commands.json" &&
  # One helper file whose callers are elsewhere: reported as torchlint does.
  (cd "$work/sarif" && "$bin/torchlint-run" -p . --no-cache --checks='-*,torch-*' \
     --project-callers=false --format sarif --output report.sarif); [ $? -le 1 ] || return 1
  grep -q "\"helpUri\": *\"file://$root/usr/share/doc/torchlint/checks/torch-factory-without-device.md" \
    "$work/sarif/report.sarif" || { grep -m3 helpUri "$work/sarif/report.sarif"; return 1; }
}
step "SARIF links to the unpacked pages" sarif_links
consumer() {
  cmake -S "$src/tests/runtime/consumer" -B "$work/consumer" -G Ninja \
    -DCMAKE_PREFIX_PATH="$root/usr" -DTorch_DIR="$torch_dir" &&
  cmake --build "$work/consumer" && "$work/consumer/torchlint_consumer"
}
step "find_package(torchlint) consumer builds and runs" consumer

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
