#!/usr/bin/env python3
"""End-to-end LSP test of a clangd binary (stdlib only).

Starts a clangd (e.g. torchlint-clangd), opens one source file in a fresh temporary
workspace, waits for textDocument/publishDiagnostics to carry a diagnostic whose
`code` is the expected clang-tidy check, asks textDocument/codeAction for it and checks
that a returned action carries a WorkspaceEdit whose new text contains a given string.
Then shuts the server down (shutdown + exit) and kills it if it does not go.

Why LSP and not `clangd --check`: --check prints only errors unless --check-warnings is
given, and it does not exercise the code-action (fix-it) path the editor uses.

The workspace is a temp dir holding a copy of the source, a compile_flags.txt (or, with
--compile-command, a compile_commands.json) and,
depending on --setup, a `.clangd` and/or `.clang-tidy`:

  --setup clangd       (default) .clangd with `Diagnostics: ClangTidy: Add: [<code>]`
                       and `FastCheckFilter: <--fast-check-filter>` (default Loose;
                       pass `omit` to leave the key out, i.e. clangd's default Strict).
  --setup clang-tidy   only a .clang-tidy with `Checks: '-*,<code>'` -- the config a
                       project already has for CI. No clangd-specific config at all:
                       tests whether the binary runs the check with no extra setup.
  --setup none         no config files at all (only compile_flags.txt).
  --config-dir DIR     additionally copy every regular file of DIR (e.g. .clangd,
                       .clang-tidy) into the workspace, overriding generated ones.

The child clangd gets XDG_CONFIG_HOME pointing at an empty temp dir so that the
tester's own ~/.config/clangd/config.yaml cannot change the result (test hermeticity;
this only affects the test's child process).

Exit status: 0 pass, 1 expectation failed, 2 usage / infrastructure error.

Example:
  lsp_session.py --clangd build/bin/torchlint-clangd --file tests/e2e/inputs/factory.cpp \
      --expect-code torch-factory-without-device --expect-fix-substring device \
      --flag=-std=c++17 --flag=-Ibuild/fake-libtorch/include
"""

import argparse
import json
import os
import queue
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

PREFIX = "lsp_session:"
_LIVE = {}  # the running server, for the watchdog


def log(msg):
    print(f"{PREFIX} {msg}", file=sys.stderr, flush=True)


class Failure(Exception):
    """An expectation failed (exit 1)."""


class InfraError(Exception):
    """The server or the harness misbehaved (exit 2)."""


def path_to_uri(path):
    return urllib.parse.urljoin("file:", urllib.request.pathname2url(os.path.abspath(path)))


