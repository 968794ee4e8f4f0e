#!/usr/bin/env bash
# Runs torchlint over every C++ source of checkouts of public libtorch
# projects, with libtorch given by -isystem and by -I, and prints a table per
# include style: files, compile errors, crashes, hangs, time per file (median,
# max), peak RSS, warnings per check. A by-hand tool for docs/validation.md;
# the checkouts stay outside this repository.
#
# Usage: scripts/corpus-sweep.sh [options] DIR...
#   -j N             parallel runs (default: all cores)
#   --timeout S      per-file time limit in seconds (default 120); past it, a hang
#   --max-per-dir N  at most N sources of each DIR (default: all), evenly spread
#   --styles LIST    isystem,I (default both)
#   --no-pch         parse <torch/torch.h> in every file (slower; by default one
#                    precompiled <torch/torch.h> per style stands in for it)
#   --libtorch DIR   the libtorch to parse against: the unpacked zip
#                    (libtorch/), the torch wheel's package folder
#                    (site-packages/torch), any prefix with include/, or an
#                    unpacked .deb (DIR/usr/include); default: the system's
#                    (Debian's libtorch-dev in /usr/include)
#   --std STD        the language standard, c++17 (default) or c++20
#                    (Debian's libtorch 1.13 headers do not compile as C++20
#                    with clang; 2.x headers do)
# Each checkout is parsed with every folder of it that holds headers as -I
# (and their parents inside it), and OpenCV's headers when installed
# (libopencv-dev). A file with a fatal error (a missing #include) counts as a
# compile error; torchlint analyses nothing in it.
#   --out DIR        keep each run's output there (default: a temporary folder)
#   --torchlint BIN  (default: build/bin/torchlint beside this script)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 - "$here" "$@" <<'PY'
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

here = sys.argv[1]
ap = argparse.ArgumentParser(prog="corpus-sweep.sh")
ap.add_argument("dirs", nargs="+")
ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
ap.add_argument("--timeout", type=int, default=120)
ap.add_argument("--max-per-dir", type=int, default=0)
ap.add_argument("--styles", default="isystem,I")
ap.add_argument("--no-pch", action="store_true")
ap.add_argument("--out")
ap.add_argument("--torchlint", default=os.path.join(here, "build/bin/torchlint"))
ap.add_argument("--libtorch")
ap.add_argument("--std", default="c++17", choices=["c++17", "c++20"])
args = ap.parse_args(sys.argv[2:])

def libtorch_include(root):
    # The folder holding torch/csrc/api/include/torch/torch.h, in each
    # layout libtorch is shipped in.
    for inc in (os.path.join(root, "include"), os.path.join(root, "usr", "include"), root):
        if os.path.isfile(os.path.join(inc, "torch/csrc/api/include/torch/torch.h")):
            return os.path.abspath(inc)
    sys.exit(f"corpus-sweep.sh: no torch/csrc/api/include/torch/torch.h under {root}")

# The system's libtorch needs only its API folder (/usr/include is searched
# anyway); any other needs its include folder too.
TORCH_INC = libtorch_include(args.libtorch) if args.libtorch else None
TORCH_API = os.path.join(TORCH_INC or "/usr/include", "torch/csrc/api/include")

def libtorch_version():
    # Newer 2.x (2.15) keep the numbers in torch/headeronly/version.h.
    text = ""
    for path in (os.path.join(TORCH_API, "torch/version.h"),
                 os.path.join(TORCH_INC or "/usr/include", "torch/headeronly/version.h")):
        try:
            text += open(path).read()
        except OSError:
            pass
    parts = [re.search(rf"TORCH_VERSION_{p}\s+(\d+)", text) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(m.group(1) for m in parts if m) or "unknown"
CLANG = shutil.which("clang++-19") or "/usr/lib/llvm-19/bin/clang++"
SOURCES = (".cpp", ".cc", ".cxx")
out_root = args.out or tempfile.mkdtemp(prefix="corpus-sweep-")
os.makedirs(out_root, exist_ok=True)

def sources(root):
    found = []
    for d, subdirs, files in os.walk(root):
        subdirs[:] = sorted(s for s in subdirs if not s.startswith("."))
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(SOURCES)]
    if args.max_per_dir and len(found) > args.max_per_dir:
        step = len(found) / args.max_per_dir
        found = [found[int(i * step)] for i in range(args.max_per_dir)]
    return found

def header_dirs(root):
    # A project's own include roots: every folder holding headers, and its
    # parent (for "pkg/header.h" spellings); no build system is read.
    dirs = set()
    for d, subdirs, files in os.walk(root):
        subdirs[:] = [s for s in subdirs if not s.startswith(".")]
        if any(f.endswith((".h", ".hpp", ".hh", ".cuh")) for f in files):
            dirs.add(d)
            if d != root:
                dirs.add(os.path.dirname(d))
    return sorted(dirs)[:300]

