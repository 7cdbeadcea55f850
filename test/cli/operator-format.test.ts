import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/cli/display-width.js';
import { formatError } from '../../src/cli/format-error.js';
import { createProgress, formatProgressLine } from '../../src/cli/format-progress.js';
import { formatCell, formatKeyValues, formatTable, sanitizeText, shouldUseColor } from '../../src/cli/format-table.js';
import { formatBody, formatRenderedRequest, formatResponse } from '../../src/cli/format-request.js';
import { ConnectorError } from '../../src/runtime/errors.js';

describe('formatTable', () => {
  it('aligns columns to their content and leaves the last column unpadded', () => {
    const text = formatTable({
      columns: [{ header: 'ID' }, { header: 'EMAIL' }, { header: 'ADMIN' }],
      rows: [
        ['P1', 'ann@example.com', true],
        ['P22', null, false],
      ],
      color: false,
    });
    expect(text).toBe(['ID   EMAIL            ADMIN', 'P1   ann@example.com  true', 'P22                   false', ''].join('\n'));
  });

  it('truncates cells at the column maximum and shrinks the widest column to the terminal width', () => {
    const rows = [['a'.repeat(50), 'b'.repeat(10)]];
    const capped = formatTable({ columns: [{ header: 'A', maxWidth: 8 }, { header: 'B' }], rows, color: false });
    expect(capped.split('\n')[1]).toBe(`${'a'.repeat(7)}…  ${'b'.repeat(10)}`);
    const fitted = formatTable({ columns: [{ header: 'A' }, { header: 'B' }], rows, color: false, terminalWidth: 30 });
    expect(fitted.split('\n').every((line) => line.length <= 30)).toBe(true);
    expect(fitted.split('\n')[1]).toBe(`${'a'.repeat(17)}…  ${'b'.repeat(10)}`);
  });

  it('never cuts a cell when truncation is off (output to a pipe or a file)', () => {
    const rows = [['a'.repeat(50), 'b']];
    const text = formatTable({ columns: [{ header: 'A', maxWidth: 8 }, { header: 'B' }], rows, color: false, terminalWidth: 20, truncate: false });
    expect(text.split('\n')[1]).toBe(`${'a'.repeat(50)}  b`);
  });

  it('colours the header and warnings only when asked', () => {
    const columns = [{ header: 'ID' }, { header: 'PROBLEMS', tone: 'warning' as const }];
    const rows = [
      ['P1', 'missing email'],
      ['P2', ''],
    ];
    expect(formatTable({ columns, rows, color: false })).not.toContain('\u001b');
    const coloured = formatTable({ columns, rows, color: true });
    expect(coloured).toContain('\u001b[1mID\u001b[0m  \u001b[1mPROBLEMS\u001b[0m');
    expect(coloured).toContain('\u001b[33mmissing email\u001b[0m');
  });

  it('neutralises control characters from target data', () => {
    expect(sanitizeText('a\u001b[2Jb\nc\td')).toBe('a�[2Jb⏎c�d');
    expect(formatCell({ a: 1 })).toBe('{"a":1}');
    expect(formatCell(undefined)).toBe('');
  });

  it('formats one record as key/value lines', () => {
    expect(formatKeyValues({ record: { id: 'P1', admin: false }, color: false })).toBe('id     P1\nadmin  false\n');
  });
});

describe('shouldUseColor', () => {
  it.each([
    [{ isTTY: true }, {}, true],
    [{ isTTY: false }, {}, false],
    [{}, {}, false],
    [{ isTTY: true }, { NO_COLOR: '1' }, false],
    [{ isTTY: true }, { TERM: 'dumb' }, false],
    [{ isTTY: false }, { FORCE_COLOR: '1' }, true],
  ])('%j with %j -> %s', (stream, env, want) => expect(shouldUseColor(stream, env)).toBe(want));
});

describe('progress', () => {
  it('formats pages, accounts, rate and retries', () => {
    expect(formatProgressLine({ label: 'importUsers', stats: { pages: 1, accounts: 250, retries: 0 }, elapsedMs: 500 })).toBe(
      'importUsers: 1 page, 250 accounts, 500 accounts/s',
    );
    expect(formatProgressLine({ label: 'x', stats: { pages: 2, accounts: 1, retries: 2 }, elapsedMs: 0 })).toBe('x: 2 pages, 1 account, 2 retries');
  });

  it('draws on a TTY, throttled, and erases the line when cleared', () => {
    const written: string[] = [];
    let time = 0;
    const progress = createProgress({ stream: { isTTY: true, write: (t: string) => written.push(t) }, label: 'import', now: () => time });
    time = 1000;
    progress.add({ pages: 1, accounts: 100 });
    time = 1050;
    progress.add({ pages: 1, accounts: 100 });
    progress.add({ retries: 1 });
    progress.clear();
    expect(written).toEqual([
      '\r\u001b[2Kimport: 1 page, 100 accounts, 100 accounts/s',
      '\r\u001b[2Kimport: 2 pages, 200 accounts, 190 accounts/s, 1 retry',
      '\r\u001b[2K',
    ]);
    expect(progress.stats).toEqual({ pages: 2, accounts: 200, retries: 1 });
  });

  it("counts retries from the runtime's events, not from the wording of log lines", () => {
    const progress = createProgress({ stream: { isTTY: false, write: () => true }, label: 'import' });
    progress.observe({ type: 'retry', action: 'importUsers', attempt: 2, maxAttempts: 4, delayMs: 10, reason: 'status 503' });
    progress.observe({ type: 'page', action: 'importUsers', page: 1, records: 5, accounts: 5 });
    progress.observe(undefined);
    expect(progress.stats).toEqual({ pages: 0, accounts: 0, retries: 1 });
  });

  it('writes nothing when the stream is not a TTY', () => {
    const written: string[] = [];
    const progress = createProgress({ stream: { isTTY: false, write: (t: string) => written.push(t) }, label: 'import' });
    progress.add({ pages: 1, accounts: 3, retries: 1 });
    progress.clear();
    expect(written).toEqual([]);
    expect(progress.stats.accounts).toBe(3);
  });
});

