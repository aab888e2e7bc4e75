#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (tests/server/test_browser.py), if it is not there yet.
# Playwright drives it with executable_path=/usr/bin/chromium; no browser is ever downloaded by Playwright.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "install-chromium: need root and apt-get to install Debian's chromium" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
test -x /usr/bin/chromium
