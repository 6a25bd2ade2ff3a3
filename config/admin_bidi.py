"""Names bidi-isolated in the admin, every model's: one mixin the admin site puts under each
registered ``ModelAdmin`` (and their inlines), and the filters of the admin's templates.

Django's admin writes an object as ``str(obj)`` everywhere: change lists, titles, breadcrumbs,
read-only fields, select options, the delete page. A name holding U+202E or written right to left
would reorder the words around it. The rule here is the site's (:mod:`games.bidi`):

- an object's text is :func:`games.bidi.isolated` (its name between FSI and PDI; a pairing's
  text isolates its two names itself) — as it is in text-only places (``<title>``, ``<option>``,
  an ``aria-label``), through :func:`games.bidi.isolates_html` (each isolate a ``<bdi>``) in HTML;
- a value shown on its own (a cell of a change list, a read-only field, a filter's choice) is
  :func:`games.bidi.island`: words in ``<bdi>``, notation (``1-0``, ``3:2``) and JSON as
  left-to-right islands;
- text inputs get ``dir="auto"``; choices of objects are labelled with their isolated text.

The templates under ``templates/admin/`` (``base_site.html``, ``change_form.html``,
``delete_confirmation.html``, ``object_history.html``, ``includes/fieldset.html``,
``edit_inline/tabular.html``, ``filter.html``) print the admin's names through the filters below
(``{% load admin_bidi %}``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django import forms, template
from django.contrib.admin import helpers
from django.contrib.admin.options import InlineModelAdmin
from django.contrib.admin.utils import (
    NestedObjects,
    display_for_field,
    display_for_value,
    label_for_field,
    lookup_field,
    quote,
)
from django.contrib.admin.widgets import ForeignKeyRawIdWidget
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist
from django.db import models, router
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.bidi import island, isolated, isolates_html, ltr

register = template.Library()


@register.filter
def isolated_html(value: object) -> SafeString:
    """An object (or a text isolating its names) as HTML, each name in ``<bdi>``."""
    return isolates_html(isolated(value)) if value is not None else mark_safe("")


register.filter("isolates", isolates_html)
register.filter("isolated", isolated)
register.filter("island", island)


def _is_text(field: models.Field) -> bool:
    return isinstance(field, (models.CharField, models.TextField))


def shown(model_admin: Any, obj: models.Model, name: str | Callable) -> object:
    """The value of ``name`` (a field, a method of ``model_admin`` or of ``obj``) as the admin
    shows it with names isolated: safe HTML, or a value Django formats (a date, a number)."""
    field, attr, value = lookup_field(name, obj, model_admin)
    empty = model_admin.get_empty_value_display()
    if field is None:
        if getattr(attr, "boolean", False) or not isinstance(value, str):
            return display_for_value(value, empty, getattr(attr, "boolean", False))
        return island(value) if value else empty
    if value is None:
        return empty
    if field.many_to_many:
        return mark_safe(", ".join(isolated_html(o) for o in value.all()))
    if field.is_relation:
        return _link(model_admin, value)
    if isinstance(field, models.JSONField):
        return ltr(display_for_field(value, field, empty))
    if _is_text(field):
        return island(display_for_field(value, field, empty)) if value != "" else empty
    return display_for_field(value, field, empty)


def _link(model_admin: Any, obj: models.Model) -> SafeString:
    """``obj`` isolated, as a link to its change page where it has one (as Django's read-only
    fields link it)."""
    opts = obj._meta
    try:
        url = reverse(
            f"admin:{opts.app_label}_{opts.model_name}_change",
            args=[quote(obj.pk)],
            current_app=model_admin.admin_site.name,
        )
    except NoReverseMatch:
        return isolated_html(obj)
    return format_html('<a href="{}">{}</a>', url, isolated_html(obj))


@register.filter
def readonly_value(field: helpers.AdminReadonlyField) -> SafeString:
    """A read-only field's contents (``{{ field.contents }}``) with names isolated and results
    as left-to-right islands; a widget's own read-only rendering (a password's) as it is."""
    name = field.field["field"]
    if name in field.form.fields:
        return field.contents()
    try:
        value = shown(field.model_admin, field.form.instance, name)
    except (AttributeError, ValueError, ObjectDoesNotExist, FieldDoesNotExist):
        return field.contents()
    return island(value)


def _column(name: str | Callable, model_admin: Any) -> Callable[[models.Model], object]:
    """A change list's column ``name`` showing its values through :func:`shown`, with the
    original's header, sort order and CSS name."""

    def column(obj: models.Model) -> object:
        return shown(model_admin, obj, name)

    column.__name__ = name if isinstance(name, str) else getattr(name, "__name__", "column")
    column.short_description = label_for_field(name, model_admin.model, model_admin)  # type: ignore[attr-defined]
    original = name if callable(name) else getattr(model_admin, name, None)
    if original is not None and name != "__str__":
        for attribute in ("admin_order_field", "empty_value_display"):
            if hasattr(original, attribute):
                setattr(column, attribute, getattr(original, attribute))
    else:
        try:
            field = model_admin.model._meta.get_field(name)
        except FieldDoesNotExist:
            field = None
        if field is not None and not field.many_to_many:
            column.admin_order_field = name  # type: ignore[attr-defined]
    return column


class IsolatingRawIdWidget(ForeignKeyRawIdWidget):
    """A raw-id field whose chosen object's name (shown beside the box) is isolated."""

    def label_and_url_for_value(self, value: Any) -> tuple[str, str]:
        label, url = super().label_and_url_for_value(value)
        return (island(label) if label else label), url


