/** formatDiagnostics: the human, json and GitHub formats. */
import { describe, expect, it } from 'vitest';
import { formatDiagnostics } from '../../src/cli/format-diagnostics.js';
import type { Diagnostic } from '../../src/compiler/index.js';

const diagnostic: Diagnostic = {
  code: 'SPEC_X',
  severity: 'error',
  file: 'a,b:c.yaml',
  line: 2,
  column: 3,
  pointer: '/a',
  message: 'bad 100%\nvalue',
  hint: 'fix it',
};

describe('formatDiagnostics', () => {
  it('escapes GitHub workflow command data and properties', () => {
    expect(formatDiagnostics([diagnostic], { format: 'github' })).toBe(
      '::error file=a%2Cb%3Ac.yaml,line=2,col=3,title=SPEC_X::bad 100%25%0Avalue (hint: fix it; at /a)\n',
    );
  });

  it('emits warnings as GitHub warnings and marks them in the human format', () => {
    const warning = { ...diagnostic, severity: 'warning' as const };
    expect(formatDiagnostics([warning], { format: 'github' })).toMatch(/^::warning /u);
    expect(formatDiagnostics([warning])).toContain('SPEC_X (warning)');
  });

  it('shows the source line with a caret under the column', () => {
    const text = formatDiagnostics([{ ...diagnostic, message: 'bad' }], { sources: new Map([['a,b:c.yaml', 'first\n  second\n']]) });
    expect(text.split('\n').slice(1, 3)).toEqual(['  2 |   second', '    |   ^']);
  });

  it('cuts a very long line around the column', () => {
    const long = { ...diagnostic, message: 'bad', line: 1, column: 5000 };
    const line = `${'x'.repeat(4999)}Y${'x'.repeat(5000)}`;
    const [, source, caret] = formatDiagnostics([long], { sources: new Map([['a,b:c.yaml', line]]) }).split('\n');
    expect(source!.length).toBeLessThan(140);
    expect(source![caret!.indexOf('^')]).toBe('Y');
  });

  it('prints JSON data, and nothing for no diagnostics', () => {
    expect(JSON.parse(formatDiagnostics([diagnostic], { format: 'json' }))).toEqual([diagnostic]);
    expect(formatDiagnostics([])).toBe('');
  });
});
