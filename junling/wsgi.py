import os

from django.core.wsgi import get_wsgi_application

from junling.gcfreeze import freeze_after_startup

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")
application = get_wsgi_application()
# Whatever server imports this (gunicorn, runserver, uWSGI): keep the collector off the loaded app.
freeze_after_startup()
