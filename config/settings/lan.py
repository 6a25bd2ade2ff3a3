"""Club-LAN settings: ``DJANGO_SETTINGS_MODULE=config.settings.lan`` (``make serve-lan``).

The production stack (debug off, granian, static files by WhiteNoise, the same log-in
protection) over **plain HTTP** on a local network, for a club's laptop without TLS: cookies are
not marked Secure, nothing redirects to HTTPS and no HSTS is sent. Everything typed, passwords
included, crosses the network unencrypted: use it only on a network you trust, never on the
Internet. ``manage.py check --deploy`` warns about exactly these settings, as it should.

``DJANGO_SECRET_KEY`` is required as in production (``make serve-lan`` keeps one in
``var/secret-key``); ``DJANGO_ALLOWED_HOSTS`` defaults to any host name (``*``), since players
reach the laptop by whatever address the network gives it.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "*")

from config.settings.production import *  # noqa: F403

SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = False
SECURE_HSTS_PRELOAD = False
SECURE_PROXY_SSL_HEADER = None
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
LANGUAGE_COOKIE_SECURE = False
