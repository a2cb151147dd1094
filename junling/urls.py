from allauth.account import views as account_views
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    # allauth's login and logout under the names the site has always used; the rest of allauth below.
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", account_views.logout, name="logout"),
    path("accounts/", include("allauth.urls")),
    path("", include("home.urls")),
    path("", include("accounts.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("", include("decks.urls")),
    path("", include("matches.urls")),
    path("", include("boards.urls")),
    path("", include("tables.urls")),
]

handler400 = "junling.views.bad_request"
handler403 = "junling.views.forbidden"
handler404 = "junling.views.not_found"
handler500 = "junling.views.server_error"
