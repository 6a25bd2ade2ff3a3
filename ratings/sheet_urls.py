"""URLs of the ratings' spreadsheets, under ``ratings/`` (beside the ratings pages' own)."""

from django.urls import path

from ratings import sheet_views

app_name = "rating_sheets"

urlpatterns = [
    path("<int:pk>/list.xlsx", sheet_views.list_xlsx, name="list"),
    path("<int:pk>/import/", sheet_views.list_import, name="import"),
    path("<int:pk>/import/apply/", sheet_views.list_import_apply, name="import_apply"),
    path("tournaments/<int:pk>/report.xlsx", sheet_views.report_xlsx, name="report"),
]
