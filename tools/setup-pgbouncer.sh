#!/bin/sh
# Debian's PgBouncer for the platform's specs of leader election behind a pooler (they start one of
# their own from the binary; the package's service is not used). Does nothing when it is installed.
set -e
PGBOUNCER=/usr/sbin/pgbouncer
[ -x "$PGBOUNCER" ] && exit 0
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends pgbouncer; then
  apt-get update
  apt-get install -y --no-install-recommends pgbouncer
fi
[ -x "$PGBOUNCER" ] || { echo "pgbouncer was not installed at $PGBOUNCER" >&2; exit 1; }
