"""The bottom floor: small helpers every app may use (structured logs, the management commands'
base class, reading a posted id, the admin's id-safe autocomplete, what waits for an
arbiter's decision, steps of data migrations). Django and the standard library
only; ``common`` imports no app of the project."""
