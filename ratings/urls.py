"""URLs of the ratings pages (docs/ratings.md, "Pages"), under ``/ratings/``."""

from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("<int:pk>/", views.detail, name="list"),
    path("<int:pk>/edit/", views.edit, name="edit"),
    path("<int:pk>/rebuild/", views.rebuild, name="rebuild"),
    path("tournaments/<int:pk>/", views.rated, name="rated"),
    path("tournaments/<int:pk>/report/", views.report, name="report"),
]
