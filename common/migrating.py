"""Steps for data migrations that every app may use. Django only; no project import.

A migration that uses one names it by import, so a step here never changes what it does: add a
new one instead.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def rename_values(
    app_label: str, model_name: str, field: str, renamed: dict[str, str]
) -> migrations.RunPython:
    """A reversible step storing ``renamed``'s new values in place of the old ones in ``field``
    of every row (going back, the old ones again)."""

    def rename(apps: Any, schema_editor: Any, names: dict[str, str]) -> None:
        model = apps.get_model(app_label, model_name)
        rows = model.objects.using(schema_editor.connection.alias)
        for old, new in names.items():
            rows.filter(**{field: old}).update(**{field: new})

    def forward(apps: Any, schema_editor: Any) -> None:
        rename(apps, schema_editor, renamed)

    def backward(apps: Any, schema_editor: Any) -> None:
        rename(apps, schema_editor, {new: old for old, new in renamed.items()})

    return migrations.RunPython(forward, backward, elidable=False)
