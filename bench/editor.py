#!/usr/bin/env python3
"""How long the editor takes to show a file's first diagnostics (torchlint-clangd).

For each FILE of the compile database in BUILD, a fresh torchlint-clangd opens it and the
time from didOpen to its first textDocument/publishDiagnostics is taken, in three modes:

  own     TORCHLINT_CACHE_DIR=none: clangd builds the file's whole preamble itself, as
          stock clangd does;
  first   an empty cache: the first file of each flag set builds the shared libtorch
          preamble, later files of the set start from it;
  cached  the same cache again (a new editor session, or another file of the project).

The torch-* diagnostics of each file must be the same in every mode. Prints the median
and largest latency per mode and the peak RSS of the clangd processes. Runs one clangd at
a time; the user's clangd configuration is not read (a temporary one adds torch-*).

  bench/editor.py --clangd build/bin/torchlint-clangd -p WORKDIR/pytorch-cpp/build FILE...
"""
import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e"))
from lsp_session import LspServer, path_to_uri  # noqa: E402


def first_diagnostics(clangd, build, path, cache, config_home, timeout):
    """Seconds to the first diagnostics of PATH, and the torch-* ones."""
    env = dict(os.environ, XDG_CONFIG_HOME=config_home, TORCHLINT_CACHE_DIR=cache)
    env.pop("CLANGD_FLAGS", None)
    argv = [clangd, "--compile-commands-dir=" + build, "--background-index=false",
            "--clang-tidy", "--log=error"]
    with tempfile.NamedTemporaryFile(suffix=".log") as log:
        server = LspServer(argv, os.path.dirname(path), env, log.name)
        deadline = time.monotonic() + timeout
        try:
            rid = server.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                                "capabilities": {}})
            server.wait_response(rid, deadline, lambda m: None)
            server.notify("initialized", {})
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            uri = path_to_uri(path)
            opened = time.monotonic()
            server.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "cpp", "version": 1, "text": text}})
            while True:
                msg = server.recv(deadline)
                if (msg.get("method") == "textDocument/publishDiagnostics"
                        and msg["params"].get("uri") == uri):
                    seconds = time.monotonic() - opened
                    torch = sorted((d["range"]["start"]["line"] + 1, d.get("code", ""))
                                   for d in msg["params"]["diagnostics"]
                                   if str(d.get("code", "")).startswith("torch-"))
                    return seconds, torch
        finally:
            server.close(time.monotonic() + 10)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clangd", required=True)
    p.add_argument("-p", "--build", required=True, help="folder of compile_commands.json")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("files", nargs="+")
    args = p.parse_args()
    clangd = os.path.abspath(args.clangd)
    build = os.path.abspath(args.build)
    files = [os.path.abspath(f) for f in args.files]
    with tempfile.TemporaryDirectory() as scratch:
        config_home = os.path.join(scratch, "config")
        os.makedirs(os.path.join(config_home, "clangd"))
        with open(os.path.join(config_home, "clangd", "config.yaml"), "w") as f:
            f.write("Diagnostics:\n  ClangTidy:\n    Add: [torch-*]\n"
                    "    FastCheckFilter: Loose\n")
        cache = os.path.join(scratch, "cache")
        results = {}
        for mode, cache_dir in (("own", "none"), ("first", cache), ("cached", cache)):
            for path in files:
                seconds, torch = first_diagnostics(clangd, build, path, cache_dir,
                                                   config_home, args.timeout)
                results.setdefault(mode, []).append((path, seconds, torch))
                print(f"{mode:6} {seconds:6.2f} s  {len(torch)} torch-*  "
                      f"{os.path.relpath(path)}", flush=True)
    print()
    for mode, rows in results.items():
        times = [s for _, s, _ in rows]
        print(f"{mode:6} median {statistics.median(times):6.2f} s, largest {max(times):6.2f} s "
              f"over {len(rows)} files")
    same = all(results["own"][i][2] == results[m][i][2]
               for m in ("first", "cached") for i in range(len(files)))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS of a clangd: {peak:.0f} MiB; torch-* diagnostics "
          f"{'the same in every mode' if same else 'DIFFER between modes'}")
    return 0 if same else 3


if __name__ == "__main__":
    sys.exit(main())
