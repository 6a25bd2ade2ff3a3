"""``manage.py send_notices``: mail each account that asked for it its news since the last mail.

Run it every few minutes (cron, a systemd timer). Each account gets at most one mail a run,
listing what is new since the mail before; an account is marked only once its mail is sent,
so a failed run sends the same news again the next time.
"""

from __future__ import annotations

from typing import Any

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import NoticeSettings
from accounts.notices import news
from common.commands import TranslatedCommand


class Command(TranslatedCommand):
    help = gettext_lazy("Mail their news to the accounts that asked for it.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--base-url",
            default="",
            help=gettext_lazy(
                "The site's address for the links in the mails (https://club.example.org)."
            ),
        )

    def handle(self, *args: Any, base_url: str = "", **options: Any) -> None:
        sent = 0
        wanted = NoticeSettings.objects.filter(by_email=True).select_related("user")
        for state in wanted.exclude(user__email=""):
            now = timezone.now()
            fresh = news(state.user, state.mailed_at)
            if fresh:
                with translation.override(self.language):
                    context = {"user": state.user, "news": fresh, "base_url": base_url.rstrip("/")}
                    subject = " ".join(
                        render_to_string("accounts/email/notices_subject.txt", context).split()
                    )
                    body = render_to_string("accounts/email/notices_message.txt", context)
                send_mail(subject, body, None, [state.user.email])
                sent += 1
            NoticeSettings.objects.filter(pk=state.pk).update(mailed_at=now)
        self.stdout.write(
            ngettext("%(count)s mail sent.", "%(count)s mails sent.", sent) % {"count": sent}
        )
