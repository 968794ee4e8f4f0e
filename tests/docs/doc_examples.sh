#!/usr/bin/env bash
# The documentation's lint examples reproduce exactly: every example marked in
# docs/checks/*.md and docs/user-guide.md is linted with the torch checks and
# compared with the output and the --fix result the page shows
# (tests/docs/README.md describes the markup).
# Usage: doc_examples.sh TORCHLINT INCLUDE_DIR [PAGE.md...]
set -u
exec python3 "$(dirname "$0")/doc_examples.py" "$@"
