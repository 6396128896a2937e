"""The package as a wheel (how a programmer or the State Election Commission installs it): built from the tracked files
alone, it holds every file of the package that the repository holds, and its command works from the wheel's own files,
not from this tree: it reads the statutes' texts, the bundled data, the Unicode tables and the fonts it ships."""
import configparser, json, os, shutil, subprocess, sys, zipfile
from pathlib import Path
import pytest
from conftest import ROOT

LIB = 'reservation_law'


@pytest.fixture(scope='module')
def wheel(tmp_path_factory):
    "The wheel built (setuptools, setup.py) from a copy of the tracked files: the tree itself is left as it is."
    if not shutil.which('git'): pytest.skip('git not installed')
    src, dist = tmp_path_factory.mktemp('src'), tmp_path_factory.mktemp('dist')
    tracked = subprocess.run(['git', 'ls-files', '-z'], cwd=ROOT, capture_output=True, check=True).stdout.decode().split('\0')
    for f in filter(None, tracked):
        if (ROOT / f).is_file() and (f.startswith(LIB + '/') or '/' not in f):
            (src / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, src / f)
    r = subprocess.run([sys.executable, '-m', 'pip', 'wheel', '--no-deps', '--no-build-isolation', '-q', '-w', str(dist), str(src)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    (whl,) = dist.glob('*.whl')
    return whl, [f for f in tracked if f.startswith(LIB + '/')]


def test_the_wheel_holds_every_file_of_the_package(wheel):
    whl, tracked = wheel
    names = set(zipfile.ZipFile(whl).namelist())
    missing = sorted(f for f in tracked if f not in names)
    assert not missing, f'tracked files of the package not in the wheel: {missing}'
    assert not [n for n in names if '__pycache__' in n or n.endswith('.pyc')]


def test_the_command_runs_from_the_wheel_alone(wheel, tmp_path):
    "Unpacked beside nothing else of this tree: its console script allots, reads a workbook, writes a report with the shipped font, verifies."
    whl, _ = wheel
    site = tmp_path / 'site'
    zipfile.ZipFile(whl).extractall(site)
    (info,) = site.glob('*.dist-info')
    ep = configparser.ConfigParser(); ep.read(info / 'entry_points.txt')
    module, _, func = ep['console_scripts']['reservation-law'].partition(':')
    work = tmp_path / 'work'; work.mkdir()
    bodies = site / LIB / 'data' / 'up_corporations_17_bc_illustrative.csv'
    lines = bodies.read_text(encoding='utf-8').splitlines()
    lines[1] = lines[1].replace('Agra', 'आगरा', 1)                 # a Hindi name: the look-alike tables (data/unicode) read
    (work / 'bodies.csv').write_text('\n'.join(lines) + '\n', encoding='utf-8')
    code = (f"import sys; sys.path.insert(0, {str(site)!r}); import {LIB}; "
            f"assert {LIB}.__file__.startswith({str(site)!r}), {LIB}.__file__; "
            f"from {module} import {func}; sys.argv[0] = 'reservation-law'; sys.exit({func}())")
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'}
    def cli(*argv):
        return subprocess.run([sys.executable, '-c', code, *argv], cwd=work, capture_output=True, text=True, env=env, timeout=300)
    for argv in (['allot', 'up-mayor-2023', 'bodies.csv', '-o', 'a.json'], ['allot', 'up-mayor-2023', 'bodies.csv', '-o', 'a.html'],
                 ['seats', 'municipal-council', str(site / LIB / 'data' / 'karnataka_councils.csv'), '-o', 's.xlsx'],
                 ['verify', 'a.json', 'bodies.csv'], ['statutes']):
        r = cli(*argv)
        assert r.returncode == 0 and 'Traceback' not in r.stderr, (argv, r.stdout[-1000:], r.stderr[-2000:])
    res = json.loads((work / 'a.json').read_text(encoding='utf-8'))
    assert 'आगरा' in [row['body'] for row in res['table']]
    assert 'data:font/woff' in (work / 'a.html').read_text(encoding='utf-8')      # the shipped Devanagari font, embedded
    r = cli('allot', 'up-mayor-2023', 'missing.csv')
    assert r.returncode == 2 and 'Traceback' not in r.stderr, r.stderr
