"""Version of the lasvegas package."""

__version__ = "0.9.0"
