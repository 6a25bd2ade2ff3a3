"""The authentication backend of the site's accounts: Django's ``ModelBackend``, with the user
read every authenticated request makes compiled once (``games.queries.CompiledQuery``).

Logging in and every other part are ``ModelBackend``'s own; only ``get_user`` (the user of a
session, on each request) and the reads of a member's permissions (his own, his groups', read once
per request) skip building the same SQL again each time. A permission check (``has_perm``) reads
both in one query, where ``ModelBackend`` reads them in two.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Permission
from django.db import router
from django.db.models import Q

from games.queries import CompiledQuery

USER_ID = 2_000_000_017

USER_BY_ID = CompiledQuery(lambda pk: get_user_model()._default_manager.filter(pk=pk), USER_ID)
# ModelBackend's two permission reads (``_get_user_permissions``, ``_get_group_permissions``).
PERMISSIONS = {
    source: CompiledQuery(
        lambda pk, lookup=lookup: (
            Permission.objects.filter(**{lookup: pk})
            .values_list("content_type__app_label", "codename")
            .order_by()
        ),
        USER_ID,
    )
    for source, lookup in (("user", "user__id"), ("group", "group__user__id"))
}

# Both at once, for ``has_perm`` and ``get_all_permissions``.
ALL_PERMISSIONS = CompiledQuery(
    lambda pk: (
        Permission.objects.filter(Q(user__id=pk) | Q(group__user__id=pk))
        .values_list("content_type__app_label", "codename")
        .order_by()
        .distinct()
    ),
    USER_ID,
)


class AccountBackend(ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        # ``user_id`` is already the primary key's Python value (``auth.get_user`` converts it).
        found = USER_BY_ID.instances(router.db_for_read(get_user_model()), user_id)
        if not found:
            return None
        user = found[0]
        return user if self.user_can_authenticate(user) else None

    def _get_permissions(self, user_obj: Any, obj: Any, from_name: str) -> set[str]:
        """``ModelBackend``'s, with the SQL built once (a superuser's: ``ModelBackend``'s own)."""
        if user_obj.is_superuser or from_name not in PERMISSIONS:
            return super()._get_permissions(user_obj, obj, from_name)
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        cache = f"_{from_name}_perm_cache"
        if not hasattr(user_obj, cache):
            rows = PERMISSIONS[from_name].rows(router.db_for_read(Permission), user_obj.pk)
            setattr(user_obj, cache, {f"{app}.{codename}" for app, codename in rows})
        return getattr(user_obj, cache)

    def get_all_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        """``ModelBackend``'s: a member's own permissions and his groups', read in one query
        (a superuser's, an inactive user's and an object's: ``ModelBackend``'s own)."""
        if user_obj.is_superuser or obj is not None:
            return super().get_all_permissions(user_obj, obj)
        if not user_obj.is_active or user_obj.is_anonymous:
            return set()
        if not hasattr(user_obj, "_perm_cache"):
            rows = ALL_PERMISSIONS.rows(router.db_for_read(Permission), user_obj.pk)
            user_obj._perm_cache = {f"{app}.{codename}" for app, codename in rows}
        return user_obj._perm_cache
