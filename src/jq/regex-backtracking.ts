/**
 * Catastrophic backtracking guard for translated regexes. A group repeated without bound whose
 * body also repeats without bound (`(a+)+`, `(?:\w+\s?)*`) tries exponentially many ways to split
 * a near-miss input (`("a" * 30) | test("(a+)+b")` runs for minutes in V8), and patterns come
 * from untrusted specs, so such patterns are refused. Allowed: bounded outer repeats (`(a+){2}`,
 * `(a+)?`) and bodies that begin or end with a literal separator none of their repeated parts can
 * match (`([a-z0-9-]+\.)+`, `(,\s*\w+)*`), because the separator fixes where each repetition
 * starts, leaving a single way to split the input.
 */

/** Stands for a repeated group inside a body: never trusted to stay clear of the separator. */
const GROUP_ATOM = '';

interface OpenGroup {
  start: number;
  /** Each atom repeated without bound inside the group, as translated JavaScript source. */
  atoms: string[];
}

export class NestedRepeatGuard {
  private readonly open: OpenGroup[] = [];
  private closed: (OpenGroup & { end: number }) | undefined;
  private atomStart = 0;

  /** Called where a new atom (character, escape, class) starts in the output. */
  markAtom(at: number): void {
    this.atomStart = at;
  }

  openGroup(at: number): void {
    this.open.push({ start: at, atoms: [] });
  }

  closeGroup(end: number): void {
    const group = this.open.pop();
    if (group) this.closed = { ...group, end };
  }

  /** `out`: the translation so far, before the quantifier. Returns false to refuse the pattern. */
  quantify(out: string, unbounded: boolean): boolean {
    if (!unbounded) return true;
    const closed = this.closed?.end === out.length ? this.closed : undefined;
    if (closed && closed.atoms.length > 0 && !isSeparated(out.slice(closed.start, closed.end), closed.atoms)) return false;
    const atom = closed ? GROUP_ATOM : out.slice(this.atomStart);
    for (const group of this.open) group.atoms.push(atom);
    return true;
  }
}

function isSeparated(group: string, atoms: string[]): boolean {
  if (atoms.some((atom) => atom === GROUP_ATOM || /^\\(?:k|[1-9])/u.test(atom))) return false;
  const body = group.replace(/^\((?:\?:|\?<[A-Za-z_][A-Za-z0-9_]*>)?/u, '').slice(0, -1);
  if (hasTopLevelAlternation(body)) return false;
  const separators = [leadingLiteral(body), trailingLiteral(body)].filter((s): s is string => s !== undefined);
  return separators.some((separator) => atoms.every((atom) => !matchesAlone(atom, separator)));
}

function leadingLiteral(body: string): string | undefined {
  const m = /^(?:\\([^A-Za-z0-9])|([^\\[\](){}.*+?|^$]))(?![*+?{])/u.exec(body);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** A final escaped punctuation character, or a final plain punctuation character. */
function trailingLiteral(body: string): string | undefined {
  const last = Array.from(body).at(-1);
  if (last === undefined || /[A-Za-z0-9]/u.test(last)) return undefined;
  let slashes = 0;
  for (let i = body.length - last.length - 1; i >= 0 && body[i] === '\\'; i--) slashes++;
  if (slashes % 2 === 1) return last;
  return slashes === 0 && !'\\[](){}.*+?|^$'.includes(last) ? last : undefined;
}

function hasTopLevelAlternation(body: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** Whether `atom` can match `separator` by itself, erring on "yes" (any case, any line mode). */
function matchesAlone(atom: string, separator: string): boolean {
  try {
    return new RegExp(`^(?:${atom})$`, 'isu').test(separator);
  } catch {
    return true;
  }
}
