__version__ = "0.8.3"

# The package in four layers, each importing only the layers above it in this list (tests/test_layers.py holds it):
#   core/        the input table, exact rounding, the arrangement and the Result, the register of statutes, provenance,
#                the result as JSON
#   statutes/    one module per statute, its texts beside it (statutes/*.txt)
#   pictures     the drawings of a result (matplotlib): below the procedures, which draw their own results
#   procedures/  allot and seats, rotate, check (and what a list implies), explain (and its margins), order
#   record/      what is written: the result as JSON, CSV/XLSX/HTML writers, the safe write, exhibits, verify
#   api, cli, course, workbook, reference: the doors (the public API, the command line, the course and the workbook)
#
# The public API, imported when first used (so that `reservation-law --help` does not load pandas): `rl.allot`,
# `rl.explain`, ... are the functions of `reservation_law.api`. `rl.check` and `rl.rotate` are, as before 0.5.0, the
# modules of those functions made callable (`rl.check(statute, bodies, published)`, and `rl.check.Check`); `rl.statutes`
# is the package of the statutes, callable as the register's `statutes()` (`rl.statutes()`).
import importlib as _importlib, importlib.util as _util, sys as _sys, types as _types
import warnings as _warnings

_API = {'allot': 'procedures.allot', 'seats': 'procedures.allot', 'load_previous': 'procedures.allot',
        'load_bodies': 'core.bodies', 'InputError': 'core.bodies', 'get': 'core.registry',
        'from_json': 'core.json', 'to_json': 'core.json',
        'explain': 'procedures.explain'}

# Module paths before 0.5.0 -> the modules that now hold their names. They still import, in the 0.5.x and 0.6.x versions, with a
# DeprecationWarning; the CHANGELOG lists them.
MOVED = {'rounding': ('core.rounding',), 'bodies': ('core.bodies',), 'arrangement': ('core.arrangement',),
         'registry': ('core.registry',), 'catalogue': ('core.catalogue',), 'verbatim': ('core.verbatim',),
         'lazy': ('core.lazy',), 'fonts': ('core.fonts',),
         'up_mayor_1994': ('statutes.up_mayor_1994',), 'up_mayor_2023': ('statutes.up_mayor_2023',),
         'up_corporation_wards': ('statutes.up_corporation_wards',),
         'up_chairpersons_2023': ('statutes.up_chairpersons_2023',), 'municipal_council': ('statutes.municipal_council',),
         'rotate': ('procedures.rotate', 'cli', 'commands'),
         'check': ('procedures.check', 'procedures.readings', 'procedures.implied', 'procedures.walks', 'procedures.counts',
                   'procedures.explain', 'record.check_reports', 'cli', 'commands'),
         'order': ('procedures.order', 'cli', 'commands'), 'exhibit': ('record.exhibit', 'record.verify', 'cli', 'commands')}


_CALLABLE = {'check': 'procedures.check', 'rotate': 'procedures.rotate'}


class _CallableModule(_types.ModuleType):
    "A module called as the function of its name: `rl.check(...)` is `reservation_law.procedures.check.check(...)`."
    def __call__(self, *args, **kwargs): return getattr(self, self.__name__.rsplit('.', 1)[1])(*args, **kwargs)

    @property
    def __signature__(self):
        import inspect
        return inspect.signature(getattr(self, self.__name__.rsplit('.', 1)[1]))


class _Moved(_types.ModuleType):
    "An old module path: each name is looked up in the modules that now hold it (a DeprecationWarning the first time)."
    def __getattr__(self, name):
        if name.startswith('__'): raise AttributeError(name)
        for target in self.__dict__['_targets']:
            module = _importlib.import_module(f'reservation_law.{target}')
            if hasattr(module, name): return getattr(module, name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")

    def __call__(self, *args, **kwargs):   # `rl.check(...)`, `rl.rotate(...)` even after `import reservation_law.check`
        leaf = self.__name__.rsplit('.', 1)[1]
        if leaf not in _CALLABLE:              # `rl.order(...)`: a module of the old paths, not a function
            raise TypeError(f"{self.__name__} is a module, not a function: call the function it holds (for an order, "
                            "reservation_law.procedures.order.allotment_order, as `reservation-law order` does)")
        return self.__getattr__(leaf)(*args, **kwargs)

    @property
    def __signature__(self):
        import inspect
        return inspect.signature(self.__getattr__(self.__name__.rsplit('.', 1)[1]))


class _MovedFinder:
    """Finds `reservation_law.check` and the other paths of MOVED: a meta path finder and its loader (the import system asks
    only for these methods; `importlib.abc` is not imported for its base classes, which would load `importlib.resources`,
    `tempfile` and more, a tenth of `reservation-law statutes`)."""
    def find_spec(self, fullname, path=None, target=None):
        head, _, leaf = fullname.rpartition('.')
        if head != __name__ or leaf not in MOVED: return None
        return _util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        leaf = spec.name.rpartition('.')[2]
        new = ', '.join(f'reservation_law.{t}' for t in MOVED[leaf])
        _warnings.warn(f"{spec.name} is deprecated since 0.5.0 and goes in 0.9.0: import from {new}",
                       DeprecationWarning, stacklevel=3)
        m = _Moved(spec.name)
        m.__dict__['_targets'] = MOVED[leaf]
        return m

    def exec_module(self, module): pass


if not any(isinstance(f, _MovedFinder) for f in _sys.meta_path): _sys.meta_path.append(_MovedFinder())


def __getattr__(name):
    if name == 'statutes': return _importlib.import_module('reservation_law.statutes')   # callable: see statutes/__init__
    if name in _CALLABLE:
        module = _importlib.import_module(f'reservation_law.{_CALLABLE[name]}')
        if not isinstance(module, _CallableModule): module.__class__ = _CallableModule
        globals()[name] = module
        return module
    if name in _API:
        value = getattr(_importlib.import_module(f'reservation_law.{_API[name]}'), name)
        globals()[name] = value
        return value
    try: return _importlib.import_module(f'reservation_law.{name}')
    except ModuleNotFoundError as e:
        if e.name != f'reservation_law.{name}': raise
    raise AttributeError(f"module 'reservation_law' has no attribute {name!r}")


__all__ = ['allot', 'seats', 'load_previous', 'load_bodies', 'InputError', 'statutes', 'get', 'from_json', 'to_json',
           'rotate', 'check', 'explain']
