"""The admin's autocomplete, for every app's ``ModelAdmin`` (Django only, no project import)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.db import models
from django.http import HttpRequest

from common.posted import parse_id


class IdAutocompleteSelect(AutocompleteSelect):
    """Django's autocomplete select, which shows a posted value that is no id (``abc``, ``2.5``,
    one beyond the column) as nothing chosen: Django's own looks it up and fails (a 500) when
    the form is shown again with its errors."""

    def optgroups(self, name: str, value: list[Any], attr: Any = None) -> list[Any]:
        ids = [v for v in value if v in ("", None) or parse_id(v) is not None]
        return super().optgroups(name, ids, attr)


class IdAutocompleteMixin(admin.ModelAdmin):
    """A ``ModelAdmin`` whose ``autocomplete_fields`` use :class:`IdAutocompleteSelect`."""

    def formfield_for_foreignkey(
        self, db_field: models.ForeignKey, request: HttpRequest, **kwargs: Any
    ) -> Any:
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = IdAutocompleteSelect(
                db_field, self.admin_site, using=kwargs.get("using")
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)
