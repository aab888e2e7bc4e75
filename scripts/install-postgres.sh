#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the PostgreSQL tests (tests/server/test_postgres.py), if absent.
# The tests start their own throw-away cluster with initdb/pg_ctl on a loopback port; nothing runs as a service.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "install-postgres: need root and apt-get to install Debian's postgresql" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || apt-get update -qq
apt-get install -y -qq --no-install-recommends postgresql >/dev/null
ls /usr/lib/postgresql/*/bin/initdb >/dev/null
