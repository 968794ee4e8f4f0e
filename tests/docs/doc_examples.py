#!/usr/bin/env python3
"""Runs the lint examples of the user-facing documentation and compares them
with what the pages say (tests/docs/README.md describes the markup).

usage: doc_examples.py TORCHLINT INCLUDE_DIR [PAGE.md ...]

Each example is linted as `TORCHLINT --checks='-*,torch-*' NAME -- -std=c++17
-I INCLUDE_DIR -include torch/torch.h` in a fresh directory, with no
.clang-tidy file (a `.cu` example as CUDA host code), and its diagnostics are compared with the page: every
warning (and error) exactly, in order; every note the page shows, under its
warning. A `fixed` block is compared with the file after `--fix`.
Exit status 0 when every example matches, 1 otherwise, 2 on a usage or
markup error.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r'^\s*<!--\s*(example|output|fixed|file|clean|unchanged):\s*(\S+)(.*?)\s*-->\s*$')
FENCE = re.compile(r'^(\s*)(```+)\s*([\w+-]*)\s*$')
DIAG = re.compile(r'^(\S[^:]*):(\d+):(\d+): (warning|error|note|remark|fatal error): (.*)$')
OPTION = re.compile(r'^([A-Za-z][\w.-]*)=(\S*)$')


class MarkupError(Exception):
    pass


class Example:
    def __init__(self, page, name, line, options):
        self.page, self.name, self.line, self.options = page, name, line, options
        # `model.cpp#2`: a second example linted as model.cpp.
        self.filename = name.split('#')[0]
        self.files = {}
        self.code = None
        self.output = None  # None: the page expects no diagnostics
        self.fixed = []     # (line, options, text)
        self.clean = []     # (line, options): reruns that report nothing

    def where(self):
        return '%s:%d (%s)' % (self.page, self.line, self.name)


def parse_options(text, where):
    options = {}
    for token in text.split():
        m = OPTION.match(token)
        if not m:
            raise MarkupError('%s: expected OPTION=VALUE, got %r' % (where, token))
        key = m.group(1)
        # A bare option name applies to every torch check (a global option).
        options[key] = m.group(2)
    return options


def read_block(lines, i, where):
    """The fenced block that starts at the first non-blank line from i."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    m = FENCE.match(lines[i]) if i < len(lines) else None
    if not m:
        raise MarkupError('%s: the marker is not followed by a ``` block' % where)
    indent, fence = m.group(1), m.group(2)
    body = []
    i += 1
    while i < len(lines):
        if lines[i].strip() == fence:
            break
        line = lines[i]
        if line.startswith(indent):
            line = line[len(indent):]
        body.append(line)
        i += 1
    else:
        raise MarkupError('%s: unterminated ``` block' % where)
    return '\n'.join(body) + '\n', i + 1


def parse_page(path):
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    examples = {}
    order = []
    files = {}  # written next to every example of the page
    i = 0
    while i < len(lines):
        if not MARKER.match(lines[i]):
            i += 1
            continue
        # Consecutive markers (blank lines between allowed) share the block
        # that follows them: a `fixed` result can be an `example` too.
        markers = []
        while i < len(lines):
            m = MARKER.match(lines[i])
            if m:
                markers.append((i + 1, m.group(1), m.group(2), m.group(3)))
            elif lines[i].strip():
                break
            i += 1
        text = None
        if any(kind not in ('clean', 'unchanged') for _, kind, _, _ in markers):
            text, i = read_block(lines, i, '%s:%d' % (path, markers[-1][0]))
        for line, kind, name, rest in markers:
            where = '%s:%d' % (path, line)
            options = parse_options(rest, where)
            if kind == 'file':
                if options or name.startswith('/') or '..' in name.split('/'):
                    raise MarkupError('%s: a file block takes a relative path and '
                                      'no options' % where)
                files[name] = text
                continue
            if kind == 'example':
                if name in examples:
                    raise MarkupError('%s: example %s defined twice' % (where, name))
                ex = Example(path, name, line, options)
                ex.code = text
                ex.files = files
                examples[name] = ex
                order.append(ex)
                continue
            ex = examples.get(name)
            if ex is None:
                raise MarkupError('%s: %s marker for unknown example %s (the '
                                  'example must come first)' % (where, kind, name))
            if kind == 'clean':
                # No block: the example, run again with these options,
                # reports nothing.
                ex.clean.append((line, options))
            elif kind == 'unchanged':
                # No block: --fix leaves the example as it is.
                ex.fixed.append((line, options, ex.code))
            elif kind == 'output':
                if options:
                    raise MarkupError('%s: an output block takes no options' % where)
                if ex.output is not None:
                    raise MarkupError('%s: second output block for %s' % (where, name))
                ex.output = text
            else:
                ex.fixed.append((line, options, text))
    return order


def config_arg(options):
    items = ["'%s': '%s'" % (k, v) for k, v in sorted(options.items())]
    return "--config={Checks: '-*,torch-*', CheckOptions: {%s}}" % ', '.join(items)


CUDA_FLAGS = ['-x', 'cuda', '--cuda-host-only', '-nocudainc', '-nocudalib',
              '-Wno-unknown-cuda-version']