class LspServer:
    """Minimal JSON-RPC-over-stdio client with a reader thread."""

    def __init__(self, argv, cwd, env, stderr_path):
        self.stderr_file = open(stderr_path, "wb")
        try:
            self.proc = subprocess.Popen(
                argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self.stderr_file, start_new_session=True)
        except OSError as e:
            raise InfraError(f"cannot start {argv[0]}: {e}")
        self.next_id = 1
        self.inbox = queue.Queue()
        self.write_lock = threading.Lock()
        self.reader = threading.Thread(target=self._read_loop, daemon=True)
        self.reader.start()

    # ---- wire ----
    def _read_loop(self):
        out = self.proc.stdout
        try:
            while True:
                headers = {}
                while True:
                    line = out.readline()
                    if not line:
                        self.inbox.put(None)
                        return
                    line = line.strip()
                    if not line:
                        break
                    k, _, v = line.decode("ascii", "replace").partition(":")
                    headers[k.strip().lower()] = v.strip()
                n = int(headers.get("content-length", "0"))
                body = out.read(n)
                if len(body) < n:
                    self.inbox.put(None)
                    return
                self.inbox.put(json.loads(body.decode("utf-8")))
        except Exception as e:  # pragma: no cover - reported via inbox
            self.inbox.put({"__reader_error__": repr(e)})

    def _send(self, msg):
        data = json.dumps(msg).encode("utf-8")
        with self.write_lock:
            try:
                self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError) as e:
                raise InfraError(f"server stdin closed ({e}); exit code {self.proc.poll()}")

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    def recv(self, deadline):
        """Next message, or raises InfraError on EOF / timeout."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        try:
            msg = self.inbox.get(timeout=remaining)
        except queue.Empty:
            raise TimeoutError
        if msg is None:
            raise InfraError(f"server closed its output (exit code {self.proc.poll()})")
        if "__reader_error__" in msg:
            raise InfraError(f"bad message from server: {msg['__reader_error__']}")
        # Answer server->client requests so the server never waits on us.
        if "method" in msg and "id" in msg:
            result = None
            if msg["method"] == "workspace/configuration":
                result = [None] * len(msg.get("params", {}).get("items", []))
            self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
        return msg

    def wait_response(self, rid, deadline, on_other):
        while True:
            msg = self.recv(deadline)
            if msg.get("id") == rid and "method" not in msg:
                if "error" in msg:
                    raise InfraError(f"request {rid} failed: {msg['error']}")
                return msg.get("result")
            on_other(msg)

    def close(self, deadline):
        """shutdown + exit, then make sure the process is gone."""
        code = None
        try:
            if self.proc.poll() is None:
                rid = self.request("shutdown", None)
                try:
                    self.wait_response(rid, min(deadline, time.monotonic() + 5), lambda m: None)
                except (TimeoutError, InfraError):
                    pass
                self.notify("exit", None)
                self.proc.stdin.close()
            code = self.proc.wait(timeout=max(1.0, min(5.0, deadline - time.monotonic())))
        except (subprocess.TimeoutExpired, InfraError, OSError, ValueError):
            pass
        finally:
            self.kill()
        return code

    def kill(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)  # own session: only clangd and its children
            except OSError:
                self.proc.kill()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.stderr_file.close()


def apply_edits(text, edits):
    """Apply LSP TextEdits (UTF-16 positions; fine for ASCII test inputs)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln))

    def off(pos):
        line = pos["line"]
        if line >= len(lines):
            return len(text)
        return starts[line] + pos["character"]

    for e in sorted(edits, key=lambda e: (off(e["range"]["start"]), off(e["range"]["end"])),
                    reverse=True):
        a, b = off(e["range"]["start"]), off(e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text


def edits_for_uri(edit, uri):
    """TextEdits for `uri` from a WorkspaceEdit (changes or documentChanges)."""
    out = []
    if not edit:
        return out
    for u, edits in (edit.get("changes") or {}).items():
        if u == uri:
            out.extend(edits)
    for dc in edit.get("documentChanges") or []:
        if "textDocument" in dc and dc["textDocument"].get("uri") == uri:
            out.extend(dc.get("edits", []))
    return out


def all_new_texts(edit):
    texts = []
    if not edit:
        return texts
    for edits in (edit.get("changes") or {}).values():
        texts.extend(e.get("newText", "") for e in edits)
    for dc in edit.get("documentChanges") or []:
        texts.extend(e.get("newText", "") for e in dc.get("edits", []))
    return texts


def fmt_diag(d):
    r = d.get("range", {}).get("start", {})
    return (f"  {r.get('line', 0) + 1}:{r.get('character', 0) + 1} "
            f"[{d.get('source', '?')}/{d.get('code', '-')}] {d.get('message', '')}")


def write_workspace(args, ws, src_name):
    shutil.copyfile(args.file, os.path.join(ws, src_name))
    if args.compile_command:
        src = os.path.join(ws, src_name)
        with open(os.path.join(ws, "compile_commands.json"), "w") as f:
            json.dump([{"directory": ws, "file": src,
                        "command": args.compile_command.replace("{file}", shlex.quote(src))}], f)
    flags = list(args.flag)
    if flags:
        with open(os.path.join(ws, "compile_flags.txt"), "w") as f:
            f.write("\n".join(flags) + "\n")
    code = args.expect_code
    if args.setup == "clangd":
        lines = ["Diagnostics:", "  ClangTidy:", f"    Add: [{code}]"]
        if args.fast_check_filter != "omit":
            lines.append(f"    FastCheckFilter: {args.fast_check_filter}")
        with open(os.path.join(ws, ".clangd"), "w") as f:
            f.write("\n".join(lines) + "\n")
    elif args.setup == "clang-tidy":
        with open(os.path.join(ws, ".clang-tidy"), "w") as f:
            f.write(f"Checks: '-*,{code}'\n")
    if args.config_dir:
        for name in os.listdir(args.config_dir):
            p = os.path.join(args.config_dir, name)
            if os.path.isfile(p):
                shutil.copyfile(p, os.path.join(ws, name))


def run(args):
    clangd = shutil.which(args.clangd) or args.clangd
    clangd = os.path.abspath(clangd)  # the server runs with cwd = the temp workspace
    if not (os.path.isfile(clangd) and os.access(clangd, os.X_OK)):
        raise InfraError(f"clangd binary not found or not executable: {args.clangd}")
    if not os.path.isfile(args.file):
        raise InfraError(f"source file not found: {args.file}")
    # Resolve relative -I paths against the caller's cwd (the workspace is elsewhere).
    fixed = []
    for fl in args.flag:
        for pfx in ("-I", "-isystem"):
            if fl.startswith(pfx) and len(fl) > len(pfx) and not os.path.isabs(fl[len(pfx):]):
                fl = pfx + os.path.abspath(fl[len(pfx):])
        fixed.append(fl)
    args.flag = fixed

    start = time.monotonic()
    deadline = start + args.timeout
    ws = tempfile.mkdtemp(prefix="torchlint-lsp-")
    ok = False
    server = None
    try:
        src_name = os.path.basename(args.file)
        write_workspace(args, ws, src_name)
        xdg = os.path.join(ws, ".xdg-empty")  # hermetic: no user clangd config
        os.mkdir(xdg)
        src = os.path.join(ws, src_name)
        uri = path_to_uri(src)
        with open(src, encoding="utf-8") as f:
            text = f.read()

        argv = [clangd, "--log=" + args.log, "--background-index=false", "--clang-tidy"]
        argv += args.clangd_args
        env = dict(os.environ)
        env["XDG_CONFIG_HOME"] = xdg
        # The editor's libtorch preambles go to the user's cache unless
        # TORCHLINT_CACHE_DIR names one: keep them out of the tester's.
        env["XDG_CACHE_HOME"] = os.path.join(ws, ".xdg-cache")
        env.pop("CLANGD_FLAGS", None)
        stderr_path = os.path.join(ws, ".clangd-stderr.log")
        log(f"workspace {ws} (setup={args.setup})")
        log("server: " + " ".join(argv))
        server = LspServer(argv, args.server_cwd or ws, env, stderr_path)
        _LIVE["server"] = server

        diags_seen = []  # (seconds since didOpen, version, diagnostics) for our uri
        opened_at = [time.monotonic()]

        def on_other(msg):
            if msg.get("method") == "textDocument/publishDiagnostics":
                p = msg.get("params", {})
                if p.get("uri") == uri:
                    diags_seen.append((time.monotonic() - opened_at[0], p.get("version"),
                                       p.get("diagnostics", [])))

        caps = {
            "textDocument": {
                "publishDiagnostics": {
                    "relatedInformation": True, "codeDescriptionSupport": True,
                    "versionSupport": True, "tagSupport": {"valueSet": [1, 2]},
                },
                "codeAction": {
                    "codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
                        "", "quickfix", "refactor", "refactor.extract", "refactor.inline",
                        "refactor.rewrite", "source", "source.organizeImports"]}},
                    "isPreferredSupport": True,
                },
                "synchronization": {"didSave": True},
            },
            "workspace": {"workspaceEdit": {"documentChanges": args.document_changes},
                          "configuration": False},
            "window": {"workDoneProgress": False},
        }
        rid = server.request("initialize", {
            "processId": os.getpid(), "rootUri": path_to_uri(ws),
            "workspaceFolders": [{"uri": path_to_uri(ws), "name": "ws"}],
            "capabilities": caps, "initializationOptions": {}})
        init = server.wait_response(rid, deadline, on_other)
        info = (init or {}).get("serverInfo", {})
        log(f"initialized: {info.get('name', '?')} {info.get('version', '')}".rstrip())
        server.notify("initialized", {})
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cpp", "version": 1, "text": text}})
        opened_at[0] = time.monotonic()

        # ---- wait for the diagnostic ----
        target = None
        target_t = None
        settle_until = None
        while True:
            for t_pub, _, diags in diags_seen:
                for d in diags:
                    if (d.get("code") == args.expect_code or args.expect_code == "any") and \
                            args.expect_message_substring in d.get("message", ""):
                        target, target_t = d, t_pub
            if target is not None:
                break
            if diags_seen and settle_until is None:
                # clangd publishes the complete set for a version after each AST build.
                # Once a publish lacks the diagnostic, wait only a little for a re-publish
                # (--settle for negative tests, --grace otherwise) instead of the timeout.
                settle_until = time.monotonic() + (args.settle if args.expect_absent
                                                   else args.grace)
            if settle_until is not None and time.monotonic() >= settle_until:
                break
            try:
                wait_until = deadline if settle_until is None else min(deadline, settle_until)
                on_other(server.recv(wait_until))
            except TimeoutError:
                if settle_until is not None and time.monotonic() >= settle_until:
                    continue
                break

        def dump_diags():
            if not diags_seen:
                print("  (no textDocument/publishDiagnostics for the file was received)")
            for t, v, diags in diags_seen:
                print(f" publish {t:.1f}s after didOpen (version {v}), {len(diags)} diagnostic(s):")
                for d in diags:
                    print(fmt_diag(d))

        if args.expect_absent:
            if target is not None:
                dump_diags()
                raise Failure(f"diagnostic [{args.expect_code}] appeared but --expect-absent")
            if not diags_seen:
                raise Failure("no diagnostics were published within the timeout; "
                              "cannot conclude the check is absent")
            dump_diags()
            print(f"{PREFIX} OK: [{args.expect_code}] absent as expected")
            ok = True
            return 0

        if target is None:
            dump_diags()
            if diags_seen:
                raise Failure(f"no diagnostic with code [{args.expect_code}]: clangd published "
                              f"diagnostics without it and none within {args.grace:.0f}s more "
                              f"(is the check enabled, and not dropped by FastCheckFilter?)")
            raise Failure(f"no diagnostics published within {args.timeout:.0f}s")
        log(f"diagnostic {target_t:.1f}s after didOpen: {fmt_diag(target).strip()}")
        href = (target.get("codeDescription") or {}).get("href")
        if href:
            log(f"codeDescription: {href}")
        if args.expect_href_substring is not None and \
                args.expect_href_substring not in (href or ""):
            raise Failure(f"the diagnostic's link {href!r} lacks {args.expect_href_substring!r}")
        if args.expect_href_substring is not None and href.startswith("file://"):
            page = urllib.parse.unquote(urllib.parse.urlparse(href).path)
            if not os.path.isfile(page):
                raise Failure(f"the diagnostic's link {href!r} names no file")

        # ---- code action ----
        if args.expect_fix_substring is not None:
            rid = server.request("textDocument/codeAction", {
                "textDocument": {"uri": uri}, "range": target["range"],
                "context": {"diagnostics": [target], "only": ["quickfix"]}})
            actions = server.wait_response(rid, deadline, on_other) or []
            matched = None
            for a in actions:
                if "edit" not in a:  # a Command, or a lazy action
                    continue
                if any(args.expect_fix_substring in t for t in all_new_texts(a["edit"])):
                    matched = a
                    break
            if matched is None:
                print(json.dumps(actions, indent=1)[:4000])
                raise Failure(f"no code action with a WorkspaceEdit whose new text contains "
                              f"{args.expect_fix_substring!r} ({len(actions)} action(s))")
            fixed = apply_edits(text, edits_for_uri(matched["edit"], uri))
            log(f"code action: {matched.get('title')!r} "
                f"(kind={matched.get('kind')}, preferred={matched.get('isPreferred')})")
            changed = [ln for ln in fixed.splitlines() if ln not in text.splitlines()]
            for ln in changed:
                log(f"  fixed line: {ln.strip()}")
            if args.expect_fixed_substring and args.expect_fixed_substring not in fixed:
                print(fixed)
                raise Failure(f"fixed text lacks {args.expect_fixed_substring!r}")
        print(f"{PREFIX} OK: [{args.expect_code}] diagnosed"
              + ("" if args.expect_fix_substring is None else " and fix-it offered"))
        ok = True
        return 0
    finally:
        if server is not None:
            code = server.close(time.monotonic() + 15)
            if code not in (0, None):
                log(f"server exit code {code}")
            try:
                with open(os.path.join(ws, ".clangd-stderr.log"), errors="replace") as f:
                    err = f.read().strip()
            except OSError:
                err = ""
            if err and (not ok or args.verbose):
                print(f"{PREFIX} --- clangd stderr (last 60 lines) ---", file=sys.stderr)
                print("\n".join(err.splitlines()[-60:]), file=sys.stderr)
        if args.keep:
            log(f"kept workspace {ws}")
        else:
            shutil.rmtree(ws, ignore_errors=True)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="Arguments after `--` are passed to clangd.")
    p.add_argument("--clangd", required=True, help="clangd binary (e.g. torchlint-clangd)")
    p.add_argument("--file", required=True, help="source file to open (copied to a temp dir)")
    p.add_argument("--expect-code", required=True,
                   help="expected diagnostic code (check name), or 'any'")
    p.add_argument("--server-cwd", default=None,
                   help="start clangd in this directory (default: the workspace), as an "
                        "editor started elsewhere would")
    p.add_argument("--expect-message-substring", default="",
                   help="the diagnostic's message must contain this")
    p.add_argument("--expect-href-substring", default=None,
                   help="the diagnostic's codeDescription link must contain this")
    p.add_argument("--expect-fix-substring", default=None,
                   help="a code action's WorkspaceEdit new text must contain this")
    p.add_argument("--expect-fixed-substring", default=None,
                   help="the file after applying that edit must contain this")
    p.add_argument("--expect-absent", action="store_true",
                   help="pass only if the diagnostic does NOT appear (negative test)")
    p.add_argument("--settle", type=float, default=5.0,
                   help="with --expect-absent: seconds to wait after the first publish")
    p.add_argument("--grace", type=float, default=20.0,
                   help="after a publish without the diagnostic, wait this long for another")
    p.add_argument("--flag", action="append", default=[],
                   help="compile flag for compile_flags.txt (repeatable; use --flag=-I...)")
    p.add_argument("--compile-command", default=None,
                   help="the file's command in a compile_commands.json, {file} standing for its path")
    p.add_argument("--setup", choices=["clangd", "clang-tidy", "none"], default="clangd")
    p.add_argument("--fast-check-filter", choices=["Strict", "Loose", "None", "omit"],
                   default="Loose", help="FastCheckFilter written to .clangd (--setup clangd)")
    p.add_argument("--config-dir", default=None,
                   help="copy the files of this dir (.clangd, .clang-tidy...) into the workspace")
    p.add_argument("--timeout", type=float, default=120.0, help="overall timeout, seconds")
    p.add_argument("--log", default="error", choices=["error", "info", "verbose"],
                   help="clangd --log level")
    p.add_argument("--document-changes", action="store_true",
                   help="advertise workspaceEdit.documentChanges support")
    p.add_argument("--keep", action="store_true", help="keep the temp workspace")
    p.add_argument("-v", "--verbose", action="store_true", help="always print clangd stderr")
    args = p.parse_args(argv)
    args.clangd_args = extra

    # Hard watchdog: whatever happens, never outlive timeout + grace.
    def watchdog():
        log(f"watchdog: overall timeout {args.timeout:.0f}s (+30s grace) exceeded")
        srv = _LIVE.get("server")
        if srv is not None and srv.proc.poll() is None:
            try:
                os.killpg(srv.proc.pid, 9)
            except OSError:
                pass
        os._exit(3)
    t = threading.Timer(args.timeout + 30, watchdog)
    t.daemon = True
    t.start()
    try:
        return run(args)
    except Failure as e:
        print(f"{PREFIX} FAIL: {e}")
        return 1
    except InfraError as e:
        print(f"{PREFIX} ERROR: {e}")
        return 2
    except TimeoutError:
        print(f"{PREFIX} ERROR: no answer from the server within {args.timeout:.0f}s")
        return 2
    finally:
        t.cancel()


if __name__ == "__main__":
    sys.exit(main())
