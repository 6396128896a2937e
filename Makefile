# reservation_law: two commands do everything (see README).
#   make example   install, then allot the offices of Mayor for the bundled 17 corporations
#   make test      install, then every check: export sync, notebooks and docs site (side by side), pytest, browser test
#   make lab       install, then open the workbook (nbs/50_workbook.ipynb) in JupyterLab: try your own figures
#   make app       install, then serve the same workbook as a page with no code (Voilà), at the address it prints
#   make bench     install, then the benchmarks: each statute's time as a ratio to one pandas 4-key sort, and each
#                  command's CPU time as a ratio to `python -c "import pandas"` (benchmarks/README.md)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
EXAMPLE = reservation_law/data/up_corporations_17_bc_illustrative.csv
PYTEST_WORKERS ?= idle

.PHONY: install example test chromium docs bench lab app bytecode
install: $(VENV)/.installed bytecode
$(VENV)/.installed: settings.ini setup.py requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements-dev.txt -e .
	touch $@

bytecode: $(VENV)/.installed  # the package's bytecode, written once: where PYTHONDONTWRITEBYTECODE is set (as on this project's machines) every
           # fresh process (a command, a test's subprocess, a notebook) would otherwise compile the package again (0.1 to
           # 0.2 s of CPU each, a fifth to a third of a small command); only what changed since is compiled again, and a stale file is never used
	@$(BIN)/python -m compileall -q reservation_law

example: install
	$(BIN)/reservation-law allot up-mayor-2023 $(EXAMPLE) --explain

chromium:  # Debian's chromium for the browser test (playwright never downloads a browser here); no font package: the
           # site and every HTML page carry their own Devanagari font (reservation_law/fonts), and the test checks it is that one
	@command -v chromium >/dev/null || { apt-get update -q && apt-get install -y -q chromium; }
	@command -v pdftotext >/dev/null || { apt-get update -q && apt-get install -y -q poppler-utils; }   # the printed reports' text

lab: install
	$(BIN)/jupyter lab nbs/50_workbook.ipynb

app: install
	$(BIN)/python tools/app.py nbs/50_workbook.ipynb --Voila.ip=127.0.0.1 $(APP_ARGS)

docs: install
	$(BIN)/python docs/build.py

test: install chromium
	$(BIN)/python tools/check_sync.py
	@# every notebook run (as nbdev_test) and its stored outputs compared, beside the docs site's build (which runs no
	@# example: it runs only the imports and definitions its show_doc entries need, and reads the stored outputs; neither
	@# writes what the other reads): the two fill each other's idle core
	$(BIN)/python docs/build.py & site=$$!; \
	$(BIN)/python tools/check_outputs.py --workers 2; outputs=$$?; \
	wait $$site; built=$$?; test $$outputs -eq 0 && test $$built -eq 0
	@# one pytest-xdist worker an idle core, two at most, or pytest in one process where a core or none is idle (another job
	@# runs: two workers would share one core, each starting the session again; benchmarks/README.md, "One process or two");
	@# PYTEST_WORKERS=N sets it. worksteal: a long property never left alone on one worker at the end
	workers=$(PYTEST_WORKERS); if [ "$$workers" = idle ]; then workers=$$($(BIN)/python tools/idle_cores.py --most 2) || workers=2; fi; \
	$(BIN)/python -m pytest -n $$workers --dist worksteal

bench: install  # timings are printed, never asserted (about ten minutes on two cores)
	$(BIN)/python benchmarks/scale.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/cli.py
	$(BIN)/python benchmarks/frame_hash.py
