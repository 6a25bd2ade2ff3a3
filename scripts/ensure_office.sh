#!/bin/sh
# Make sure LibreOffice Calc and poppler's pdftotext are installed: the real-client spreadsheet
# tests (tests/sheets/test_office.py, marked `office`) convert workbooks with them.
#
# Exits 0 when both are there. Otherwise, as root, installs them from Debian with apt-get;
# as anyone else, says how to install them and exits 1.
set -eu

if command -v soffice >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    echo "ensure_office: installing LibreOffice Calc and poppler-utils with apt-get." >&2
    if ! apt-get update; then
        echo "ensure_office: apt-get update failed; trying once more." >&2
        sleep 5
        apt-get update
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libreoffice-calc poppler-utils
    command -v soffice >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1
    exit $?
fi

cat >&2 <<MSG
ensure_office: LibreOffice Calc (soffice) or pdftotext is missing, and the spreadsheet
real-client tests need them. Install them as root, then run the tests again:

    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y \\
        --no-install-recommends libreoffice-calc poppler-utils
MSG
exit 1
