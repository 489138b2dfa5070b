#!/usr/bin/env bash
# Makes sure a Java runtime is available for DynamoDB Local (started by local/stack.ts).
# Idempotent and silent when `java` is already on PATH. Installs it only when it can do so
# safely on its own (root + apt-get); otherwise says exactly what to install and exits 1.
set -euo pipefail

if command -v java >/dev/null 2>&1; then
  exit 0
fi

PACKAGES=(openjdk-17-jre-headless)

updated=0
apt_update_once() {
  if [ "$updated" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    updated=1
  fi
}
apt_install() {
  # Fresh machines have no package lists yet: fetch them first (once).
  if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -type f -name '*_Packages*' -print -quit 2>/dev/null)" ]; then
    apt_update_once
  fi
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null; then
    # Stale package lists are the usual cause: refresh (once) and retry.
    [ "$updated" -eq 1 ] && return 1
    apt_update_once
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  fi
}

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-java: java not found; installing ${PACKAGES[*]} with apt-get..." >&2
  # Update the package lists once, only when they have never been fetched on this machine.
  apt_install "${PACKAGES[@]}"
  if command -v java >/dev/null 2>&1; then
    echo "ensure-java: installed $(java -version 2>&1 | head -n 1)" >&2
    exit 0
  fi
  echo "ensure-java: apt-get finished but \`java\` is still not on PATH." >&2
  exit 1
fi

cat >&2 <<MSG
ensure-java: DynamoDB Local needs a Java runtime (17 or newer) and \`java\` is not on PATH.
Install it, for example on Debian/Ubuntu:
  sudo apt-get install -y ${PACKAGES[*]}
(on macOS: brew install openjdk@17), then run this again.
MSG
exit 1
