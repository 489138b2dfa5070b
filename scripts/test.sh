#!/usr/bin/env bash
# `npm test`: type check, then every test (API, data layer, infra, browser).
# Installs what the machine lacks (Java for DynamoDB Local, Debian's Chromium) when it can.
#
# With no arguments the two Jest projects run side by side, each in a process of its own with its
# own stand-ins (tests/global-setup.ts: in memory, on free ports, one run directory per process):
# the API project's suites wait on DynamoDB Local, the browser project's on Chromium, and on the
# 2-core CI machine the two overlap instead of queueing. Within a project, suites run in band: the
# browser suites share the demo company, which the first of them seeds (e2e/support/app.ts), and two
# workers seeding at once collide ("User already exists" in half the auth suite with --maxWorkers=2).
# The API project runs at a lower CPU priority (nice 10): the browser project is the longer of the two
# (about 1,100 s alone on the CI machine against 370 s, using 1.5 of its 2 cores), so it gets the
# cores first and the API project the rest; at equal priority the two slowed each other and the
# browser project ended 250 s later than alone.
# With arguments (`npm test -- e2e/auth.test.ts`, `-t pattern`), one Jest run in band takes them.
set -euo pipefail
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
cd "$(dirname "$0")/.."
bash scripts/ensure-java.sh
bash scripts/ensure-chromium.sh
echo "== Type check"
npx tsc --noEmit -p .
echo "== Build the web app for the browser tests"
npx vite build --config frontend/vite.config.ts --logLevel warn
if [ "$#" -gt 0 ]; then
  echo "== Tests"
  exec npx jest --ci --runInBand "$@"
fi

echo "== Tests: the API project (lines marked [api]) and the browser project side by side"
started=$(date +%s)
api_status_file=$(mktemp)
(
  set +e
  nice -n 10 npx jest --ci --runInBand --selectProjects api 2>&1 | sed -u 's/^/[api] /'
  echo "${PIPESTATUS[0]}" > "$api_status_file"
) &
api_job=$!
# (Ctrl-C reaches both runs: they are in this terminal's foreground process group.)
set +e
npx jest --ci --runInBand --selectProjects browser
browser_status=$?
wait "$api_job"
api_status=$(cat "$api_status_file")
set -e
rm -f "$api_status_file"
echo "== Tests done in $(( $(date +%s) - started )) s: API project exit ${api_status:-?}, browser project exit ${browser_status}"
if [ "${api_status:-1}" != 0 ] || [ "$browser_status" != 0 ]; then exit 1; fi
