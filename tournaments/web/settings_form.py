"""The tournament settings form, for a new tournament and for the settings page of one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from games import kinds
from games.analysis_models import MAX_ADJUDICATION_SECONDS
from games.bidi import ltr_text
from games.clock import DEFAULT_TIME_MINUTES, MAX_DEFAULT_TIME_MINUTES
from games.forms import KindOptionFields, TimeControlField
from games.player_services import column_limit
from tournaments import formats
from tournaments.acts import tournament_settings
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.formats.groups import DEFAULT_GROUP_SIZE, MAX_GROUP_SIZE, group_size_of
from tournaments.models import Acceleration, Tournament, TournamentFormat, acceleration_problem
from tournaments.standings import TIEBREAKS
from tournaments.standings.tables import TABLE_TIEBREAKS
from tournaments.web.cup_form import CUP_FIELDS, CupOptionFields
from tournaments.web.tables_form import TABLES_FIELDS, TablesOptionFields

MAX_TIEBREAKS = 6


def _tiebreak_choices() -> list[tuple[str, Any]]:
    """Every tie-break, in two groups: those of games between two, and those of the tables (a
    format takes one group: ``Format.tiebreak_choices``)."""
    return [
        ("", "—"),
        (_("Games between two"), [(key, _(tb.label)) for key, tb in TIEBREAKS.items()]),
        (
            _("At tables"),
            [(key, _(tb.label)) for key, tb in TABLE_TIEBREAKS.items()],
        ),
    ]


class TournamentForm(KindOptionFields, CupOptionFields, TablesOptionFields, forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=column_limit(Tournament, "name"),
        widget=forms.TextInput(attrs={"dir": "auto"}),
    )
    kind = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect)
    format = forms.ChoiceField(
        label=_("Format"), choices=TournamentFormat.choices, initial=TournamentFormat.SWISS
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=50,
        required=False,
        initial=5,
        help_text=_("Swiss only: a round robin plays as many rounds as it needs."),
    )
    group_size = forms.IntegerField(
        label=_("Players a group"),
        min_value=2,
        max_value=MAX_GROUP_SIZE,
        initial=DEFAULT_GROUP_SIZE,
        required=False,
        help_text=_(
            "Groups only: the players are dealt to groups of at most this many by the "
            "serpentine (1, 4, 5, 8 | 2, 3, 6, 7) when round 1 is paired; the play-off follows "
            "once the groups are played."
        ),
    )
    start_date = forms.DateField(
        label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end_date = forms.DateField(
        label=_("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    online = forms.BooleanField(
        label=_("Games are played on the site"),
        required=False,
        initial=True,
        help_text=_("Otherwise the games are played on paper and the arbiter enters results."),
    )
    points_win = forms.DecimalField(
        label=_("Points for a win"), initial=1, max_digits=4, decimal_places=1, min_value=0
    )
    points_draw = forms.DecimalField(
        label=_("Points for a draw"), initial=0.5, max_digits=4, decimal_places=1, min_value=0
    )
    points_loss = forms.DecimalField(
        label=_("Points for a loss"), initial=0, max_digits=4, decimal_places=1, min_value=0
    )
    points_bye = forms.DecimalField(
        label=_("Points for a bye"), initial=1, max_digits=4, decimal_places=1, min_value=0
    )
    acceleration = forms.ChoiceField(
        label=_("Accelerated pairings"),
        choices=Acceleration.choices,
        initial=Acceleration.NONE,
        required=False,
        help_text=_(
            "Swiss only. Baku (FIDE C.04.5.1): the top half of the players get virtual points "
            "for the pairing of the first half of the rounds, so that the strongest meet sooner."
        ),
    )
    # Open registration (tournaments/acts/registration.py).
    registration_open = forms.BooleanField(
        label=_("Players may join through the registration link"),
        required=False,
        help_text=_("Until round 1 is paired."),
    )
    registration_approval = forms.BooleanField(
        label=_("Each joining player waits for an arbiter's approval"),
        required=False,
    )
    dummy_cap = forms.BooleanField(
        label=_("Cap the dummy opponent's score (FIDE 2026)"),
        required=False,
        help_text=_(
            "Buchholz and Sonneborn-Berger: an own unplayed round counts at most the forfeiting "
            "opponent's score, or a draw in every round for a bye (FIDE tie-break regulations "
            "from 1 March 2026, article 16.4)."
        ),
    )
    time_control = TimeControlField(
        help_text=_(
            "The clock of the games played on the site, given to each game when its round is "
            "paired. Empty: no clock. 10+5: 10 minutes each and 5 seconds added a move; 10 d5: "
            "a 5-second delay; 3 days/move; 2 days/move 30 days: also at most 30 days in all."
        )
    )
    # The games' rules, as on the new game form: generated from the game-kind registry.
    kind_options_after = "time_control"

    # What cannot change once round 1 is paired (tournament_settings.FROZEN_FIELDS, as form fields:
    # these and every rules option).
    FROZEN = ("kind", "format")

    def __init__(
        self, *args: Any, tournament: Tournament | None = None, frozen: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for n in range(MAX_TIEBREAKS):
            self.fields[f"tiebreak_{n}"] = forms.ChoiceField(
                label=_("Tie-break %(number)s") % {"number": n + 1},
                choices=_tiebreak_choices(),
                required=False,
                help_text=_("Leave all empty for the usual order of the format.") if n == 0 else "",
            )
        self.frozen = frozen
        if tournament is not None:
            self._add_running_fields()
            self.initial = {**self.initial_of(tournament), **self.initial}
        else:
            # A new tournament shows the usual tie-breaks of the game and format it starts with
            # (an SOS tournament's lead with the SOS points); ``?kind=sos&format=…`` chooses.
            for name in ("kind", "format"):
                if self.initial.get(name) not in dict(self.fields[name].choices):
                    self.initial[name] = self.fields[name].initial
            for n, key in enumerate(self.shown_tiebreaks()):
                self.initial.setdefault(f"tiebreak_{n}", key)
        if frozen:
            cup = [f"cup_{name}" for name in CUP_FIELDS]
            cup += [f"tables_{name}" for name in TABLES_FIELDS]
            for name in (*self.FROZEN, *kinds.option_names(), *cup, "group_size"):
                self.fields[name].disabled = True  # the posted value is ignored

    def _add_running_fields(self) -> None:
        """The settings page's own fields: who arbitrates, and when a win may be claimed."""
        self.fields["arbiters"] = forms.CharField(
            label=_("Arbiters"),
            help_text=_(
                "Their user names, separated by commas. A tournament always keeps at least one."
            ),
            max_length=2000,
            widget=forms.TextInput(attrs={"dir": "auto", "autocomplete": "off"}),
        )
        self.fields["claim_after_minutes"] = forms.IntegerField(
            label=_("A win may be claimed after (minutes)"),
            help_text=_("When the opponent has not moved for this long; empty: no claims."),
            required=False,
            min_value=1,
            max_value=60 * 24 * 30,
        )
        self.fields["default_time"] = forms.IntegerField(
            label=_("Default time (minutes)"),
            help_text=_(
                "After the arbiter starts a round, a side of a game with a clock that has not made "
                "its first move within this time of its turn (or its own time, if less) loses by "
                "forfeit (%(one)s); when neither side has moved, both do (%(both)s)."
            )
            % {
                "one": ltr_text(V.notation(V.FORFEIT_WIN)),
                "both": ltr_text(V.notation(V.DOUBLE_FORFEIT)),
            },
            min_value=1,
            max_value=MAX_DEFAULT_TIME_MINUTES,
            required=False,  # left empty: as it is
        )
        self.fields["engine_seconds"] = forms.IntegerField(
            label=_("engine time for an adjudication (seconds)"),
            help_text=_("How long the engine analyses an unfinished game an arbiter adjudicates."),
            min_value=1,
            max_value=MAX_ADJUDICATION_SECONDS,
        )

    def clean_arbiters(self) -> list[Any]:
        """The named accounts (active ones), in the order written."""
        names = list(dict.fromkeys(n.strip() for n in self.cleaned_data["arbiters"].split(",")))
        names = [n for n in names if n]
        if not names:
            raise forms.ValidationError(_("A tournament needs at least one arbiter."))
        users = get_user_model()._default_manager.filter(
            **{f"{get_user_model().USERNAME_FIELD}__in": names}
        )
        found = {u.get_username(): u for u in users}
        unknown = [n for n in names if n not in found or not found[n].is_active]
        if unknown:
            raise forms.ValidationError(
                _("No active account is called %(names)s.") % {"names": ", ".join(unknown)}
            )
        return [found[n] for n in names]

    def clean_default_time(self) -> int:
        """The minutes given, or (left empty) those the tournament has."""
        minutes = self.cleaned_data.get("default_time")
        if minutes is None:
            return int(self.initial.get("default_time") or DEFAULT_TIME_MINUTES)
        return int(minutes)

    def running_fields(self) -> list[forms.BoundField]:
        return [
            self[name]
            for name in ("arbiters", "claim_after_minutes", "default_time", "engine_seconds")
            if name in self.fields
        ]

    @staticmethod
    def initial_of(t: Tournament) -> dict[str, Any]:
        """The form's values for an existing tournament (its settings page)."""
        initial: dict[str, Any] = {
            "arbiters": ", ".join(sorted(a.get_username() for a in t.arbiters.all())),
            "claim_after_minutes": t.claim_after_minutes,
            "engine_seconds": t.engine_seconds,
            "default_time": t.default_time,
            "acceleration": t.acceleration,
            "dummy_cap": t.dummy_cap,
            "name": t.name,
            "kind": t.kind,
            "format": t.format,
            "rounds": t.rounds,
            "start_date": t.start_date,
            "end_date": t.end_date,
            "online": t.online,
            "points_win": t.points_win,
            "points_draw": t.points_draw,
            "points_loss": t.points_loss,
            "points_bye": t.points_bye,
            "time_control": t.time_control,
            "registration_open": t.registration_open,
            "registration_approval": t.registration_approval,
        }
        initial.update(CupOptionFields.cup_initial(t.format_options))
        initial["group_size"] = group_size_of(t.format_options)
        initial.update(TablesOptionFields.tables_initial(t.format_options))
        for n, key in enumerate(t.tiebreaks[:MAX_TIEBREAKS]):
            initial[f"tiebreak_{n}"] = key
        names = kinds.option_names()
        initial.update({k: v for k, v in t.options.items() if k in names})
        return initial

    def shown_tiebreaks(self) -> list[str]:
        """The usual tie-breaks of the game and format the form was shown with."""
        kind = self.initial.get("kind") or self.fields["kind"].initial
        format = self.initial.get("format")
        if formats.find(format) is None:  # nonsense in the address: the field's own
            format = self.fields["format"].initial
        return tournament_settings.default_tiebreaks(format, kind)

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{n}"] for n in range(MAX_TIEBREAKS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.forget_other_kinds(data)
        order = [data.get(f"tiebreak_{n}") for n in range(MAX_TIEBREAKS)]
        order = [key for key in order if key]
        if len(set(order)) != len(order):
            raise forms.ValidationError(_("Each tie-break can be chosen only once."))
        data["tiebreaks"] = order or None
        if order and order == self.shown_tiebreaks() and not self.frozen:
            # The usual order as shown, left alone: it follows the game and format chosen (an
            # SOS tournament gets the SOS tie-breaks even if the form opened on another game).
            data["tiebreaks"] = None
        data["options"] = self.rules_options(data.get("kind"), data)
        entry = formats.find(data.get("format"))
        try:
            if entry is not None:
                entry.validate(rounds=data.get("rounds"))
        except TournamentError as err:
            self.add_error(err.code, err.message)
        self.clean_format_options(data)
        data["acceleration"] = data.get("acceleration") or Acceleration.NONE
        points = [data.get(f"points_{k}") for k in ("win", "draw", "loss")]
        if data.get("format") and None not in points:
            problem = acceleration_problem(
                acceleration=data["acceleration"],
                format=data["format"],
                win=points[0],
                draw=points[1],
                loss=points[2],
            )
            if problem:
                self.add_error("acceleration", problem)
        return data
