import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A CSV file's rows as Python's `csv` module reads them with `utf-8-sig` (a spreadsheet's
 * view: the BOM dropped, quoted fields and CRLF undone): a parser other than the one that
 * wrote it.
 */
export function readCsvWithPython(bytes: Uint8Array): string[][] {
  const file = join(mkdtempSync(join(tmpdir(), 'csv-')), 'export.csv');
  writeFileSync(file, bytes);
  return JSON.parse(
    execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `import csv, json, sys
with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:
    print(json.dumps(list(csv.reader(f))))`,
        file,
      ],
      { encoding: 'utf8' },
    ),
  ) as string[][];
}
