"""Bundle the real figures of `../shared/data/` into `reservation_law/data/`, reproducibly.

    python tools/bundle_data.py [SHARED_DATA_DIR]      # default: ../shared/data beside the repository

Real figures (Census 2011, published allotments) are copied as they are. The Census counts no Backward
Classes, so the files whose names end in `_bc_illustrative.csv` add a column `bc` that is **illustrative**,
not data: each body's BC figure is its population × the U.P. Dedicated OBC Commission's aggregate share for
its kind of body (25.58 % for the 17 corporations, 42.29 % for Nagar Palika Parishads, 49.55 % for Nagar
Panchayats), multiplied by a factor between 0.70 and 1.30 fixed by the SHA-256 of the body's name (so the
bodies are not all tied), and capped at the population that is neither SC nor ST. Whole-number arithmetic. `up_corporations_17_wards_illustrative.csv`
adds to the same figures a column `seats` (numbers of wards) that is illustrative too.
"""
import csv, hashlib, io, shutil, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / 'reservation_law' / 'data'
SHARE_BP = {'Municipal Corporation': 2558, 'Nagar Palika Parishad': 4229, 'Nagar Panchayat': 4955}  # basis points

COPIES = {  # bundled name: source under shared/data
    'census2011_up_corporations_17.csv': 'census2011/up-corporations-17.csv',
    'census2011_up_statutory_towns.csv': 'census2011/up-statutory-towns.csv',
    'census2011_karnataka_statutory_towns.csv': 'census2011/karnataka-statutory-towns.csv',
    'published_up_mayor_2006.csv': 'published/up-mayor-2006.csv',
    'published_up_mayor_2022_12_05_provisional.csv': 'published/up-mayor-2022-12-05-provisional.csv',
    'published_up_mayor_2023_03_30_draft.csv': 'published/up-mayor-2023-03-30-draft.csv',
}


# Illustrative numbers of wards (seats filled by direct election) of the 17 corporations, for the wards statute's worked
# example: no file of ../shared/data gives them, so they are not data and the file that carries them says so in its name.
WARDS_ILLUSTRATIVE = {'Agra': 100, 'Aligarh': 90, 'Ayodhya': 60, 'Bareilly': 80, 'Firozabad': 70, 'Ghaziabad': 100,
                      'Gorakhpur': 80, 'Jhansi': 60, 'Kanpur': 110, 'Lucknow': 110, 'Mathura-Vrindavan': 70, 'Meerut': 90,
                      'Moradabad': 70, 'Prayagraj': 100, 'Saharanpur': 70, 'Shahjahanpur': 60, 'Varanasi': 100}


def factor_per_mille(name: str) -> int:
    "700 to 1300, fixed by the name's SHA-256: the illustrative spread around the aggregate share."
    return 700 + int(hashlib.sha256(name.encode('utf-8')).hexdigest()[:8], 16) % 601


def illustrative_bc(name: str, population: int, sc: int, st: int, kind: str) -> int:
    bc = population * SHARE_BP[kind] * factor_per_mille(name) // (10_000 * 1_000)
    return min(bc, population - sc - st)


def rows(path: Path) -> list:
    with open(path, encoding='utf-8', newline='') as f: return list(csv.DictReader(f))


def write(name: str, fields: list, data: list) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=fields, lineterminator='\n', extrasaction='ignore')
    w.writeheader(); w.writerows(data)
    (OUT / name).write_text(buf.getvalue(), encoding='utf-8')


def main(shared: Path) -> None:
    for name, src in COPIES.items(): shutil.copyfile(shared / src, OUT / name)
    corp = rows(shared / 'census2011/up-corporations-17.csv')
    for r in corp:
        r['bc'] = illustrative_bc(r['body'], int(r['population']), int(r['sc']), int(r['st']), 'Municipal Corporation')
    write('up_corporations_17_bc_illustrative.csv', ['body', 'population', 'sc', 'st', 'bc', 'women'], corp)
    for r in corp: r['seats'] = WARDS_ILLUSTRATIVE[r['body']]
    write('up_corporations_17_wards_illustrative.csv', ['body', 'population', 'sc', 'st', 'bc', 'seats'], corp)
    towns = rows(shared / 'census2011/up-statutory-towns.csv')
    for kind, name in (('Nagar Palika Parishad', 'up_palika_parishads_2011_bc_illustrative.csv'),
                       ('Nagar Panchayat', 'up_nagar_panchayats_2011_bc_illustrative.csv')):
        sel = [dict(r) for r in towns if r['kind'] == kind]
        for r in sel: r['bc'] = illustrative_bc(r['body'], int(r['population']), int(r['sc']), int(r['st']), kind)
        write(name, ['body', 'division', 'district', 'population', 'sc', 'st', 'bc', 'women'], sel)


if __name__ == '__main__':
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / 'shared' / 'data')
