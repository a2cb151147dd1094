"""Junling settings.

The embedded default needs no server: SQLite under var/ and Celery tasks run
in-process. DATABASE_URL=postgres://... switches to PostgreSQL and
CELERY_BROKER_URL=redis://... sends tasks to real workers (make worker).
"""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from engine.systems import all_systems

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("JUNLING_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    try:
        # Readable by its owner only; O_EXCL so two processes starting at once never write two keys.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("DJANGO_DEBUG", "") == "1"
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h]

INSTALLED_APPS = [
    # daphne first: its runserver serves websockets too (`make run` needs no other server).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "django_htmx",
    "channels",
    "allauth",
    "allauth.account",
    "junling",
    "decks",
    "matches",
    "tables",
    "accounts",
    "boards",
    "home",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "junling.parsers.RejectNulMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "junling.middleware.RefusedMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "junling.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "matches.context_processors.navigation",
                "matches.context_processors.notices",
            ],
        },
    },
]
WSGI_APPLICATION = "junling.wsgi.application"
ASGI_APPLICATION = "junling.asgi.application"

# Live play (junling.push, matches.consumers): moves are pushed over websockets through a channel layer.
# In memory by default (one process: `make run`); CHANNEL_REDIS_URL=redis://host:6379/N shares it
# between web processes (every process of one site must use the same Redis, database and prefix).
CHANNEL_REDIS_URL = os.environ.get("CHANNEL_REDIS_URL", "")
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            # A socket's receive waits on Redis up to channels_redis's brpop_timeout (5 s); redis-py 8 times a
            # read out after 5 s by default too, so an idle socket's wait raced its own timeout and the
            # consumer died (TimeoutError: seen in bench/live_push.py). Reads wait longer than the wait.
            # redis-py 8 also caps a pool at 100 connections, each command in flight holding one: sockets
            # opening at once (their group_add) and the pushes went past it at 500 live matches
            # (MaxConnectionsError). The cap is a process's, kept under Redis's own (maxclients 10,000).
            "hosts": [
                {
                    "address": CHANNEL_REDIS_URL,
                    "socket_timeout": 30,
                    "socket_connect_timeout": 5,
                    "max_connections": int(os.environ.get("CHANNEL_REDIS_MAX_CONNECTIONS", "1000")),
                }
            ],
            "prefix": os.environ.get("CHANNEL_PREFIX", "junling"),
        },
    }
    if CHANNEL_REDIS_URL
    else {"BACKEND": "junling.channel_layer.InMemoryChannelLayer"}  # channels', its sweep once a second
}

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'junling.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory, so that a real Celery worker process can share the test database.
    # One file per test run (by process id) so that parallel runs never share a test database.
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(VAR_DIR / f"test_junling_{os.getpid()}.sqlite3")
    # A writer waits for another process's write lock (a worker's, the web's) up to 30 s, not sqlite3's 5 s:
    # on a loaded machine a real worker's commit took longer than that and the test read "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("timeout", 30)
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ.get("JUNLING_TEST_DB", "test_junling")


def db_pool(env: dict[str, str] | os._Environ[str]) -> dict[str, float] | None:
    """PostgreSQL's connection pool (psycopg_pool, Django's ``OPTIONS["pool"]``) if ``DB_POOL=1``, else None.

    The ASGI server turns it on (``junling.asgi``): there every request and every push runs in a thread of
    its own, so without a pool each one opened a new connection (a backend process and about 20 ms) and
    closed it; with one, a connection a thread closes goes back to the pool. ``DB_POOL_MIN`` and
    ``DB_POOL_MAX`` size it (a process's threads that query: ``junling.asgi_http.THREADS`` requests, the
    pushes' executor, min(32, CPUs + 4), and the sockets' one), ``DB_POOL_TIMEOUT``
    is how long a request waits for a free connection (then it fails). Elsewhere it stays off unless asked:
    a Celery prefork child would inherit its parent's pool (its threads gone, its sockets shared), and
    under pytest Django does not close a connection inside a test's transaction, so the connections the
    consumers' and live servers' threads take are never given back and the pool runs dry (tried:
    ``PoolTimeout`` in ``tests/matches/test_push_hidden_information.py`` after a dozen push tests).
    """
    if env.get("DB_POOL", "0") != "1":
        return None
    low = int(env.get("DB_POOL_MIN", "2"))
    return {
        "min_size": low,
        "max_size": max(low, int(env.get("DB_POOL_MAX", "16"))),
        "timeout": float(env.get("DB_POOL_TIMEOUT", "10")),
    }


