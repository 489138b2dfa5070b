#!/usr/bin/env bash
# Makes sure Debian's Chromium (and a colour emoji font) are installed for the browser tests
# (playwright-core launches /usr/bin/chromium). Idempotent and silent when already present.
# Installs only when it can do so safely on its own (root + apt-get); otherwise says exactly
# what to install and exits 1.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
PACKAGES=(chromium fonts-noto-color-emoji)

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
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

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing ${missing[*]} with apt-get..." >&2
  apt_install "${missing[@]}"
  if [ -x "$CHROMIUM" ]; then
    echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)" >&2
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  cat >&2 <<MSG
ensure-chromium: the browser tests need Chromium at $CHROMIUM and it is missing.
Install it, for example on Debian/Ubuntu:
  sudo apt-get install -y ${PACKAGES[*]}
then run this again.
MSG
  exit 1
fi
# Chromium is there but the emoji font is not and we cannot install it: warn, do not fail.
echo "ensure-chromium: optional font missing (flags/emoji may render as boxes): sudo apt-get install -y fonts-noto-color-emoji" >&2
exit 0
