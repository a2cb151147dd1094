"""Junling's game knowledge: cards, deck rules, the rules engine, logs and replay.

Pure Python: nothing here imports Django, DRF or Celery, so the engine runs on its
own (``python -m engine ...``) and the site, the API, the CLI and the Celery tasks
all call the same code.
"""

__all__ = ["__version__"]
__version__ = "0.1.0"
