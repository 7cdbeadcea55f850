/**
 * Writes a generated records path and mapping into a spec's `actions.importUsers`. The `yaml`
 * Document API locates the nodes (with their source ranges); the edits are then spliced into the
 * original text, so every other byte of the file (comments, folded scalars, flow lists, blank
 * lines) stays exactly as the author wrote it, which re-stringifying the document would not do.
 * Pure: text in, text out; the CLI does the file I/O.
 */
import { isMap, isScalar, LineCounter, parseDocument, stringify, type Node, type YAMLMap } from 'yaml';

/** The spec cannot take the generated config; the message names file:line:column. */
export class SpecWriteError extends Error {
  override readonly name = 'SpecWriteError';
}

export interface SpecWriteInput {
  text: string;
  file: string;
  records: string;
  mapping: Record<string, string>;
  /** Endpoint path for importUsers; required when the spec has no importUsers or it has no path. */
  path?: string;
}

export interface SpecWriteResult {
  text: string;
  /** What changed, one line each, e.g. "set actions.importUsers.records: .users (was .data)". */
  changes: string[];
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

const INDENT = '  ';

export function writeConfigIntoSpec(input: SpecWriteInput): SpecWriteResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(input.text, { lineCounter });
  const where = (node: unknown): string => {
    const offset = (node as Node | null)?.range?.[0];
    if (offset === undefined) return input.file;
    const { line, col } = lineCounter.linePos(offset);
    return `${input.file}:${line}:${col}`;
  };
  const firstError = doc.errors[0];
  if (firstError) {
    const { line, col } = lineCounter.linePos(firstError.pos[0]);
    throw new SpecWriteError(`${input.file}:${line}:${col}: not valid YAML: ${firstError.message.split('\n')[0]}`);
  }
  if (!isMap(doc.contents)) throw new SpecWriteError(`${input.file}: a spec must be a YAML mapping (id, name, auth, actions...)`);
  const edit: EditContext = { text: input.text, lineCounter, splices: [], changes: [] };
  const wanted = { path: input.path, records: input.records, mapping: input.mapping };

  const actions = doc.contents.get('actions', true);
  const importUsers = isMap(actions) ? actions.get('importUsers', true) : undefined;
  if (importUsers === undefined || importUsers === null) {
    if (input.path === undefined) {
      throw new SpecWriteError(
        `${input.file}: has no actions.importUsers; pass --path <endpoint> (the path that returned this response, e.g. /users) to create it`,
      );
    }
    const block = [`importUsers:`, ...indentLines(importUsersLines({ ...wanted, path: input.path }))];
    if (actions === undefined || actions === null) {
      appendToBlockMap(edit, { map: doc.contents, lines: [`actions:`, ...indentLines(block)] });
    } else if (isMap(actions) && !actions.flow) {
      appendToBlockMap(edit, { map: actions, lines: block });
    } else throw new SpecWriteError(`${where(actions)}: actions must be a block mapping to add importUsers to`);
    edit.changes.push(`created actions.importUsers with path ${input.path}, records and mapping`);
    return finish(edit, input);
  }
  if (!isMap(importUsers) || importUsers.flow) throw new SpecWriteError(`${where(importUsers)}: actions.importUsers must be a block mapping`);

  const existingPath = importUsers.get('path');
  if (input.path === undefined && (typeof existingPath !== 'string' || existingPath === '')) {
    throw new SpecWriteError(
      `${where(importUsers)}: actions.importUsers has no path; add \`path:\` (the endpoint that returned this response) or pass --path <endpoint>`,
    );
  }
  if (input.path !== undefined) setKey(edit, { map: importUsers, key: 'path', value: input.path, label: 'actions.importUsers.path' });
  setKey(edit, { map: importUsers, key: 'records', value: input.records, label: 'actions.importUsers.records' });

  const mapping = importUsers.get('mapping', true);
  if (mapping === undefined || mapping === null) {
    appendToBlockMap(edit, { map: importUsers, lines: ['mapping:', ...indentLines(pairLines(input.mapping))] });
    edit.changes.push(`set actions.importUsers.mapping (${Object.keys(input.mapping).join(', ')})`);
    return finish(edit, input);
  }
  if (!isMap(mapping) || mapping.flow) {
    throw new SpecWriteError(`${where(mapping)}: actions.importUsers.mapping must be a block mapping (one \`field: jq\` per line) to be updated`);
  }
  for (const [key, value] of Object.entries(input.mapping)) {
    setKey(edit, { map: mapping, key, value, label: `actions.importUsers.mapping.${key}` });
  }
  const kept = mapping.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key))).filter((key) => !(key in input.mapping));
  if (kept.length > 0) edit.changes.push(`kept mapping ${kept.join(', ')} (not generated; check them against this response)`);
  return finish(edit, input);
}

