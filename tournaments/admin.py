"""Admin registrations for the tournaments app (none yet)."""
