import { describe, expect, it } from 'vitest';
import { runJq, type JqCase } from './run-jq.js';

const cases: JqCase[] = [
  { given: 'todate', input: 1425599507, want: ['2015-03-05T23:51:47Z'] },
  { given: 'fromdate', input: '2015-03-05T23:51:47Z', want: [1425599507] },
  { given: 'gmtime', input: 1425599507, want: [[2015, 2, 5, 23, 51, 47, 4, 63]] },
  { given: 'gmtime | mktime', input: 1425599507, want: [1425599507] },
  { given: 'strftime("%A, %B %d, %Y")', input: 1435677542.822351, want: ['Tuesday, June 30, 2015'] },
  { given: 'strptime("%Y-%m-%dT%H:%M:%SZ")', input: '2015-03-05T23:51:47Z', want: [[2015, 2, 5, 23, 51, 47, 4, 63]] },
  { given: 'now | type', input: null, want: ['number'] },
];

describe('dates (UTC)', () => {
  it.each(cases)('$given', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });

  it("rejects malformed broken-down times with jq's message", () => {
    expect(() => runJq('mktime', ['a', 1, 2, 3, 4, 5, 6, 7])).toThrow('mktime requires parsed datetime inputs');
  });
});
