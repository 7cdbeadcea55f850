/**
 * Reads jq's own test-file format (jq's `tests/*.test`), following jq's harness (src/jq_test.c):
 * a case is a program line, an input line, then expected outputs, one JSON value per line, up to the
 * next blank or `#` line. Blank and `#` lines between cases are skipped. A `%%FAIL` (or
 * `%%FAIL IGNORE MSG`) line makes the next program one that must fail to compile; the line after it
 * is jq's error message, and jq 1.7+ follows it with the program excerpt and a caret, up to a blank line.
 */

export interface JqRunCase {
  kind: 'run';
  file: string;
  /** 1-based line of the program. */
  line: number;
  program: string;
  /** The input line, as written (parse it with parseJqJson). */
  input: string;
  /** One expected output per entry, as written. Empty when the program yields nothing. */
  expected: string[];
}

export interface JqFailCase {
  kind: 'fail';
  file: string;
  line: number;
  program: string;
  /** `%%FAIL` compares the message; `%%FAIL IGNORE MSG` only requires a compile error. */
  checkMessage: boolean;
  /** First line of jq's message, e.g. `jq: error: $bar is not defined at <top-level>, line 1, column 20:`. */
  message: string;
  /** The excerpt and caret lines jq prints under the message (may be empty). */
  messageContext: string[];
}

export type JqTestCase = JqRunCase | JqFailCase;

/** A file that does not follow the format: where, and what was wrong. */
export class JqTestFileError extends Error {
  override readonly name = 'JqTestFileError';
}

/** jq's skipline(): blank, or optional spaces/tabs then `#`. */
function isSkipLine(line: string): boolean {
  const trimmed = line.replace(/^[ \t]*/u, '');
  return trimmed === '' || trimmed.startsWith('#');
}

/** Splits a test file into its cases; `file` is only used to label them. */
export function parseJqTestFile({ text, file }: { text: string; file: string }): JqTestCase[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/u, ''));
  const cases: JqTestCase[] = [];
  let failMode: 'none' | 'check' | 'ignore' = 'none';
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    index += 1;
    if (isSkipLine(line)) continue;
    if (line === '%%FAIL' || line === '%%FAIL IGNORE MSG') {
      failMode = line === '%%FAIL' ? 'check' : 'ignore';
      continue;
    }
    const programLine = index;
    if (failMode !== 'none') {
      const message = lines[index];
      if (message === undefined || message.trim() === '') {
        throw new JqTestFileError(`${file}:${programLine}: %%FAIL case '${line}' has no error message line`);
      }
      index += 1;
      const messageContext: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim() !== '') {
        messageContext.push(lines[index] ?? '');
        index += 1;
      }
      cases.push({ kind: 'fail', file, line: programLine, program: line, checkMessage: failMode === 'check', message, messageContext });
      failMode = 'none';
      continue;
    }
    const input = lines[index];
    if (input === undefined || input.trim() === '') {
      throw new JqTestFileError(`${file}:${programLine}: program '${line}' has no input line`);
    }
    index += 1;
    const expected: string[] = [];
    // Like jq's harness, the first blank or comment line ends the expected outputs.
    while (index < lines.length && !isSkipLine(lines[index] ?? '')) {
      expected.push(lines[index] ?? '');
      index += 1;
    }
    cases.push({ kind: 'run', file, line: programLine, program: line, input, expected });
  }
  return cases;
}
