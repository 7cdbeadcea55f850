import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from '../../../src/service/access/csv.js';

/** Every cell a spreadsheet would read as a formula (OWASP "CSV Injection"), as one export row would carry it. */
const cases: Array<{ given: string; want: string }> = [
  { given: '=1+1', want: "'=1+1" },
  { given: '+1+1', want: "'+1+1" },
  { given: '-1+1', want: "'-1+1" },
  { given: '@SUM(A1)', want: "'@SUM(A1)" },
  { given: '\t=1+1', want: "'\t=1+1" },
  { given: '\r=1+2', want: "'\r=1+2" },
  { given: '\tplain', want: "'\tplain" },
  { given: '  =1+1', want: "'  =1+1" },
  { given: ' \u00a0@cmd', want: "' \u00a0@cmd" },
  { given: 'ada@example.com', want: 'ada@example.com' },
  { given: 'Ada Okafor', want: 'Ada Okafor' },
  { given: 'x=1', want: 'x=1' },
];

describe('CSV formula neutralising (finding 3)', () => {
  it.each(cases)('$given', ({ given, want }) => {
    const [, row] = parseCsv(formatCsv(['value'], [[given]]));
    expect(row).toEqual([want]);
  });
});
