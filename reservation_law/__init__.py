__version__ = "0.4.0"

# The public API, imported when first used (so that `reservation-law --help` does not load pandas).
# `check` and `rotate` are also the names of their modules: `rl.check` is the module `reservation_law.check`, and it is
# callable as the function `check` is (`rl.check(statute, bodies, published)`), whatever was imported first; likewise
# `rl.rotate`. `from reservation_law.check import check` and `import reservation_law.check` work as for any module.
import sys as _sys, types as _types

_API = {'allot': 'api', 'seats': 'api', 'load_previous': 'api', 'load_bodies': 'bodies', 'InputError': 'bodies',
        'statutes': 'registry', 'get': 'registry', 'from_json': 'record', 'to_json': 'record', 'explain': 'check'}
_CALLABLE = ('check', 'rotate')   # modules that are called as the function of their own name


class _CallableModule(_types.ModuleType):
    "A module called as the function of its name: `rl.check(...)` is `reservation_law.check.check(...)`."
    def __call__(self, *args, **kwargs): return getattr(self, self.__name__.rsplit('.', 1)[1])(*args, **kwargs)

    @property
    def __signature__(self):
        import inspect
        return inspect.signature(getattr(self, self.__name__.rsplit('.', 1)[1]))


class _Package(_types.ModuleType):
    "The package: a submodule in `_CALLABLE` becomes callable as it is bound here (by any import of it)."
    def __setattr__(self, name, value):
        if name in _CALLABLE and isinstance(value, _types.ModuleType) and not isinstance(value, _CallableModule):
            value.__class__ = _CallableModule
        super().__setattr__(name, value)


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


__all__ = ['allot', 'seats', 'load_previous', 'load_bodies', 'InputError', 'statutes', 'get', 'from_json', 'to_json',
           'rotate', 'check', 'explain']
_sys.modules[__name__].__class__ = _Package