if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and (_pool := db_pool(os.environ)):
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = _pool
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django refuses persistent connections with a pool
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes: after AXES_FAILURE_LIMIT wrong passwords for one user name from one address, that name
# is refused from there for AXES_COOLOFF_HOURS. Keyed by name and address together so that players
# sharing a venue's address do not lock each other out. The same backend guards the site's login,
# the admin login and the API's HTTP Basic.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "1"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind a reverse proxy, the number of proxies in front (X-Forwarded-For), or every user shares one address.
AXES_IPWARE_PROXY_COUNT = int(os.environ.get("JUNLING_PROXY_COUNT", "0")) or None
AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]
if AXES_IPWARE_PROXY_COUNT:
    AXES_IPWARE_META_PRECEDENCE_ORDER.insert(0, "HTTP_X_FORWARDED_FOR")
# allauth's login form calls its user field "login" (a user name or an e-mail address): the lockout key
# is what was typed there, so that axes keys the site's login, the admin's and HTTP Basic alike.
AXES_USERNAME_CALLABLE = "accounts.lockout.username_of"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home:dashboard"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth): sign-up with a user name and an e-mail address, which must be confirmed
# before the first login; password reset and change. Accounts made by staff without an e-mail address
# (the admin, loaddemo) log in as before (accounts/forms.py). docs/accounts.md tells the whole story.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Junling] "
ACCOUNT_FORMS = {"login": "accounts.forms.SiteLoginForm"}
# One login limit, django-axes's: failed logins keyed by name and address together (AXES_* above). allauth's own
# per-address limits on logins (30 a minute) and failed logins would give everyone behind one venue's address a
# 429 for a minute after a burst, so both are off (issue 29 point 9); its limits on sign-ups and resets stay.
ACCOUNT_RATE_LIMITS = {"login": None, "login_failed": None}

