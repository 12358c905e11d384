"""The version, in one place (the package, the CLI and the HTML report read it)."""

__version__ = "0.1.0"
"""The installed version of recallbench."""
