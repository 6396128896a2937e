__version__ = "0.4.0"

# The public API, imported when first used (so that `reservation-law --help` does not load pandas).
# `check` and `rotate` are not among them: they are also the names of their modules, and `rl.check` is the module
# (`from reservation_law.check import check`), whatever was imported first.
_API = {'allot': 'api', 'seats': 'api', 'load_previous': 'api', 'load_bodies': 'bodies', 'InputError': 'bodies',
        'statutes': 'registry', 'get': 'registry', 'from_json': 'record', 'to_json': 'record', 'explain': 'check'}


def __getattr__(name):
    import importlib
    if name in _API:
        value = getattr(importlib.import_module(f'reservation_law.{_API[name]}'), name)
        globals()[name] = value
        return value
    try: return importlib.import_module(f'reservation_law.{name}')
    except ModuleNotFoundError as e:
        if e.name != f'reservation_law.{name}': raise
    raise AttributeError(f"module 'reservation_law' has no attribute {name!r}")


__all__ = ['allot', 'seats', 'load_previous', 'load_bodies', 'InputError', 'statutes', 'get', 'from_json', 'to_json', 'explain']
