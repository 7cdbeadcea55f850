/** The table `npm run conformance` prints: one row per suite file and differential test, and totals. */
import { describe, expect, it } from 'vitest';
import { formatConformanceTable } from './conformance-results.js';

describe('formatConformanceTable', () => {
  it('prints suite and differential counts with totals', () => {
    const text = formatConformanceTable([
      { kind: 'suite', name: 'jq.test', cases: 10, passed: 7, failed: 1, messageDiffers: 1, skippedByDesign: 1 },
      { kind: 'suite', name: 'man.test', cases: 5, passed: 5, failed: 0, messageDiffers: 0, skippedByDesign: 0 },
      { kind: 'differential', name: 'random', cases: 4, agreed: 3, disagreed: 1, knownDifferences: 0, refused: 0 },
    ]);
    const rows = text.split('\n').map((line) => line.trim().split(/\s{2,}/u));
    expect(rows).toContainEqual(['jq.test', '10', '7', '1', '1', '1']);
    expect(rows).toContainEqual(['total', '15', '12', '1', '1', '1']);
    expect(rows).toContainEqual(['random', '4', '3', '1', '0', '0']);
    expect(rows).toContainEqual(['total', '4', '3', '1', '0', '0']);
  });

  it('says when a part did not run', () => {
    expect(formatConformanceTable([])).toContain('jq suite: no result');
  });
});
