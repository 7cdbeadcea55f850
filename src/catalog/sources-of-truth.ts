/** Reads the `vendor` and `source` each connector's contract fixture records (the only file I/O of the catalogue). */
import { existsSync, readFileSync } from 'node:fs';
import type { SourceOfTruth } from './render-catalog-table.js';

export function readSourcesOfTruth(fixtures: URL, ids: string[]): Record<string, SourceOfTruth | undefined> {
  return Object.fromEntries(
    ids.map((id) => {
      const file = new URL(`${id}.json`, fixtures);
      if (!existsSync(file)) return [id, undefined];
      const { vendor, source } = JSON.parse(readFileSync(file, 'utf8')) as SourceOfTruth;
      return [id, { vendor, source }];
    }),
  );
}
