"""Voilà serving the workbook, as `make app` and tests/test_workbook.py start it: `python tools/app.py NOTEBOOK [VOILA ARGS]`.

The one change from Voilà's own `voila` command: jsonschema (which Jupyter's server imports) imports rfc3987_syntax where it
is installed, and that builds its parsers of IRIs at import (jsonschema issue #1428), for a format no schema of the
server's uses. Refused here, as in docs/build.py and tests/conftest.py: the page answers about a second sooner, and the
server takes about 1.2 s less CPU to start (benchmarks/voila_start.py)."""
import sys

sys.modules.setdefault('rfc3987_syntax', None)

if __name__ == '__main__':
    from voila.app import main
    sys.argv[0] = 'voila'
    sys.exit(main())
