"""ASGI entry point: ``config.asgi:application``.

The settings are ``DJANGO_SETTINGS_MODULE``'s, or those ``DJANGO_ENV`` names (``production``,
``lan``, ``development``); with neither the server refuses to start (config/env.py).
"""

import os

from django.core.asgi import get_asgi_application

from config.env import settings_module

os.environ["DJANGO_SETTINGS_MODULE"] = settings_module()

application = get_asgi_application()
