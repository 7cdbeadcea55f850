import { describe, expect, it } from 'vitest';
import { decideAfterFailure, DEFAULT_SYNC_SETTINGS, emailKey, holdRemovals, importedState, nextScheduledAt } from '../../../src/service/sync/sync-policy.js';
import { formatCsv, parseCsv } from '../../../src/service/access/csv.js';

const settings = DEFAULT_SYNC_SETTINGS;

describe('sync policy', () => {
  it.each([
    { given: { toRemove: 10, present: 40 }, want: false },
    { given: { toRemove: 11, present: 40 }, want: true },
    { given: { toRemove: 20, present: 100 }, want: false },
    { given: { toRemove: 21, present: 100 }, want: true },
    { given: { toRemove: 50, present: 100 }, want: true },
    { given: { toRemove: 0, present: 0 }, want: false },
  ])('holds removals of $given.toRemove of $given.present: $want', ({ given, want }) => {
    expect(holdRemovals({ ...given, settings })).toBe(want);
  });

  it.each([
    { failures: 1, want: { quarantine: false, retryInSeconds: 60 } },
    { failures: 3, want: { quarantine: false, retryInSeconds: 240 } },
    { failures: 5, want: { quarantine: true } },
  ])('after failure $failures', ({ failures, want }) => {
    expect(decideAfterFailure({ failures, settings })).toEqual(want);
  });

  it('backs off no longer than the interval', () => {
    expect(decideAfterFailure({ failures: 4, settings: { ...settings, intervalSeconds: 100, maxConsecutiveFailures: 9 } })).toEqual({
      quarantine: false,
      retryInSeconds: 100,
    });
  });

  it.each([
    { random: 0, want: 3240 },
    { random: 0.5, want: 3600 },
    { random: 0.999999, want: 3960 },
  ])('schedules within ±10% of the interval (random $random)', ({ random, want }) => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(Math.round((nextScheduledAt({ now, intervalSeconds: 3600, random }).getTime() - now.getTime()) / 1000)).toBe(want);
  });

  it.each([
    { given: {}, want: 'active' },
    { given: { active: false }, want: 'deactivated' },
    { given: { state: ' Invited ' }, want: 'invited' },
    { given: { state: 'removed' }, want: 'active' },
  ])('imported state of $given is $want', ({ given, want }) => {
    expect(importedState(given)).toBe(want);
  });

  it('keys emails trimmed and lower-case', () => {
    expect(emailKey('  Ada.Okafor@Example.COM\t')).toBe('ada.okafor@example.com');
  });
});

describe('csv', () => {
  it('round-trips quotes, commas and line breaks, and defuses formulas', () => {
    const text = formatCsv(
      ['a', 'b'],
      [
        ['x, "y"', 'line\nbreak'],
        ['=SUM(A1)', null],
      ],
    );
    expect(text).toBe('a,b\r\n"x, ""y""","line\nbreak"\r\n\'=SUM(A1),\r\n');
    expect(parseCsv(text)).toEqual([
      ['a', 'b'],
      ['x, "y"', 'line\nbreak'],
      ["'=SUM(A1)", ''],
    ]);
  });

  it('names the line of an unclosed quote', () => {
    expect(() => parseCsv('a,b\n"open,x\n')).toThrow('line 2');
  });
});
