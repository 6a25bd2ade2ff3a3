"""WSGI entry point: ``config.wsgi:application``.

The settings are ``DJANGO_SETTINGS_MODULE``'s, or those ``DJANGO_ENV`` names (``production``,
``lan``, ``development``); with neither the server refuses to start (config/env.py).
"""

import os

from django.core.wsgi import get_wsgi_application

from config.env import settings_module

os.environ["DJANGO_SETTINGS_MODULE"] = settings_module()

application = get_wsgi_application()
