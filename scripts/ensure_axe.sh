#!/bin/sh
# Make sure axe-core (the accessibility checker the browser tests inject into chromium) is in a
# cache folder outside the repository, and print the path of its axe.min.js.
#
# The folder is $AXE_DIR, else ${XDG_CACHE_HOME:-$HOME/.cache}/sosttt-axe-<version>. When the
# file is missing it is installed there from the npm registry with `npm install --prefix`
# (npm itself is installed with apt-get when missing and running as root). Nothing is written
# into the project: no node_modules, no package.json.
set -eu

AXE_VERSION=4.10.3
AXE_DIR=${AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/sosttt-axe-$AXE_VERSION}
AXE_JS="$AXE_DIR/node_modules/axe-core/axe.min.js"

if [ -f "$AXE_JS" ]; then
    echo "$AXE_JS"
    exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "ensure_axe: npm is missing; installing Debian's npm with apt-get." >&2
        apt-get update >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y npm >&2
    else
        echo "ensure_axe: npm is missing: sudo apt-get install -y npm" >&2
        exit 1
    fi
fi

echo "ensure_axe: installing axe-core $AXE_VERSION into $AXE_DIR" >&2
mkdir -p "$AXE_DIR"
npm install --prefix "$AXE_DIR" --no-save --no-audit --no-fund --no-package-lock \
    --loglevel=error "axe-core@$AXE_VERSION" >&2
if [ ! -f "$AXE_JS" ]; then
    echo "ensure_axe: npm ran, but $AXE_JS is still missing." >&2
    exit 1
fi
echo "$AXE_JS"
