/**
 * Parses the sample response file. A syntax error names the file, line and column, never a stack.
 * V8's messages do not always carry a position ("Unexpected token 'x', ... is not valid JSON"), so
 * a small scanner finds where the text stops being JSON.
 */
export class ResponseParseError extends Error {
  override readonly name = 'ResponseParseError';
}

export function parseResponse(input: { text: string; file: string }): unknown {
  const text = input.text.replace(/^\uFEFF/u, '');
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.replace(/, ".*" is not valid JSON$/su, '').replace(/ in JSON at position \d+.*$/su, '');
    const offset = findJsonErrorOffset(text);
    throw new ResponseParseError(`${input.file}:${lineAndColumn(text, offset)}: not valid JSON: ${reason}`);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Offset of the first character that makes `text` invalid JSON (RFC 8259 grammar). */
export function findJsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at += 1;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[at] !== char) fail();
      at += 1;
    }
  };
  const string = (): void => {
    at += 1;
    while (at < text.length && text[at] !== '"') {
      const char = text.charCodeAt(at);
      if (char < 0x20) fail();
      if (text[at] === '\\') {
        at += 1;
        if (text[at] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/u.test(text.slice(at + 1, at + 5))) fail();
          at += 4;
        } else if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail();
      }
      at += 1;
    }
    if (text[at] !== '"') fail();
    at += 1;
  };
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/u.exec(text.slice(at));
    if (!match || match[0] === '' || match[0] === '-') fail();
    at += match?.[0].length ?? 0;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') container('}', true);
    else if (char === '[') container(']', false);
    else if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else number();
    space();
  };
  const container = (close: string, isObject: boolean): void => {
    at += 1;
    space();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      if (isObject) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at += 1;
      }
      value();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] !== close) fail();
      at += 1;
      return;
    }
  };
  try {
    value();
    if (at < text.length) fail();
  } catch (offset) {
    if (typeof offset === 'number') return offset;
    throw offset;
  }
  return text.length;
}