# E-mail: printed on the console unless an SMTP host is configured (EMAIL_HOST and friends).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Junling <noreply@localhost>")

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", _("简体中文")), ("en", _("English"))]
# The engine's catalogue first: makemessages puts engine/ strings there, the rest in locale/ (one source
# of translations for the site and `python -m engine --lang zh`).
# locale_overrides/ last: Chinese words where a library's own catalogue falls short (django-allauth's "Email").
LOCALE_PATHS = [BASE_DIR / "engine" / "locale", BASE_DIR / "locale", BASE_DIR / "locale_overrides"]
USE_I18N = True
TIME_ZONE = "Asia/Shanghai"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Uploads: card databases and logs are checked against their own limits; this caps a request body.
DATA_UPLOAD_MAX_MEMORY_SIZE = 25 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        # HTTP Basic, but not for a sign-up whose e-mail address is not confirmed yet.
        "accounts.authentication.ConfirmedBasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "junling.api.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "junling.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Expensive endpoints name a scope (throttle_scope); JUNLING_THROTTLE=0 turns the limits off for load tests.
    "DEFAULT_THROTTLE_CLASSES": (
        ["rest_framework.throttling.ScopedRateThrottle"] if os.environ.get("JUNLING_THROTTLE", "1") != "0" else []
    ),
    "DEFAULT_THROTTLE_RATES": {
        "deck-check": os.environ.get("JUNLING_RATE_DECK_CHECK", "600/minute"),
        "upload": os.environ.get("JUNLING_RATE_UPLOAD", "30/minute"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Junling API",
    "DESCRIPTION": "Cards, decks, tournaments and matches for 将军令 Generals' Order.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's files are served by the site (drf-spectacular-sidecar): /api/docs/ works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation lists every error status the site answers it with, in the one envelope (junling.api).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "junling.api.error_responses"],
    # A match is best of 1 or 3 wherever the API names it (tournaments and bot matches): one enum.
    "ENUM_NAME_OVERRIDES": {
        "BestOfEnum": [(1, "1"), (3, "3")],
        "AdjudicationStatusEnum": "matches.models.adjudication.Adjudication.Status",
        "TournamentStatusEnum": "matches.models.tournaments.Tournament.Status",
        # Two choice sets of game systems: every system (tournaments), and those with a map (maps, game data).
        "GameSystemEnum": [(s.id, s.name) for s in all_systems()],
        "MapGameSystemEnum": [(s.id, s.name) for s in all_systems() if s.has_map],
        # Two choice sets named "kind": a deck file's (decks.api.decks.KINDS, its name before the second) and an
        # event's table in the spectators API (a pairing or a pod).
        "KindEnum": [(k, k) for k in ("auto", "text", "json", "csv")],
        "SpectatorTableKindEnum": [("match", "match"), ("pod", "pod")],
    },
}

# Celery: eager (in-process) unless a broker is configured.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task whose worker died unacknowledged goes back to the queue after this many seconds (kombu's Redis
# default is an hour). Longer than any replay task may run, or a slow task would be delivered twice.
# Every task has explicit time limits below the visibility timeout, so a task whose worker died whole is
# delivered again within CELERY_VISIBILITY_TIMEOUT (two minutes), never while it may still be running.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_SOFT_TIME_LIMIT", "60"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("CELERY_TIME_LIMIT", "90"))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "120")),
    # A publish after a commit makes one quick attempt; the outbox relay retries (junling/outbox.py).
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
    "socket_connect_timeout": 3,
    "socket_timeout": 10,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 3
# An adjudication still queued this long after its request, its task sent, gets the task again (a worker that
# died as the broker handed it the message lost it; matches.services.adjudication.do_sweep_adjudications).
ADJUDICATION_STALL_SECONDS = int(os.environ.get("ADJUDICATION_STALL_SECONDS", "180"))
OUTBOX_RELAY_SECONDS = float(os.environ.get("OUTBOX_RELAY_SECONDS", "30"))
CELERY_BEAT_SCHEDULE = {
    "relay-outbox": {"task": "junling.relay_outbox", "schedule": OUTBOX_RELAY_SECONDS},
    # Refereed games whose clock ran out lose on time even when nobody comes back (matches.services.play.ending).
    "sweep-clocks": {"task": "matches.sweep_clocks", "schedule": float(os.environ.get("CLOCK_SWEEP_SECONDS", "10"))},
    # A bot's move whose task was lost (a crashed worker) is enqueued again (matches.services.play.bot).
    "sweep-bots": {"task": "matches.sweep_bots", "schedule": float(os.environ.get("BOT_SWEEP_SECONDS", "30"))},
    # A replay whose task a dead worker lost is enqueued again (matches.services.adjudication).
    "sweep-adjudications": {
        "task": "matches.sweep_adjudications",
        "schedule": float(os.environ.get("ADJUDICATION_SWEEP_SECONDS", "60")),
    },
    "sweep-table-bots": {"task": "tables.sweep_bots", "schedule": float(os.environ.get("BOT_SWEEP_SECONDS", "30"))},
    "sweep-table-clocks": {
        "task": "tables.sweep_clocks",
        "schedule": float(os.environ.get("CLOCK_SWEEP_SECONDS", "10")),
    },
}

# Content Security Policy (django-csp), on in every setting so that the browser tests run under it:
# scripts only from the site; inline styles allowed (the SVG charts and htmx's indicator use them).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Production (JUNLING_PRODUCTION=1, behind HTTPS): `manage.py check --deploy` is clean. See docs/security.md.
PRODUCTION = os.environ.get("JUNLING_PRODUCTION", "") == "1"
if PRODUCTION:
    SECURE_SSL_REDIRECT = os.environ.get("JUNLING_SSL_REDIRECT", "1") == "1"
    SECURE_HSTS_SECONDS = int(os.environ.get("JUNLING_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if AXES_IPWARE_PROXY_COUNT:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    CSRF_TRUSTED_ORIGINS = [f"https://{h}" for h in ALLOWED_HOSTS if h not in ("testserver",)]

# Structured logs: one JSON object a line (python-json-logger) with LOG_FORMAT=json, the default in
# production; plain text otherwise.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "json" if PRODUCTION else "text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger", "process": "pid"},
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
