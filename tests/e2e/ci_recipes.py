#!/usr/bin/env python3
"""Runs the CI recipes of the user guide as their CI services would.

Usage: ci_recipes.py TORCHLINT_RUN USER_GUIDE EXAMPLES_SRC EXTRA_UNIT INCLUDE_DIR

The GitHub Actions and GitLab CI recipes ("Shards: one project over several CI
jobs") are read from the page itself, so the test fails when the page changes
into something that no longer works. Each job runs in a fresh checkout of a
small CMake project (five units: the examples' model and utilities, EXTRA_UNIT,
and copies, against the fast libtorch headers in INCLUDE_DIR) at the same path,
as hosted runners check out, with torchlint-run first on PATH:

- GitHub: the `lint` job once per `matrix.shard` value, `${{ matrix.shard }}`
  expanded; `actions/cache` restores one cache directory into every shard;
  `upload-artifact`/`download-artifact` carry the named files to the `report`
  job, whose `run` steps write the SARIF file that `upload-sarif` would send.
- GitLab: the `torchlint` job `parallel` times with CI_NODE_INDEX and
  CI_NODE_TOTAL set; its `artifacts: paths` go to `torchlint-report`, whose
  `codequality` report is checked.

`uses:` steps other than those three are the services' own (checkout, upload
to code scanning) and are not run. Each `run`/`script` line goes to `bash -e`,
as both services run them. The merged reports must hold exactly the findings
of one whole run of the project, and the shards must be disjoint and complete.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

RUN, GUIDE, EXAMPLES, EXTRA, INCLUDE = map(os.path.abspath, sys.argv[1:6])
UNITS = ["model.cpp", "utils.cpp", "utils_io.cpp", "factory.cpp", "factory_io.cpp"]
FAILS = []


def check(ok, what):
    print(("PASS: " if ok else "FAIL: ") + what)
    if not ok:
        FAILS.append(what)


def recipes():
    """The GitHub and GitLab YAML blocks of the guide's shards section."""
    text = open(GUIDE, encoding="utf-8").read()
    section = text.split("### Shards: one project over several CI jobs", 1)[1]
    section = section.split("\n### ", 1)[0]
    blocks = [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", section, re.S)]
    github = next(b for b in blocks if "jobs" in b)
    gitlab = next(b for b in blocks if any("parallel" in j for j in b.values()))
    return github, gitlab


def make_project(root):
    """A CMake project of five units, checked out afresh for every job."""
    src = os.path.join(root, "src")
    os.makedirs(src)
    for name in ["model.h", "model.cpp", "utils.h", "utils.cpp"]:
        shutil.copy(os.path.join(EXAMPLES, name), src)
    shutil.copy(os.path.join(src, "utils.cpp"), os.path.join(src, "utils_io.cpp"))
    shutil.copy(EXTRA, os.path.join(src, "factory.cpp"))
    shutil.copy(EXTRA, os.path.join(src, "factory_io.cpp"))
    with open(os.path.join(root, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.18)\n"
                "project(recipe LANGUAGES CXX)\n"
                "set(CMAKE_CXX_STANDARD 17)\n"
                f"add_library(recipe OBJECT {' '.join('src/' + u for u in UNITS)})\n"
                "target_include_directories(recipe PRIVATE src)\n"
                f"target_include_directories(recipe SYSTEM PRIVATE {INCLUDE})\n")


class Runner:
    def __init__(self, work):
        self.work = work
        self.bin = os.path.join(work, "bin")
        os.makedirs(self.bin)
        os.symlink(RUN, os.path.join(self.bin, "torchlint-run"))
        self.origin = os.path.join(work, "origin")
        make_project(self.origin)
        self.jobs = 0

    def checkout(self):
        """A fresh checkout at the one workspace path every job gets."""
        self.jobs += 1
        job = os.path.join(self.work, "workspace")
        shutil.rmtree(job, ignore_errors=True)
        shutil.copytree(self.origin, job)
        return job

    def sh(self, line, cwd, env):
        full = dict(os.environ, PATH=self.bin + os.pathsep + os.environ["PATH"], **env)
        done = subprocess.run(["bash", "-e", "-c", line], cwd=cwd, env=full,
                              capture_output=True, text=True)
        if done.returncode != 0:
            print(f"    | {line}\n    | exit {done.returncode}\n" +
                  "\n".join("    | " + l for l in (done.stdout + done.stderr).splitlines()[-15:]))
        return done.returncode == 0


def github_expand(line, matrix):
    return re.sub(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", lambda m: str(matrix[m.group(1)]), line)


def run_github(recipe, runner, reference):
    lint, report = recipe["jobs"]["lint"], recipe["jobs"]["report"]
    shards = lint["strategy"]["matrix"]["shard"]
    cache = os.path.join(runner.work, "gh-cache")  # what actions/cache restores
    os.makedirs(cache)
    artifacts = os.path.join(runner.work, "gh-artifacts")
    os.makedirs(artifacts)
    ok = True
    for shard in shards:
        job = runner.checkout()
        for step in lint["steps"]:
            uses = step.get("uses", "")
            with_ = {k: github_expand(str(v), {"shard": shard})
                     for k, v in step.get("with", {}).items()}
            if uses.startswith("actions/cache"):
                shutil.copytree(cache, os.path.join(job, with_["path"]))
            elif uses.startswith("actions/upload-artifact"):
                uploaded = os.path.join(job, with_["path"])
                if os.path.exists(uploaded):
                    shutil.copy(uploaded, artifacts)
                else:
                    ok = False
                    print(f"    | no {with_['path']} to upload")
            elif "run" in step:
                ok &= runner.sh(github_expand(step["run"], {"shard": shard}), job, {})
    check(ok, f"GitHub: the lint job's steps ran for shards {shards}")
    job = runner.checkout()
    sarif_file = os.path.join(job, "(no upload-sarif step)")
    for step in report["steps"]:
        uses = step.get("uses", "")
        if uses.startswith("actions/download-artifact"):
            pattern = step["with"]["pattern"].replace("*", "")
            for f in os.listdir(artifacts):
                if f.startswith(pattern):
                    shutil.copy(os.path.join(artifacts, f), job)
        elif uses.startswith("github/codeql-action/upload-sarif"):
            sarif_file = os.path.join(job, step["with"]["sarif_file"])
        elif "run" in step:
            ok &= runner.sh(step["run"], job, {})
    check(ok and os.path.exists(sarif_file), "GitHub: the report job wrote the SARIF file it uploads")
    if not os.path.exists(sarif_file):
        return
    sarif = json.load(open(sarif_file))
    results = sarif["runs"][0]["results"]
    found = sorted((r["ruleId"], os.path.basename(r["locations"][0]["physicalLocation"]
                    ["artifactLocation"]["uri"]), r["locations"][0]["physicalLocation"]
                    ["region"]["startLine"]) for r in results)
    check(sarif["version"] == "2.1.0" and len(sarif["runs"]) == 1 and found == reference,
          f"GitHub: merged SARIF holds the whole run's {len(reference)} findings ({len(found)})")
    units = [u["file"] for f in glob.glob(os.path.join(artifacts, "shard-*.json"))
             for u in json.load(open(f))["units"]]
    check(len(units) == len(set(units)) == len(UNITS),
          f"GitHub: {len(shards)} shards lint the {len(UNITS)} units once each ({len(units)} linted)")


def run_gitlab(recipe, runner, reference):
    lint, report = recipe["torchlint"], recipe["torchlint-report"]
    total = lint["parallel"]
    artifacts = os.path.join(runner.work, "gl-artifacts")
    os.makedirs(artifacts)
    ok = True
    for index in range(1, total + 1):
        job = runner.checkout()
        os.makedirs(os.path.join(job, lint["cache"]["paths"][0]))  # an empty cache
        env = {"CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(total)}
        for line in lint["script"]:
            ok &= runner.sh(line, job, env)
        for pattern in lint["artifacts"]["paths"]:
            for f in glob.glob(os.path.join(job, pattern)):
                shutil.copy(f, artifacts)
    check(ok, f"GitLab: the torchlint job's script ran {total} times (parallel: {total})")
    job = runner.checkout()
    for f in os.listdir(artifacts):
        shutil.copy(os.path.join(artifacts, f), job)
    for line in report["script"]:
        ok &= runner.sh(line, job, {})
    quality = os.path.join(job, report["artifacts"]["reports"]["codequality"])
    check(ok and os.path.exists(quality), "GitLab: the report job wrote its codequality report")
    if not os.path.exists(quality):
        return
    issues = json.load(open(quality))
    found = sorted((i["check_name"], os.path.basename(i["location"]["path"]),
                    i["location"]["lines"]["begin"]) for i in issues)
    check(found == reference and len({i["fingerprint"] for i in issues}) == len(issues),
          f"GitLab: the Code Quality report holds the whole run's {len(reference)} findings ({len(found)})")


def main():
    github, gitlab = recipes()
    with tempfile.TemporaryDirectory(prefix="torchlint-ci-recipes.") as work:
        runner = Runner(work)
        # The reference: one whole run, no shards.
        job = runner.checkout()
        ok = runner.sh("cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null && "
                       "torchlint-run -p build --no-cache --format json --output whole.json "
                       "|| [ $? -eq 1 ]", job, {})
        whole = json.load(open(os.path.join(job, "whole.json"))) if ok else {"findings": []}
        reference = sorted((f["check"], os.path.basename(f["file"]), f["line"])
                           for f in whole["findings"])
        # model.cpp's migration and the two factory units' findings; the
        # example's utils.cpp helpers are latent without train.cpp's calls.
        check(ok and len(reference) >= 3, f"reference: one whole run, {len(reference)} findings")
        run_github(github, runner, reference)
        run_gitlab(gitlab, runner, reference)
    print(("FAIL: ci recipes (%d steps failed)" % len(FAILS)) if FAILS else "PASS: ci recipes (all steps)")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
