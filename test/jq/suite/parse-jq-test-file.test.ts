import { describe, expect, it } from 'vitest';
import { JqTestFileError, parseJqTestFile, type JqTestCase } from './parse-jq-test-file.js';

const parse = (text: string): JqTestCase[] => parseJqTestFile({ text, file: 't.test' });

describe('parseJqTestFile', () => {
  const table: Array<{ given: string; want: JqTestCase[] }> = [
    {
      given: '# header\n\n.a\n{"a":1}\n1\n',
      want: [{ kind: 'run', file: 't.test', line: 3, program: '.a', input: '{"a":1}', expected: ['1'] }],
    },
    {
      // several outputs, then a case with none (ended by the blank line)
      given: '.[]\n[1,2]\n1\n2\n\n.[]\n[]\n\nempty\nnull\n',
      want: [
        { kind: 'run', file: 't.test', line: 1, program: '.[]', input: '[1,2]', expected: ['1', '2'] },
        { kind: 'run', file: 't.test', line: 6, program: '.[]', input: '[]', expected: [] },
        { kind: 'run', file: 't.test', line: 9, program: 'empty', input: 'null', expected: [] },
      ],
    },
    {
      // a comment line ends the outputs, as in jq's harness
      given: '.[] | .a\n[[3]]\n# Runtime error: "Cannot index array"\n\n.\n1\n1\n',
      want: [
        { kind: 'run', file: 't.test', line: 1, program: '.[] | .a', input: '[[3]]', expected: [] },
        { kind: 'run', file: 't.test', line: 5, program: '.', input: '1', expected: ['1'] },
      ],
    },
    {
      given: '%%FAIL\n{(0):1}\njq: error: Cannot use number (0) as object key at <top-level>, line 1, column 3:\n    {(0):1}\n      ^\n\n. \r\n"x"\r\n"x"\r\n',
      want: [
        {
          kind: 'fail',
          file: 't.test',
          line: 2,
          program: '{(0):1}',
          checkMessage: true,
          message: 'jq: error: Cannot use number (0) as object key at <top-level>, line 1, column 3:',
          messageContext: ['    {(0):1}', '      ^'],
        },
        { kind: 'run', file: 't.test', line: 7, program: '. ', input: '"x"', expected: ['"x"'] },
      ],
    },
    {
      given: '%%FAIL IGNORE MSG\nimport "x" as e; .\njq: error: whatever\n',
      want: [{ kind: 'fail', file: 't.test', line: 2, program: 'import "x" as e; .', checkMessage: false, message: 'jq: error: whatever', messageContext: [] }],
    },
  ];
  for (const [index, { given, want }] of table.entries()) {
    it(`reads case ${index + 1}`, () => {
      expect(parse(given)).toEqual(want);
    });
  }

  it('names the line of a program without input', () => {
    expect(() => parse('\n.a\n\n')).toThrow(JqTestFileError);
    expect(() => parse('\n.a\n\n')).toThrow('t.test:2');
  });

  it('names the line of a %%FAIL case without a message', () => {
    expect(() => parse('%%FAIL\n{\n')).toThrow('t.test:2: %%FAIL case');
  });
});
