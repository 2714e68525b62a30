#!/bin/sh
# Debian's Chromium for the dashboard's browser tests (playwright-core drives it; no browser
# download is possible here). Does nothing when it is installed already.
set -e
CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends chromium; then
  apt-get update
  apt-get install -y --no-install-recommends chromium
fi
[ -x "$CHROMIUM" ] || { echo "chromium was not installed at $CHROMIUM" >&2; exit 1; }
