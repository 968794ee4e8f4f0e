#!/usr/bin/env bash
# Bad configuration gets a clear error naming the problem, and never a crash.
# Usage: bad_config.sh TORCHLINT INPUT.cpp INCLUDE_DIR FIXTURES_DIR
set -u
tl=$1 input=$2 inc=$3 fixtures=$4
pass=0 fail=0
expect() { # name, expected substring, command...
  local name=$1 want=$2; shift 2
  local out status
  out=$("$@" 2>&1); status=$?
  if [ $status -gt 1 ] || grep -q -e "Stack dump" -e "PLEASE submit" <<<"$out"; then
    echo "FAIL: $name crashed (status $status)"; echo "$out" | head -20; fail=$((fail+1))
  elif ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL: $name: expected '$want' in:"; echo "$out" | head -20; fail=$((fail+1))
  else
    echo "PASS: $name"; pass=$((pass+1))
  fi
}
run() { "$tl" --checks='-*,torch-*' "$@" "$input" -- -std=c++17 -isystem "$inc"; }

expect "malformed --config" "Error: invalid configuration" \
  run --config='{Checks: [torch-*'
expect "invalid enum option" "invalid configuration value 'bogus' for option 'torch-factory-without-device.FixStyle'" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {torch-factory-without-device.FixStyle: bogus}}"
expect "invalid bool option" "invalid configuration value 'perhaps' for option 'torch-factory-without-device.StrictMode'" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {torch-factory-without-device.StrictMode: perhaps}}"
expect "unknown rule in RulesFile" "bad-rules.yaml:4:" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {RulesFile: '$fixtures/bad-rules.yaml'}}"
expect "unknown rule names the choices" "unknown rule 'sometimes'" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {RulesFile: '$fixtures/bad-rules.yaml'}}"
expect "malformed RulesFile YAML" "broken-rules.yaml:" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {RulesFile: '$fixtures/broken-rules.yaml'}}"
expect "missing RulesFile" "cannot read the op rules file" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {RulesFile: '/nonexistent/rules.yaml'}}"
# The checks still run with the built-in rules after a bad RulesFile.
expect "built-in rules still apply" "[torch-factory-without-device]" \
  run --config="{Checks: '-*,torch-*', CheckOptions: {RulesFile: '/nonexistent/rules.yaml'}}"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
