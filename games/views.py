"""Views of the games app."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """The club's front page: what the two games are."""
    return render(request, "home.html")
