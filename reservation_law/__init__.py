__version__ = "0.1.0"

from reservation_law.api import allot, seats, load_previous  # noqa: E402,F401
from reservation_law.bodies import load_bodies, InputError  # noqa: E402,F401
from reservation_law.registry import statutes, get  # noqa: E402,F401
