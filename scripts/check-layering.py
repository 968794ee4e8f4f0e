#!/usr/bin/env python3
"""Checks the layout rules of checks/ that docs/design.md states.

- The device model's stages (checks/device/<stage>/) include only their own
  stage and the stages before them, in pipeline order. device/DeviceModel.h,
  the unit's state, may be included anywhere; DeviceModel.cpp makes the
  model and includes what it owns.
- checks/utils/ (libtorch's types, call sites) uses no stage after functions;
  FunctionBodyCheck, the checks' base, may use any.
- A check includes no other check's header, and check names are spelled only
  where the module registers them and where FindingOwners decides who
  reports a shared defect.
- No check file over 300 lines, no file under checks/ over 600.
- thread_local appears only in DeviceModel.cpp.

Usage: scripts/check-layering.py [CHECKS_DIR]; prints each violation and
exits 1 when there is one.
"""
import os
import re
import sys

STAGES = ["functions", "rules", "flow", "summaries", "findings", "fixes"]
MAX_CHECK_LINES = 300
MAX_FILE_LINES = 600
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
CHECK_NAME = re.compile(r'"(torch-[a-z-]+)"')


def sources(root):
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith((".h", ".cpp")):
                path = os.path.join(dirpath, name)
                yield os.path.relpath(path, root), path


def registered_checks(root):
    with open(os.path.join(root, "TorchTidyModule.cpp")) as f:
        return set(CHECK_NAME.findall(f.read()))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "checks")
    checks = registered_checks(root)
    problems = []
    for rel, path in sources(root):
        with open(path) as f:
            lines = f.read().split("\n")
        parts = rel.split(os.sep)
        is_check = len(parts) == 1 and re.match(r".*Check\.(h|cpp)$", rel)
        stage = parts[1] if len(parts) > 2 and parts[0] == "device" else None
        limit = MAX_CHECK_LINES if is_check else MAX_FILE_LINES
        if len(lines) - 1 > limit:
            problems.append(f"{rel}: {len(lines) - 1} lines, over {limit}")
        for number, line in enumerate(lines, 1):
            where = f"{rel}:{number}"
            if "thread_local" in line and rel != os.path.join(
                    "device", "DeviceModel.cpp") and not line.lstrip().startswith("//"):
                problems.append(f"{where}: thread_local outside DeviceModel.cpp")
            if not re.match(r".*(FindingOwners\.(h|cpp)|TorchTidyModule\.(h|cpp))$", rel):
                for name in CHECK_NAME.findall(line):
                    if name in checks:
                        problems.append(f"{where}: names the check {name}; "
                                        "only FindingOwners and the module do")
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1).split("/")
            if is_check and len(target) == 1 and target[0].endswith("Check.h") \
                    and os.path.splitext(target[0])[0] != os.path.splitext(rel)[0]:
                problems.append(f"{where}: a check includes another check, {m.group(1)}")
            if target[0] != "device" or len(target) < 3:
                continue
            used = target[1]
            if stage in STAGES and STAGES.index(used) > STAGES.index(stage):
                problems.append(f"{where}: the {stage} stage includes {m.group(1)}, "
                                f"of the later {used} stage")
            if parts[0] == "utils" and not rel.startswith(
                    os.path.join("utils", "FunctionBodyCheck")) and used != "functions":
                problems.append(f"{where}: checks/utils includes {m.group(1)}")
    for p in problems:
        print(p)
    if problems:
        print(f"check-layering: {len(problems)} problem(s); the rules are in "
              "docs/design.md, 'Layout'")
        return 1
    print("check-layering: clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