interface EditContext {
  text: string;
  lineCounter: LineCounter;
  splices: Splice[];
  changes: string[];
}

/** One scalar as YAML text: plain when it can be, quoted when jq syntax would confuse YAML. */
function scalarText(value: string): string {
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

/** An old value in one line of at most 60 characters, for the list of changes. */
function shorten(value: string): string {
  const oneLine = value.replace(/\s+/gu, ' ').trim();
  return oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine;
}

function pairLines(values: Record<string, string>): string[] {
  return Object.entries(values).map(([key, value]) => `${key}: ${scalarText(value)}`);
}

function importUsersLines(input: { path: string; records: string; mapping: Record<string, string> }): string[] {
  return [`path: ${scalarText(input.path)}`, `records: ${scalarText(input.records)}`, 'mapping:', ...indentLines(pairLines(input.mapping))];
}

function indentLines(lines: readonly string[]): string[] {
  return lines.map((line) => `${INDENT}${line}`);
}

/** Replaces an existing key's value in place, or adds the key after the map's last entry. */
function setKey(edit: EditContext, input: { map: YAMLMap; key: string; value: string; label: string }): void {
  const pair = input.map.items.find((item) => isScalar(item.key) && item.key.value === input.key);
  const value = pair?.value;
  if (!pair) {
    appendToBlockMap(edit, { map: input.map, lines: [`${input.key}: ${scalarText(input.value)}`] });
    edit.changes.push(`set ${input.label}: ${input.value}`);
    return;
  }
  if (isScalar(value) && value.value === input.value) return;
  const range = (value as Node | null)?.range;
  if (!range) throw new SpecWriteError(`${input.label}: cannot locate it in the file`);
  if (range[0] === range[1]) {
    // `key:` with no value (or only a comment): write the value right after the colon.
    const before = edit.text[range[0] - 1] === ' ' ? '' : ' ';
    const after = edit.text[range[0]] === '#' ? ' ' : '';
    edit.splices.push({ start: range[0], end: range[0], text: `${before}${scalarText(input.value)}${after}` });
  } else {
    // A block scalar's range ends after its last line break; keep one so the next key stays on its line.
    const original = edit.text.slice(range[0], range[1]);
    edit.splices.push({ start: range[0], end: range[1], text: `${scalarText(input.value)}${original.endsWith('\n') ? '\n' : ''}` });
  }
  edit.changes.push(`set ${input.label}: ${input.value}${isScalar(value) && value.value !== null ? ` (was ${shorten(String(value.value))})` : ''}`);
}

/** Adds lines after the last entry of a block map, at the indentation of its keys. */
function appendToBlockMap(edit: EditContext, target: { map: YAMLMap; lines: readonly string[] }): void {
  const { map, lines } = target;
  const first = map.items[0];
  const last = map.items.at(-1);
  const firstKey = first?.key as Node | undefined;
  const column = firstKey?.range ? edit.lineCounter.linePos(firstKey.range[0]).col - 1 : 0;
  const lastNode = (last?.value ?? last?.key) as Node | undefined;
  const end = lastNode?.range?.[1] ?? edit.text.length;
  const newline = edit.text.indexOf('\n', Math.max(end - 1, 0));
  const at = newline === -1 ? edit.text.length : newline + 1;
  const prefix = newline === -1 && edit.text.length > 0 ? '\n' : '';
  const text = `${prefix}${lines.map((line) => `${' '.repeat(column)}${line}\n`).join('')}`;
  edit.splices.push({ start: at, end: at, text });
}

function finish(edit: EditContext, input: SpecWriteInput): SpecWriteResult {
  let text = edit.text;
  // From the end backwards; insertions at one offset keep the order they were made in.
  const ordered = edit.splices.map((splice, order) => ({ ...splice, order })).sort((a, b) => b.start - a.start || b.order - a.order);
  for (const splice of ordered) {
    text = `${text.slice(0, splice.start)}${splice.text}${text.slice(splice.end)}`;
  }
  verifyWritten(text, input);
  return { text, changes: edit.changes };
}

/** Re-reads the edited text: the values must be there, exactly, or we refuse to write. */
function verifyWritten(text: string, input: SpecWriteInput): void {
  const doc = parseDocument(text);
  const ok =
    doc.errors.length === 0 &&
    doc.getIn(['actions', 'importUsers', 'records']) === input.records &&
    Object.entries(input.mapping).every(([key, value]) => doc.getIn(['actions', 'importUsers', 'mapping', key]) === value) &&
    (input.path === undefined || doc.getIn(['actions', 'importUsers', 'path']) === input.path);
  if (!ok) throw new SpecWriteError(`${input.file}: could not place the config without disturbing the file's layout; paste the printed YAML by hand`);
}
