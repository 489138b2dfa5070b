#!/usr/bin/env bash
# Makes sure Debian's Chromium builds (and a colour emoji font) are installed. Idempotent and silent
# when already present. Installs only when it can do so safely on its own (root + apt-get);
# otherwise says exactly what to install and exits 1.
#
# - With no argument, what the browser tests launch (playwright-core, e2e/support/app.ts): Debian's
#   `chromium-headless-shell`, Chromium's headless-only build (the "old headless" Playwright itself
#   runs tests in). It renders with the same Blink and V8 as `chromium`, without the desktop
#   browser's layers: the same browser test file took about a third fewer Chromium CPU-s under it than
#   under `chromium --headless` (e2e/dispatch: 46 and 42 against 64 and 69, docs/test-time.md).
# - `--full` adds Debian's `chromium` (the desktop browser: the bench's Lighthouse runs, and for
#   looking at the product).
set -euo pipefail

declare -A BINARY_OF=([chromium-headless-shell]=/usr/bin/chromium-headless-shell [chromium]=/usr/bin/chromium)
BROWSERS=(chromium-headless-shell)
if [ "${1:-}" = "--full" ]; then BROWSERS+=(chromium); fi
PACKAGES=("${BROWSERS[@]}" fonts-noto-color-emoji)

missing=()
for browser in "${BROWSERS[@]}"; do
  [ -x "${BINARY_OF[$browser]}" ] || missing+=("$browser")
done
if ! dpkg-query -W -f='${Status}' fonts-noto-color-emoji 2>/dev/null | grep -q 'install ok installed'; then
  # Without dpkg (not Debian) we cannot tell; only the browser itself is required.
  if command -v dpkg-query >/dev/null 2>&1; then missing+=(fonts-noto-color-emoji); fi
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

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

browsers_missing() {
  for browser in "${BROWSERS[@]}"; do
    [ -x "${BINARY_OF[$browser]}" ] || echo "${BINARY_OF[$browser]}"
  done
}

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing ${missing[*]} with apt-get..." >&2
  apt_install "${missing[@]}"
  if [ -z "$(browsers_missing)" ]; then
    echo "ensure-chromium: installed $("${BINARY_OF[${BROWSERS[0]}]}" --version 2>/dev/null || echo "${BROWSERS[*]}")" >&2
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but $(browsers_missing | tr '\n' ' ')is still missing." >&2
  exit 1
fi

if [ -n "$(browsers_missing)" ]; then
  cat >&2 <<MSG
ensure-chromium: $(browsers_missing | tr '\n' ' ')is missing (${BROWSERS[*]}).
Install it, for example on Debian/Ubuntu:
  sudo apt-get install -y ${PACKAGES[*]}
then run this again.
MSG
  exit 1
fi
# The browser is there but the emoji font is not and we cannot install it: warn, do not fail.
echo "ensure-chromium: optional font missing (flags/emoji may render as boxes): sudo apt-get install -y fonts-noto-color-emoji" >&2
exit 0
