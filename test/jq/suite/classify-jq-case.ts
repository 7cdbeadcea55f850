/**
 * Which jq test cases are outside the in-process engine's scope, decided by the constructs a program
 * uses (never by case number): input streams, the environment and the program's own location,
 * dates and time, modules (issue 6, Acceptance), and answers only jq's decNumber build can give (a
 * number literal that a double cannot hold). Also whether a case compares jq's error-message text.
 */
import type { JqTestCase } from './parse-jq-test-file.js';

export type OutOfScopeArea = 'input streams' | 'environment' | 'dates' | 'modules' | 'decimal numbers';

interface ScopeRule {
  area: OutOfScopeArea;
  /** Matched against the program with string literals blanked out. */
  pattern: RegExp;
}

// A name only counts as the builtin when it is not a field (`.input`) or variable (`$input`) of that name.
const builtin = (names: string): RegExp => new RegExp(`(?<![.$\\w])(?:${names})(?![\\w])`, 'u');

const SCOPE_RULES: ScopeRule[] = [
  { area: 'input streams', pattern: builtin('inputs?|input_filename|input_line_number|\\$__prog_args') },
  // `$ENV`/`env` are deliberately an empty object in mappings; `$__loc__` names the program file.
  {
    area: 'environment',
    pattern:
      /\$ENV\b|(?<![.$\w])env(?!\w)|\$__loc__|\$__prog_name|(?<![.$\w])(?:get_search_list|get_jq_origin|get_prog_origin|halt|halt_error|debug|stderr)(?!\w)/u,
  },
  {
    area: 'dates',
    pattern: builtin(
      'todate|fromdate|now|strftime|strptime|mktime|gmtime|localtime|strflocaltime|date|dateadd|datesub|datefmt|todateiso8601|fromdateiso8601|dateiso8601',
    ),
  },
  { area: 'modules', pattern: builtin('import|include|modulemeta|module') },
];

/** The program with the contents of string literals (but not their interpolations' names) blanked. */
function blankStringLiterals(program: string): string {
  return program.replace(/"(?:[^"\\]|\\.)*"/gu, '""');
}

/** The out-of-scope area a program belongs to, or undefined when the engine is expected to handle it. */
export function findOutOfScopeArea(program: string): OutOfScopeArea | undefined {
  const code = blankStringLiterals(program);
  return SCOPE_RULES.find((rule) => rule.pattern.test(code))?.area;
}

/**
 * Cases whose expected outputs may contain jq's own error-message text: `%%FAIL` with a message,
 * and programs that turn an error into a value with `catch`.
 */
export function comparesMessageText(testCase: JqTestCase): boolean {
  if (testCase.kind === 'fail') return testCase.checkMessage;
  return /(?<![.$\w])catch(?!\w)/u.test(blankStringLiterals(testCase.program));
}

/** A number literal a double cannot hold: out of range, or more than 17 significant digits. */
function needsDecimalPrecision(literal: string): boolean {
  const value = Number(literal);
  const [mantissa = ''] = literal.toLowerCase().split('e');
  const digits = mantissa.replace(/[-.]/gu, '').replace(/^0+/u, '');
  if (!Number.isFinite(value) || (value === 0 && /[1-9]/u.test(mantissa))) return true;
  return digits.replace(/0+$/u, '').length > 17;
}

/**
 * Expected outputs written with number literals only jq's decNumber build keeps (`9E+999999999`,
 * `100000000000000000000000000001`): the engine computes in doubles, like jq built without decNumber.
 */
export function findDecimalOnlyOutput(expected: string[]): OutOfScopeArea | undefined {
  for (const line of expected) {
    const literals = blankStringLiterals(line).match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/gu) ?? [];
    if (literals.some(needsDecimalPrecision)) return 'decimal numbers';
  }
  return undefined;
}