describe('formatError', () => {
  it('prints a ConnectorError as one block with every field it has', () => {
    const error = new ConnectorError('AUTH_FAILED', 'The target rejected the credentials', {
      action: 'importUsers',
      method: 'GET',
      url: 'http://127.0.0.1:1/users?token=***',
      status: 401,
      bodyExcerpt: '{"error":"bad\u001b[0m token"}',
      hint: 'Check the API token.',
      cause: new Error('inner'),
    });
    expect(formatError({ error, color: false })).toBe(
      [
        'error AUTH_FAILED: The target rejected the credentials',
        '  action:  importUsers',
        '  request: GET http://127.0.0.1:1/users?token=***',
        '  status:  401',
        '  target:  {"error":"bad�[0m token"}',
        '  hint:    Check the API token.',
        '',
      ].join('\n'),
    );
  });

  it('prints any other error as one line without a stack', () => {
    const text = formatError({ error: new TypeError('boom'), color: false });
    expect(text).toBe('error: boom\n');
    expect(formatError({ error: new ConnectorError('CONFIG', 'bad'), color: true })).toBe('\u001b[31;1merror CONFIG\u001b[0m: bad\n');
  });
});

describe('display width', () => {
  const cases: { given: string; want: number }[] = [
    { given: 'Ann Lee', want: 7 },
    { given: '山田太郎', want: 8 },
    { given: '김민준', want: 6 },
    { given: 'Zoë', want: 3 },
    { given: 'Zoe\u0308', want: 3 },
    { given: 'ok 🎉', want: 5 },
    { given: 'ＡＢ', want: 4 },
  ];
  it.each(cases)('$given takes $want columns', ({ given, want }) => {
    expect(displayWidth(given)).toBe(want);
  });

  it('aligns columns holding wide characters and cuts them on a column boundary', () => {
    const text = formatTable({
      columns: [{ header: 'NAME', maxWidth: 7 }, { header: 'ID' }],
      rows: [
        ['山田太郎', 'u1'],
        ['Ann', 'u2'],
      ],
      color: false,
    });
    expect(text).toBe('NAME     ID\n山田太…  u1\nAnn      u2\n');
  });

  it('formats an import of 200,000 accounts (no spread of every row into one call)', () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => [`u${index}`]);
    expect(formatTable({ columns: [{ header: 'ID' }], rows, color: false, truncate: false }).split('\n')).toHaveLength(200_002);
  });
});

describe('format-request', () => {
  const request = { method: 'POST', url: 'http://127.0.0.1:1/users?x=1', headers: { accept: 'application/json' }, body: '{"a":[1]}' };

  it('prints a request and a response like curl -v, JSON bodies pretty-printed', () => {
    expect(formatRenderedRequest(request)).toBe('> POST http://127.0.0.1:1/users?x=1\n> accept: application/json\n\n{\n  "a": [\n    1\n  ]\n}\n');
    expect(formatResponse({ status: 204, headers: { date: 'x' }, body: '' })).toBe('< 204\n< date: x\n');
    expect(formatBody('not json\u001b[2J')).toBe('not json�[2J\n');
    expect(formatBody({ ok: true })).toBe('{\n  "ok": true\n}\n');
  });

  it('prints header names in lower case, as `test` shows what was sent (`--dry-run` had `Authorization`)', () => {
    const shown = formatRenderedRequest({ method: 'GET', url: 'http://x/', headers: { accept: 'a', Authorization: '***', 'X-Api-Key': '***' } });
    expect(shown).toBe('> GET http://x/\n> accept: a\n> authorization: ***\n> x-api-key: ***\n');
  });

  it('escapes terminal controls that JSON.stringify leaves raw in a JSON body', () => {
    expect(formatBody({ name: 'a\u009bb\u202ec' })).toBe('{\n  "name": "a\\u009bb\\u202ec"\n}\n');
  });
});