opencv = ["-isystem", "/usr/include/opencv4"] if os.path.isdir("/usr/include/opencv4") else []

def libtorch_flags(style):
    flag = "-I" if style == "I" else "-isystem"
    return [x for d in [TORCH_API] + ([TORCH_INC] if TORCH_INC else []) for x in (flag, d)]

def build_pch(style):
    pch = os.path.join(out_root, f"torch-{style}.pch")
    cmd = [CLANG, "-x", "c++-header", f"-std={args.std}", *libtorch_flags(style),
           os.path.join(TORCH_API, "torch/torch.h"), "-o", pch]
    subprocess.run(cmd, check=True)
    return pch

def run_one(job):
    path, root, style, pch = job
    flags = [f"-std={args.std}", *libtorch_flags(style), *opencv]
    for d in header_dirs_of[root]:
        flags += ["-I", d]
    if pch:
        flags += ["-include-pch", pch]
    cmd = ["timeout", str(args.timeout), args.torchlint, "--checks=-*,torch-*",
           path, "--", *flags]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - start
    text = output.decode("utf-8", "replace")
    name = re.sub(r"[^A-Za-z0-9.+-]", "_", os.path.relpath(path, os.path.dirname(root)))
    with open(os.path.join(out_root, style, name + ".txt"), "w") as f:
        f.write(" ".join(cmd) + "\n" + text)
    rc = proc.returncode
    crashed = rc not in (0, 1, 124) or "Stack dump" in text or "PLEASE submit" in text
    warnings = {}
    for m in re.finditer(r": warning: .*\[(torch-[a-z-]+)\]$", text, re.M):
        warnings[m.group(1)] = warnings.get(m.group(1), 0) + 1
    return dict(path=path, style=style, seconds=elapsed, rss_kb=usage.ru_maxrss,
                hang=rc == 124, crash=crashed,
                compile_error=": error: " in text, warnings=warnings)

roots = [os.path.abspath(d) for d in args.dirs]
header_dirs_of = {r: header_dirs(r) for r in roots}
files = [(p, r) for r in roots for p in sources(r)]
results = []
for style in args.styles.split(","):
    os.makedirs(os.path.join(out_root, style), exist_ok=True)
    pch = None if args.no_pch else build_pch(style)
    jobs = [(p, r, style, pch) for p, r in files]
    done = 0
    with ThreadPoolExecutor(max_workers=args.j) as pool:
        for res in pool.map(run_one, jobs):
            results.append(res)
            done += 1
            if res["crash"] or res["hang"]:
                print(f"{'CRASH' if res['crash'] else 'HANG'} [{style}] {res['path']}",
                      file=sys.stderr)
            if sys.stderr.isatty():
                print(f"\r[{style}] {done}/{len(jobs)}", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)

checks = sorted({c for r in results for c in r["warnings"]})
print(f"corpus-sweep: libtorch {libtorch_version()} ({TORCH_INC or 'system'}), -std={args.std}")
print(f"corpus-sweep: {len(roots)} folders, {len(files)} files, "
      f"{'no PCH' if args.no_pch else 'precompiled <torch/torch.h>'}, "
      f"timeout {args.timeout}s, outputs in {out_root}")
print()
print("| libtorch by | files | compile errors | crashes | hangs | median s | max s | peak RSS MiB |"
      + "".join(f" {c} |" for c in checks))
print("|---|---|---|---|---|---|---|---|" + "---|" * len(checks))
for style in args.styles.split(","):
    rs = [r for r in results if r["style"] == style]
    secs = [r["seconds"] for r in rs]
    row = [f"-{style}", len(rs), sum(r["compile_error"] for r in rs),
           sum(r["crash"] for r in rs), sum(r["hang"] for r in rs),
           f"{statistics.median(secs):.1f}", f"{max(secs):.1f}",
           f"{max(r['rss_kb'] for r in rs) / 1024:.0f}"]
    row += [sum(r["warnings"].get(c, 0) for r in rs) for c in checks]
    print("| " + " | ".join(str(x) for x in row) + " |")
print()
print("| folder | files | compile errors | crashes | hangs | warnings |")
print("|---|---|---|---|---|---|")
for root in roots:
    for style in args.styles.split(","):
        rs = [r for r in results if r["style"] == style and r["path"].startswith(root + "/")]
        print(f"| {os.path.basename(root)} (-{style}) | {len(rs)} | "
              f"{sum(r['compile_error'] for r in rs)} | {sum(r['crash'] for r in rs)} | "
              f"{sum(r['hang'] for r in rs)} | {sum(sum(r['warnings'].values()) for r in rs)} |")
bad = sum(r["crash"] or r["hang"] for r in results)
sys.exit(1 if bad else 0)
PY
