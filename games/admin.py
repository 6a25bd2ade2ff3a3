"""Admin registrations for the games app (none yet)."""
