/** jq's input: a stream of whitespace-separated JSON values, parsed lazily, with line numbers for errors. */
export class JsonStreamError extends Error {
  override readonly name = 'JsonStreamError';
}

interface StreamValue {
  value: unknown;
  /** jq's "(at <file>:N)": newlines read when the value was complete, its delimiter included. */
  line: number;
}

/** The whitespace-separated JSON values of a text, read lazily like jq (values before a bad one still run). */
export function* readJsonStream(text: string): Generator<StreamValue> {
  let position = text.startsWith('\uFEFF') ? 1 : 0;
  const where = (at: number): string => {
    const before = text.slice(0, at);
    return `at line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n') - 1}`;
  };
  for (;;) {
    while (/\s/u.test(text[position] ?? '')) position += 1;
    if (position >= text.length) return;
    const start = position;
    let depth = 0;
    let inString = false;
    for (; position < text.length; position += 1) {
      const char = text[position];
      if (inString) {
        if (char === '\\') position += 1;
        else if (char === '"') inString = false;
        if (inString || depth > 0) continue;
        position += 1;
        break;
      }
      if (char === '"') inString = true;
      else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth <= 0) {
          position += 1;
          break;
        }
      } else if (depth === 0 && /[\s,:{["]/u.test(char ?? '') && position > start) break;
    }
    if (position === start) position += 1;
    const piece = text.slice(start, position);
    let value: unknown;
    try {
      value = JSON.parse(piece);
    } catch (error) {
      const reason = depth > 0 || inString ? 'Unfinished JSON term at EOF' : (error as Error).message;
      throw new JsonStreamError(`${reason} ${where(position)}`);
    }
    yield { value, line: text.slice(0, position + 1).split('\n').length - 1 };
  }
}