def run_torchlint(tl, inc, workdir, name, options, fix=False):
    cmd = [tl, config_arg(options), '--checks=-*,torch-*']
    if fix:
        cmd.append('--fix')
    cmd += [name, '--', '-std=c++17', '-I', inc, '-include', 'torch/torch.h']
    if name.endswith('.cu'):
        # CUDA host code, with the fake headers' stand-in for the toolkit's.
        cmd += CUDA_FLAGS
    proc = subprocess.run(cmd, cwd=workdir, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)
    return proc.returncode, proc.stdout.replace(workdir + os.sep, '')


def diagnostics(text, continuation):
    """Groups diagnostic lines into [warning-or-error, [notes]]."""
    lines = []
    for raw in text.split('\n'):
        if continuation and raw[:1] in (' ', '\t') and lines:
            lines[-1] += ' ' + raw.strip()
        elif DIAG.match(raw):
            lines.append(raw.rstrip())
        elif continuation and raw.strip():
            lines.append(raw.rstrip())  # not a diagnostic: fails the compare
    groups = []
    for line in lines:
        m = DIAG.match(line)
        level = m.group(4) if m else None
        if level == 'note' and groups:
            groups[-1][1].append(line)
        else:
            groups.append([line, []])
    return groups


def compare_output(expected_text, actual_text):
    """The problems, as lines; empty when the page matches the tool."""
    expected = diagnostics(expected_text or '', continuation=True)
    actual = diagnostics(actual_text, continuation=False)
    want = [g[0] for g in expected]
    got = [g[0] for g in actual]
    if want != got:
        return ['warnings differ (--- page, +++ torchlint):'] + list(
            difflib.unified_diff(want, got, 'page', 'torchlint', lineterm='', n=1))[2:]
    problems = []
    for (head, want_notes), (_, got_notes) in zip(expected, actual):
        pos = 0
        for note in want_notes:
            try:
                pos = got_notes.index(note, pos) + 1
            except ValueError:
                problems.append('note not reported under %s:\n  page:      %s\n'
                                '  torchlint: %s' % (head, note, '\n             '.join(got_notes) or '(no notes)'))
    return problems


def write_files(workdir, ex):
    for name, text in list(ex.files.items()) + [(ex.filename, ex.code)]:
        path = os.path.join(workdir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)


def check_example(tl, inc, ex, tmp):
    problems = []
    work = tempfile.mkdtemp(dir=tmp)
    write_files(work, ex)
    rc, out = run_torchlint(tl, inc, work, ex.filename, ex.options)
    found = compare_output(ex.output, out)
    if found:
        problems += found + ['', 'torchlint output:'] + ['  ' + l for l in out.rstrip().split('\n')]
    for line, options in ex.clean:
        merged = dict(ex.options)
        merged.update(options)
        rc, out = run_torchlint(tl, inc, work, ex.filename, merged)
        found = compare_output('', out)
        if found:
            problems += ['%s:%d: with%s the example should report nothing:' % (
                ex.page, line, ''.join(' ' + k + '=' + v for k, v in sorted(merged.items())))]
            problems += found
    for line, options, want in ex.fixed:
        fixdir = tempfile.mkdtemp(dir=tmp)
        target = os.path.join(fixdir, ex.filename)
        write_files(fixdir, ex)
        merged = dict(ex.options)
        merged.update(options)
        rc, out = run_torchlint(tl, inc, fixdir, ex.filename, merged, fix=True)
        with open(target, encoding='utf-8') as f:
            got = f.read()
        if got != want:
            problems.append('fixed block at %s:%d differs from the --fix result '
                            '(--- page, +++ torchlint --fix%s):' % (
                                ex.page, line,
                                ''.join(' ' + k + '=' + v for k, v in sorted(merged.items()))))
            problems += list(difflib.unified_diff(
                want.split('\n'), got.split('\n'), 'page', 'fixed', lineterm='', n=2))[2:]
    shutil.rmtree(work, ignore_errors=True)
    return problems


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    tl, inc = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    pages = argv[3:]
    if not pages:
        checks = os.path.join(root, 'docs', 'checks')
        pages = [os.path.join(checks, p) for p in sorted(os.listdir(checks)) if p.endswith('.md')]
        pages += [os.path.join(root, 'docs', 'user-guide.md')]
    if not os.access(tl, os.X_OK):
        sys.stderr.write('doc_examples: %s is not an executable\n' % tl)
        return 2
    if not os.path.isfile(os.path.join(inc, 'torch', 'torch.h')):
        sys.stderr.write('doc_examples: no torch/torch.h under %s\n' % inc)
        return 2
    try:
        examples = [ex for page in pages for ex in parse_page(page)]
    except MarkupError as e:
        sys.stderr.write('doc_examples: markup error: %s\n' % e)
        return 2
    tmp = tempfile.mkdtemp(prefix='doc-examples-')
    passed = 0
    try:
        for ex in examples:
            problems = check_example(tl, inc, ex, tmp)
            rel = os.path.relpath(ex.page, root)
            if problems:
                print('FAIL %s:%d %s' % (rel, ex.line, ex.name))
                print('\n'.join('    ' + p for p in '\n'.join(problems).split('\n')))
            else:
                passed += 1
                print('ok   %s:%d %s' % (rel, ex.line, ex.name))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print('%d examples, %d passed' % (len(examples), passed))
    if not examples:
        print('doc_examples: no examples found (markup lost?)')
        return 1
    return 0 if passed == len(examples) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
