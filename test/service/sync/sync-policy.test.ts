import { describe, expect, it } from 'vitest';
import {
  decideAfterFailure,
  DEFAULT_SYNC_SETTINGS,
  emailKey,
  holdRemovals,
  importedState,
  nextScheduledAt,
  rescheduledAt,
} from '../../../src/service/sync/sync-policy.js';
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
    { case: 'a shorter interval brings the next run forward', next: 3000, before: 3600, interval: 600, want: 600 },
    { case: 'a shorter interval leaves an earlier retry as it was', next: 120, before: 3600, interval: 600, want: 120 },
    { case: 'a longer interval leaves the next run as it was', next: 3000, before: 3600, interval: 86_400, want: 3000 },
    { case: 'the same interval leaves the next run as it was', next: 3000, before: 3600, interval: 3600, want: 3000 },
    { case: 'no next run (quarantined, or none finished) stays none', next: null, before: 3600, interval: 600, want: null },
  ])('$case', ({ next, before, interval, want }) => {
    const now = new Date('2026-01-01T00:00:00Z');
    const at = (seconds: number | null) => (seconds === null ? null : new Date(now.getTime() + seconds * 1000));
    // random 0.5: no jitter, so the new interval's run is exactly one interval from now.
    const got = rescheduledAt({ next: at(next), before, intervalSeconds: interval, now, random: 0.5 });
    expect(got).toEqual(at(want));
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
