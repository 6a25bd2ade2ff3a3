"""Attacks on the site: rights, ids of other tournaments, CSRF, sizes, escaping, headers, logins,
and the production settings."""
