#!/usr/bin/env bash
# `npm test`: type check, then every test (API, data layer, infra, browser) in one Jest run.
# Installs what the machine lacks (Java for DynamoDB Local, Debian's Chromium) when it can.
set -euo pipefail
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
cd "$(dirname "$0")/.."
bash scripts/ensure-java.sh
bash scripts/ensure-chromium.sh
echo "== Type check"
npx tsc --noEmit -p .
echo "== Build the web app for the browser tests"
npx vite build --config frontend/vite.config.ts --logLevel warn
echo "== Tests"
# In band, whatever the machine's core count: the browser suites share the demo company, which the
# first of them seeds (e2e/support/app.ts), and two workers seeding at once collide (measured:
# "User already exists" in half the auth suite with --maxWorkers=2). On the 2-core CI machine Jest
# picks one worker anyway; this keeps a bigger machine from finding the race.
npx jest --ci --runInBand "$@"
