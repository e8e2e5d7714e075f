"""The application: turn handling, commands, confirmations, scheduler, CLI, config, logging."""

__all__ = ["__version__"]
__version__ = "0.1.0"
