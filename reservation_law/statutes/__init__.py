"""The statutes: one module per statute, its texts beside it (`*.txt`, as received).

`reservation_law.statutes` is also the public function `statutes()` of the register (`rl.statutes()`: every statute
this version knows): the package is callable as that function is, as `rl.check` and `rl.rotate` are."""
import sys as _sys, types as _types


class _Statutes(_types.ModuleType):
    "This package, called as `core.registry.statutes` (`rl.statutes()`), with its signature."
    def __call__(self, *args, **kwargs):
        from reservation_law.core.registry import statutes
        return statutes(*args, **kwargs)

    @property
    def __signature__(self):
        import inspect
        from reservation_law.core.registry import statutes
        return inspect.signature(statutes)

    @property
    def __doc__(self):
        from reservation_law.core.registry import statutes
        return statutes.__doc__


_sys.modules[__name__].__class__ = _Statutes
