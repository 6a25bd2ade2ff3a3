"""The project's URLs with the sheets app included, as config/urls.py will have them."""

from django.urls import include, path

from config.urls import urlpatterns as project

urlpatterns = [path("sheets/", include("sheets.urls")), *project]
