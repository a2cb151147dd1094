from django.urls import path

from tables import api, views

app_name = "tables"

urlpatterns = [
    path("tables/", views.table_list, name="list"),
    path("tables/new/", views.table_create, name="create"),
    path("tables/judge/", views.judge, name="judge"),
    path("tables/<int:pk>/", views.table_page, name="table"),
    path("tables/<int:pk>/table/", views.table_fragment, name="fragment"),
    path("tables/<int:pk>/watch/", views.table_watch, name="watch"),
    path("tables/<int:pk>/watch/table/", views.watch_fragment, name="watch-fragment"),
    path("tables/<int:pk>/join/", views.table_join, name="join"),
    path("tables/<int:pk>/cancel/", views.table_cancel, name="cancel"),
    path("tables/<int:pk>/act/", views.table_act, name="act"),
    path("tables/<int:pk>/concede/", views.table_concede, name="concede"),
    path("tables/<int:pk>/claim/", views.table_claim, name="claim"),
    path("tables/<int:pk>/present/", views.table_present, name="present"),
    path("tables/<int:pk>/log/", views.table_log, name="log"),
    path("api/tables/<int:pk>/", api.TableView.as_view(), name="api-table"),
    path("api/tables/<int:pk>/actions/", api.TableActView.as_view(), name="api-act"),
    path("api/tables/<int:pk>/watch/", api.TableWatchView.as_view(), name="api-watch"),
    path("api/tables/<int:pk>/concede/", api.TableConcedeView.as_view(), name="api-concede"),
    path("api/tables/<int:pk>/claim/", api.TableClaimView.as_view(), name="api-claim"),
]
