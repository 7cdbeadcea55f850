/**
 * samePage: how a pagination style recognises a page that repeats another (a target that ignores
 * the offset, page or startIndex parameter), compared in place record by record.
 */
import { describe, expect, it } from 'vitest';
import { samePage, type EvaluatedPage } from '../../../src/runtime/pagination/paging-context.js';
import type { MappedRecord } from '../../../src/runtime/mapping/map-records.js';

function page(...records: Array<string | undefined>): EvaluatedPage {
  const mapped: MappedRecord[] = records.map((id, index) => ({
    index,
    account: id === undefined ? undefined : { id, email: '', name: '' },
    problems: [],
  }));
  return { url: new URL('http://127.0.0.1/users'), headers: {}, records: mapped, extras: {}, shape: () => '' };
}

describe('samePage', () => {
  it('is true for the same ids in the same order, and for records without an id at the same places', () => {
    expect(samePage(page('a', 'b', undefined), page('a', 'b', undefined))).toBe(true);
  });

  it('is false for no earlier page, another length, another id or another order', () => {
    expect(samePage(undefined, page('a'))).toBe(false);
    expect(samePage(page('a', 'b'), page('a', 'b', 'c'))).toBe(false);
    expect(samePage(page('a', 'b'), page('a', 'x'))).toBe(false);
    expect(samePage(page('a', 'b'), page('b', 'a'))).toBe(false);
  });

  it('tells an account whose id looks like a position from a record without an id', () => {
    // The joined fingerprint this replaced wrote a record without an id as `#<index>`.
    expect(samePage(page('#0'), page(undefined))).toBe(false);
    expect(samePage(page(undefined, 'a'), page('a', undefined))).toBe(false);
  });
});
