#!/usr/bin/env python
"""Compile every locale/*/LC_MESSAGES/*.po into its .mo with polib (no GNU msgfmt needed).

Fuzzy entries are left out, as msgfmt does by default. A .mo is rewritten only when its content
changes, and atomically, so concurrent runs (e.g. parallel test workers) never see half a file.

Usage: python scripts/compilemessages.py [PROJECT_ROOT]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def compile_po(po_path: Path) -> bool:
    """Compile one .po file next to itself; return True if the .mo was (re)written."""
    catalog = polib.pofile(str(po_path))
    for entry in [e for e in catalog if e.fuzzy]:
        catalog.remove(entry)
    mo_path = po_path.with_suffix(".mo")
    fd, tmp_name = tempfile.mkstemp(dir=po_path.parent, prefix=".", suffix=".mo.tmp")
    os.close(fd)
    tmp_path = Path(tmp_name)
    try:
        catalog.save_as_mofile(str(tmp_path))
        if mo_path.exists() and mo_path.read_bytes() == tmp_path.read_bytes():
            return False
        os.replace(tmp_path, mo_path)
        return True
    finally:
        tmp_path.unlink(missing_ok=True)


def compile_all(root: Path = ROOT) -> list[Path]:
    """Compile every catalogue under ``root/locale``; return the .po files whose .mo changed."""
    changed = []
    for po_path in sorted((root / "locale").glob("*/LC_MESSAGES/*.po")):
        if compile_po(po_path):
            changed.append(po_path)
    return changed


def main(argv: list[str]) -> int:
    root = Path(argv[1]).resolve() if len(argv) > 1 else ROOT
    changed = compile_all(root)
    total = len(list((root / "locale").glob("*/LC_MESSAGES/*.po")))
    for po_path in changed:
        print(f"compiled {po_path.relative_to(root)}")
    print(f"compilemessages: {total} catalogue(s), {len(changed)} rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