class IsolatingForm:
    """A form of the admin: text inputs in their own direction, objects' choices isolated."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        for field in self.fields.values():  # type: ignore[attr-defined]
            isolate_field(field)


def isolate_field(field: forms.Field) -> None:
    """``dir="auto"`` on a text input, isolated labels on the choices of objects."""
    if isinstance(field, forms.ModelChoiceField):
        field.label_from_instance = isolated  # type: ignore[method-assign]
    widget = getattr(field.widget, "widget", field.widget)  # under a related-object wrapper
    text_input = isinstance(widget, forms.widgets.Input) and widget.input_type in ("text", "email")
    if text_input or isinstance(widget, forms.Textarea):
        widget.attrs.setdefault("dir", "auto")


_ISOLATING: dict[type, type] = {}


def isolating(cls: type) -> type:
    """``cls`` (a ModelAdmin, an inline or a form class) with its isolating mixin, made once."""
    if cls not in _ISOLATING:
        if issubclass(cls, forms.BaseForm):
            mixin: type = IsolatingForm
        elif issubclass(cls, InlineModelAdmin):
            mixin = InlineMixin
        else:
            mixin = AdminMixin
        if issubclass(cls, mixin):
            return cls
        _ISOLATING[cls] = type(cls.__name__, (mixin, cls), {"__module__": cls.__module__})
    return _ISOLATING[cls]


class _Shared:
    """What a ModelAdmin and an inline share: their forms' fields."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if "widget" not in kwargs and db_field.name in self.raw_id_fields:  # type: ignore[attr-defined]
            kwargs["widget"] = IsolatingRawIdWidget(
                db_field.remote_field,
                self.admin_site,  # type: ignore[attr-defined]
                using=kwargs.get("using"),
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]


class InlineMixin(_Shared):
    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        kwargs["form"] = isolating(kwargs.get("form", self.form))  # type: ignore[attr-defined]
        return super().get_formset(request, obj, **kwargs)  # type: ignore[misc]


class AdminMixin(_Shared):
    """Put under every registered ModelAdmin by :class:`config.admin_site.ClubAdminSite`."""

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any):  # type: ignore[no-untyped-def]
        return isolating(super().get_form(request, obj, **kwargs))  # type: ignore[misc]

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any):  # type: ignore[no-untyped-def]
        return isolating(super().get_changelist_form(request, **kwargs))  # type: ignore[misc]

    def get_inlines(self, request: HttpRequest, obj: Any) -> list[type]:
        return [isolating(inline) for inline in super().get_inlines(request, obj)]  # type: ignore[misc]

    def get_list_display(self, request: HttpRequest) -> Sequence[Any]:
        names = super().get_list_display(request)  # type: ignore[misc]
        editable = set(self.list_editable)  # type: ignore[attr-defined]
        return [n if n == "action_checkbox" or n in editable else self._column(n) for n in names]

    def get_list_display_links(self, request: HttpRequest, list_display: Sequence[Any]) -> Any:
        links = self.list_display_links  # type: ignore[attr-defined]
        if links is None or not list_display:
            return links
        if not links:
            return list(list_display)[:1]
        wrapped = {getattr(c, "__name__", c): c for c in list_display}
        return [wrapped.get(getattr(n, "__name__", n), n) for n in links]

    def _column(self, name: str | Callable) -> Callable[[models.Model], object]:
        cache = self.__dict__.setdefault("_columns", {})
        if name not in cache:
            cache[name] = _column(name, self)
        return cache[name]

    def action_checkbox(self, obj: models.Model) -> str:
        """Django's checkbox, its accessible name holding the object's isolated text."""
        attrs = {
            "class": "action-select",
            "aria-label": _("Select this object for an action - {}").format(isolated(obj)),
        }
        checkbox = forms.CheckboxInput(attrs, lambda value: False)
        return checkbox.render(helpers.ACTION_CHECKBOX_NAME, str(obj.pk))

    def render_change_form(  # type: ignore[no-untyped-def]
        self,
        request: HttpRequest,
        context: dict,
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Any = None,
    ):
        if obj is not None:
            context["subtitle"] = isolated(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)  # type: ignore[misc]

    def history_view(self, request: HttpRequest, object_id: str, extra_context: Any = None):  # type: ignore[no-untyped-def]
        response = super().history_view(request, object_id, extra_context)  # type: ignore[misc]
        obj = _context(response).get("object")
        if obj is not None:
            _context(response)["title"] = _("Change history: %s") % isolated(obj)
        return response

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> tuple:
        """Django's list of what a deletion takes (``admin.utils.get_deleted_objects``), each
        object isolated."""
        objs = list(objs)
        if not objs:
            return [], {}, set(), []
        site = self.admin_site  # type: ignore[attr-defined]
        collector = NestedObjects(using=router.db_for_write(objs[0]._meta.model), origin=objs)
        collector.collect(objs)
        perms_needed: set[str] = set()

        def described(obj: models.Model) -> SafeString:
            opts = obj._meta
            kind = capfirst(opts.verbose_name)
            if not site.is_registered(obj.__class__):
                return format_html("{}: {}", kind, isolated_html(obj))
            if not site.get_model_admin(obj.__class__).has_delete_permission(request, obj):
                perms_needed.add(opts.verbose_name)
            return format_html("{}: {}", kind, _link(self, obj))

        to_delete = collector.nested(described)
        protected = [described(obj) for obj in collector.protected]
        counts = {m._meta.verbose_name_plural: len(o) for m, o in collector.model_objs.items()}
        return to_delete, counts, perms_needed, protected


def _context(response: HttpResponse) -> dict:
    return response.context_data if isinstance(response, TemplateResponse) else {}
