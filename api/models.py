"""The api app's models: the players' private calendar links."""

from api.calendar_links import CalendarLink

__all__ = ["CalendarLink"]
