"""Configuration: where each setting of a hand file comes from.

One package, as ruff has one: finding the repository's configuration file,
reading each source of settings, and resolving them into the frozen
settings the command line and the server use.
"""
