"""The pages of games on one device (:mod:`games.device`): the form that starts one, for a
visitor with or without an account, and the owner's setting of turning the board. The game
itself is played on the ordinary game page (games.views), for every seat."""

from __future__ import annotations

import time
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import device, device_services, hooks, kinds
from games.device_models import DeviceGame
from games.forms import MAX_SEATS, KindOptionFields
from games.models import Game, Player
from games.player_services import column_limit
from games.services import validate_game_options

# A visitor without an account makes at most this many games an hour from one address.
RATE = (30, 3600)

LEVEL_CHOICES = [
    (1, gettext_lazy("1 — a beginner can win")),
    (2, gettext_lazy("2 — casual")),
    (3, gettext_lazy("3 — club beginner")),
    (4, gettext_lazy("4 — club player")),
    (5, gettext_lazy("5 — strong club player")),
    (6, gettext_lazy("6 — expert")),
    (7, gettext_lazy("7 — master")),
    (8, gettext_lazy("8 — the full engine")),
]


class DeviceGameForm(KindOptionFields, forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Game"), widget=forms.RadioSelect)
    seats = forms.IntegerField(
        label=gettext_lazy("Players"),
        min_value=2,
        max_value=MAX_SEATS,
        initial=2,
        help_text=gettext_lazy("SOS: 2 to 6. Ultimate tic-tac-toe: 2."),
    )
    level = forms.TypedChoiceField(
        label=gettext_lazy("The computer's level"),
        coerce=int,
        initial=3,
        required=False,
        empty_value=3,
        choices=LEVEL_CHOICES,
        help_text=gettext_lazy("For the seats the computer plays."),
    )
    turn_board = forms.BooleanField(
        label=gettext_lazy("Turn the board towards the player to move"),
        required=False,
        help_text=gettext_lazy("For players sitting around the device."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(MAX_SEATS):
            self.fields[f"name_{n}"] = forms.CharField(
                label=_("Player %(number)s") % {"number": n + 1},
                required=False,
                max_length=column_limit(Player, "name"),
                widget=forms.TextInput(attrs={"dir": "auto", "autocomplete": "off"}),
                help_text=_("Moves first.") if n == 0 else "",
            )
            self.fields[f"computer_{n}"] = forms.BooleanField(
                label=_("The computer plays for Player %(number)s") % {"number": n + 1},
                required=False,
            )

    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"name_{n}"] for n in range(MAX_SEATS)]

    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each seat's name and whether the computer plays it."""
        return [(self[f"name_{n}"], self[f"computer_{n}"]) for n in range(MAX_SEATS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.forget_other_kinds(data)
        kind, seats = data.get("kind"), data.get("seats")
        if not kinds.known(kind) or seats is None:
            return data
        problem = kinds.get(kind).seat_problem(seats)
        if problem:
            self.add_error("seats", problem)
            return data
        data["options"] = self.rules_options(kind, data)
        data["names"] = [data.get(f"name_{n}") or "" for n in range(seats)]
        data["computer_seats"] = [n for n in range(seats) if data.get(f"computer_{n}")]
        if data["computer_seats"] and len(data["computer_seats"]) == seats:
            self.add_error(None, _("Leave at least one seat to a person."))
        if not self.errors:
            try:
                validate_game_options(kind, data["options"], seats)
            except ValueError as err:
                raise forms.ValidationError(
                    _("These rules options are not allowed: %(reason)s") % {"reason": err}
                ) from None
        return data


def over_rate(request: HttpRequest) -> bool:
    """Count a game made by a visitor without an account from his address; over the limit?"""
    count, period = getattr(settings, "DEVICE_GAMES_RATE", RATE)
    window = int(time.time() // period)
    key = f"device-games:{hooks.client_address(request)}:{window}"
    cache.add(key, 0, timeout=period + 1)
    try:
        seen = cache.incr(key)
    except ValueError:  # gone between add and incr
        cache.set(key, 1, timeout=period + 1)
        seen = 1
    return seen > count


def device_new(request: HttpRequest, against: bool = False) -> HttpResponse:
    """*Play on this device* (``against``: *Play the computer*, the second seat the computer's
    at first): the form, and the game it starts (no account needed)."""
    initial = {"computer_1": True} if against else None
    form = DeviceGameForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        anonymous = not request.user.is_authenticated
        if anonymous and over_rate(request):
            form.add_error(None, _("Too many new games from your address: try again later."))
        else:
            token = device.ensure_token(request.session) if anonymous else None
            try:
                game = device_services.create_device_game(
                    kind=data["kind"],
                    options=data["options"],
                    names=data["names"],
                    seats=data["seats"],
                    turn_board=data["turn_board"],
                    owner=request.user,
                    token=token,
                    computer_seats=data["computer_seats"],
                    level=data["level"],
                )
            except ValueError as err:
                form.add_error(None, str(err))
            else:
                if anonymous:
                    device.sweep(limit=device.SWEEP_BATCH)
                return redirect(game)
    return render(request, "games/device_new.html", {"form": form, "against": against})


@require_POST
def device_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner turns the board's turning on or off."""
    found = owned_device(request, pk)
    device.set_turn_board(game_id=found.game_id, turn=request.POST.get("turn_board") == "1")
    return redirect("games:detail", pk)


def owned_device(request: HttpRequest, pk: int) -> DeviceGame:
    """The game on one device ``pk`` of the visitor; 404 if there is none, 403 if not his."""
    found = DeviceGame.objects.filter(game_id=pk).first()
    if found is None:
        raise Http404
    if not device.is_owner(found, request.user, device.session_token(request.session)):
        raise PermissionDenied(_("This game is played on another device."))
    return found


def device_of_page(request: HttpRequest, game: Game) -> tuple[DeviceGame | None, bool]:
    """The page's game on one device (read with the game: :func:`connect`'s flags), ``None`` for
    any other game, and whether the visitor owns it."""
    token_hash = getattr(game, "device_token", None)
    if token_hash is None:
        return None, False
    found = DeviceGame(
        game_id=game.pk,
        token_hash=token_hash,
        owner_id=getattr(game, "device_owner", None),
        turn_board=bool(getattr(game, "device_turn", False)),
    )
    owner = device.is_owner(found, request.user, device.session_token(request.session))
    if owner and getattr(game, "device_computer", 0):  # against the computer: its whole row
        found = DeviceGame.objects.get(game_id=game.pk)
    return found, owner


def refuse_others(request: HttpRequest, game: Game) -> tuple[DeviceGame | None, bool]:
    """:func:`device_of_page`; a game on one device that is not the visitor's is refused
    (a 403), except to a superuser."""
    found, owner = device_of_page(request, game)
    if found is not None and not owner:
        refuse(request)
    return found, owner


def refuse(request: HttpRequest) -> None:
    """Another's game on one device: a 403, except to a superuser (its page, its poll)."""
    if not request.user.is_superuser:
        raise PermissionDenied(_("This game is played on another device."))


def _claim_at_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is not None and hasattr(request, "session"):
        device.claim(token=device.session_token(request.session), user=user)


def connect() -> None:
    """From ``GamesConfig.ready()``: the page's game is read with its device facts (no query of
    its own), and a log-in (or a sign-up's) claims the session's games."""
    rows = DeviceGame.objects.filter(game=OuterRef("pk"))
    hooks.register_game_page_flag("device_token", lambda: Subquery(rows.values("token_hash")[:1]))
    hooks.register_game_page_flag("device_owner", lambda: Subquery(rows.values("owner_id")[:1]))
    hooks.register_game_page_flag("device_turn", lambda: Subquery(rows.values("turn_board")[:1]))
    hooks.register_game_page_flag(
        "device_computer", lambda: Subquery(rows.values("computer_seats")[:1])
    )
    user_logged_in.connect(_claim_at_login, dispatch_uid="games.device.claim")
