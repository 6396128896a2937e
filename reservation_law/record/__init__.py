"""The record: what is written, and how it is checked later. The CSV, XLSX and
HTML writers (`record.writers`, `record.reports`), the safe write that leaves no partial file (`record.safe_write`),
every command's output as an exhibit (`record.exhibit`) and `verify` (`record.verify`).

Before 0.5.0 `reservation_law.record` was one module; its names are still given here, from the modules that now hold
them, with a DeprecationWarning, in the 0.5.x and 0.6.x versions."""
import importlib as _importlib, warnings as _warnings

_OLD = ('core.provenance', 'core.json', 'record.writers', 'record.reports', 'record.safe_write')


def __getattr__(name):
    if name.startswith('__'): raise AttributeError(name)
    for target in _OLD:
        try: module = _importlib.import_module(f'reservation_law.{target}')
        except ModuleNotFoundError: continue
        if hasattr(module, name):
            _warnings.warn(f"reservation_law.record.{name} is deprecated since 0.5.0 and goes in 0.9.0: import it from "
                           f"reservation_law.{target}", DeprecationWarning, stacklevel=2)
            return getattr(module, name)
    raise AttributeError(f"module 'reservation_law.record' has no attribute {name!r}")
