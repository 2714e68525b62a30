#!/bin/sh
# Installs a Debian package that specs need unless its binary is there already:
#   tools/setup-debian-package.sh <package> <binary>
# Chromium for the dashboard's browser tests (no browser download is possible here), PgBouncer for
# the platform's specs of leader election behind a pooler.
set -e
PACKAGE=$1
BINARY=$2
[ -n "$PACKAGE" ] && [ -n "$BINARY" ] || { echo "usage: $0 <package> <binary>" >&2; exit 2; }
[ -x "$BINARY" ] && exit 0
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "$PACKAGE"; then
  apt-get update
  apt-get install -y --no-install-recommends "$PACKAGE"
fi
[ -x "$BINARY" ] || { echo "$PACKAGE was not installed at $BINARY" >&2; exit 1; }
