#!/bin/sh
# Make sure Debian's chromium is installed: the browser tests (tests/browser) drive
# /usr/bin/chromium with Playwright (`playwright install` is not used).
#
# Exits 0 when /usr/bin/chromium is there. Otherwise, as root, installs it with apt-get;
# as anyone else, says how to install it and exits 1.
set -eu

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    echo "ensure_chromium: $CHROMIUM is missing; installing Debian's chromium with apt-get." >&2
    if ! apt-get update; then
        echo "ensure_chromium: apt-get update failed; trying once more." >&2
        sleep 5
        apt-get update
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    if [ ! -x "$CHROMIUM" ]; then
        echo "ensure_chromium: apt-get installed chromium, but $CHROMIUM is still missing." >&2
        exit 1
    fi
    exit 0
fi

cat >&2 <<MSG
ensure_chromium: $CHROMIUM is missing, and the browser tests (tests/browser) need it.
Install Debian's chromium as root, then run the tests again:

    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

(or run \`make browser\` as root).
MSG
exit 1
