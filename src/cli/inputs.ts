/**
 * Operator inputs for the CLI: an `--inputs <file.json>` file, `CONNECTOR_INPUT_<NAME>` environment
 * variables and, for non-secret inputs only, `--input name=value` and `--base-url <url>`.
 *
 * Precedence (lowest first): environment, inputs file, flags — an explicit file on the command line
 * wins over the ambient environment, as with Terraform's variables.
 *
 * Secrets never come from a flag: a flag's value stays in the shell history and is visible to every
 * user of the machine in the process list.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { STANDARD_SECRET_INPUTS } from '../auth-types/index.js';
import { secretInputNames } from '../runtime/auth/index.js';

/** A problem with the operator's inputs (file, names, missing values); the CLI exits 2. */
export class InputsError extends Error {
  override readonly name = 'InputsError';
}

/** `clientSecret` -> `CONNECTOR_INPUT_CLIENT_SECRET`. */
export function toEnvName(inputName: string): string {
  return `CONNECTOR_INPUT_${inputName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** `client-secret` or `client_secret` -> `clientSecret`. */
function toInputName(flag: string): string {
  return flag.toLowerCase().replace(/[-_]+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function looksSecret(name: string): boolean {
  const flat = name.toLowerCase().replace(/[-_]/g, '');
  return /token|passw|secret|apikey|credential|authorization|privatekey/.test(flat) || ['key', 'auth', 'pwd', 'pass', 'bearer'].includes(flat);
}

function secretAdvice(inputName: string): string {
  return (
    `secrets are not accepted on the command line: the value would stay in your shell history and be ` +
    `visible to other users in the process list. Put it in the environment variable ${toEnvName(inputName)} ` +
    `or in a file given with --inputs <file.json> (readable only by you).`
  );
}

/** Values of `CONNECTOR_INPUT_*` variables whose name is a secret's (TOKEN, CLIENT_SECRET, ...). */
export function environmentSecrets(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => name.startsWith('CONNECTOR_INPUT_') && value !== undefined && value !== '')
    .filter(([name]) => {
      const input = toInputName(name.slice('CONNECTOR_INPUT_'.length));
      return STANDARD_SECRET_INPUTS.has(input) || looksSecret(input);
    })
    .map(([, value]) => value as string);
}

/** The explanation for refusing a secret-looking option such as `--token`, or undefined. */
export function explainSecretFlag(flag: string): string | undefined {
  if (!looksSecret(flag)) return undefined;
  return `--${flag} refused: ${secretAdvice(toInputName(flag))}`;
}

/**
 * Whether an input holds a secret: declared so, used by the auth as a credential, a standard secret
 * name, or — for a name the spec does not declare — a secret-looking one. A declared non-secret
 * input such as `tokenUrl` stays usable with `--input`.
 */
export function isSecretInput(spec: ConnectorSpec, name: string): boolean {
  if (secretInputNames(spec).includes(name) || STANDARD_SECRET_INPUTS.has(name)) return true;
  return spec.inputs?.[name] === undefined && looksSecret(name);
}

/** Line and column of a JSON.parse failure, from the `position N` Node puts in its message. */
function jsonErrorPlace(text: string, error: unknown): string {
  const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (!match) return '';
  const before = text.slice(0, Number(match[1]));
  const lines = before.split('\n');
  return `:${lines.length}:${(lines.at(-1)?.length ?? 0) + 1}`;
}

/**
 * What JSON.parse complained about, without the input it quotes: `Unexpected token 'c', "canary-..."
 * is not valid JSON` quotes the file, which may hold a secret. The punctuation it expected (`Expected
 * ',' or '}'`) is kept: it says what to fix.
 */
export function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Everything from the first double quote on is the quoted input (`, "..."` or `, ..."..."...`).
  const reason = (message.split('"')[0] ?? '')
    .replace(/,\s*(\.\.\.)?$/, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/'([^']*)'/g, (_, quoted: string) => (/^[,:{}[\]"]$/.test(quoted) ? `'${quoted}'` : 'character'))
    .replace(/^Unexpected token character/, 'unexpected character')
    .trim();
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

/** Why a file given on the command line cannot be read, in words, with where it was looked for. */
function describeReadError(code: string | undefined, absolute: string): string {
  if (code === 'ENOENT') return `no such file (looked for ${absolute})`;
  if (code === 'EISDIR') return 'is a directory, not a JSON file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot read the file (${code ?? 'unknown error'})`;
}

/** Reads a JSON file given on the command line; errors name the file and, for bad JSON, line:column. */
export async function readJsonFile({ path, cwd, flag }: { path: string; cwd: string; flag: string }): Promise<unknown> {
  let text: string;
  const absolute = resolve(cwd, path);
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new InputsError(`--${flag} ${path}: ${describeReadError((error as NodeJS.ErrnoException).code, absolute)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // The message of JSON.parse may quote the text near the error; with an inputs file that text can be
    // a secret, so only the place is reported.
    throw new InputsError(`${path}${jsonErrorPlace(text, error)}: not valid JSON: ${describeJsonError(error)} (--${flag} expects a JSON file)`);
  }
}

/** `null`, `an array`, `number`, ...: what a JSON value is, for error messages. */
export function describeType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** Reads `--inputs <file.json>`: a JSON object of input name to string. */
export async function readInputsFile({ path, cwd, spec }: { path: string; cwd: string; spec: ConnectorSpec }): Promise<Record<string, string>> {
  const data = await readJsonFile({ path, cwd, flag: 'inputs' });
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputsError(`${path}: expected a JSON object keyed by input name, got ${describeType(data)}`);
  }
  const known = Object.keys(spec.inputs ?? {});
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name !== 'baseUrl' && !known.includes(name)) {
      throw new InputsError(`${path}: unknown input "${name}"; ${spec.id} takes: ${[...new Set([...known, 'baseUrl'])].join(', ')}`);
    }
    if (typeof value !== 'string') {
      throw new InputsError(`${path}: input "${name}" must be a string, got ${describeType(value)}`);
    }
    values[name] = value;
  }
  return values;
}

/** Parses `--input name=value` flags; secret inputs are refused. */
export function parseInputFlags({ flags, spec }: { flags: string[]; spec: ConnectorSpec }): Record<string, string> {
  const values: Record<string, string> = {};
  for (const flag of flags) {
    const equals = flag.indexOf('=');
    const name = equals === -1 ? flag : flag.slice(0, equals);
    if (isSecretInput(spec, name)) throw new InputsError(`--input ${name}=... refused: ${secretAdvice(name)}`);
    if (equals <= 0) throw new InputsError(`--input expects name=value, got "${name}"`);
    if (name !== 'baseUrl' && spec.inputs?.[name] === undefined) {
      throw new InputsError(`--input: unknown input "${name}"; ${spec.id} takes: ${Object.keys(spec.inputs ?? {}).join(', ') || 'no inputs'}`);
    }
    values[name] = flag.slice(equals + 1);
  }
  return values;
}

export interface MissingInput {
  name: string;
  label: string;
  envName: string;
}

export interface CollectedInputs {
  /** Values for `connect()`: only non-empty ones. */
  inputs: Record<string, string>;
  /** `--base-url` or a `baseUrl` input, passed to `connect()` as the override. */
  baseUrl: string | undefined;
  /** Values of secret inputs, to redact from everything the CLI prints. */
  secrets: string[];
  missing: MissingInput[];
}

/** Merges environment, file and flags (in that order of precedence) and lists what is missing. */
export function collectInputs({
  spec,
  env,
  file,
  flags,
  baseUrlFlag,
}: {
  spec: ConnectorSpec;
  env: NodeJS.ProcessEnv;
  file: Record<string, string>;
  flags: Record<string, string>;
  baseUrlFlag: string | undefined;
}): CollectedInputs {
  const names = new Set([...Object.keys(spec.inputs ?? {}), 'baseUrl']);
  const inputs: Record<string, string> = {};
  for (const name of names) {
    const value = flags[name] ?? file[name] ?? env[toEnvName(name)];
    if (value !== undefined && value !== '') inputs[name] = value;
  }
  if (baseUrlFlag !== undefined) inputs.baseUrl = baseUrlFlag;
  const missing: MissingInput[] = [];
  for (const [name, input] of Object.entries(spec.inputs ?? {})) {
    if (input.required && inputs[name] === undefined && input.default === undefined) {
      missing.push({ name, label: input.label, envName: toEnvName(name) });
    }
  }
  if (spec.baseUrl === undefined && inputs.baseUrl === undefined && !missing.some((m) => m.name === 'baseUrl')) {
    missing.push({ name: 'baseUrl', label: 'Base URL', envName: toEnvName('baseUrl') });
  }
  const baseUrl = inputs.baseUrl;
  // The base URL is an override for connect(); as an input it is passed only when the spec declares it.
  if (spec.inputs?.baseUrl === undefined) delete inputs.baseUrl;
  const secrets = Object.entries(inputs)
    .filter(([name]) => isSecretInput(spec, name))
    .map(([, value]) => value);
  return { inputs, baseUrl, secrets, missing };
}

/** The message for missing required inputs, one line each, with where to put them. */
export function formatMissingInputs(missing: MissingInput[]): string {
  const lines = missing.map(
    (m) => `  ${m.name} (${m.label}): set ${m.envName}${m.name === 'baseUrl' ? ', pass --base-url <url>,' : ''} or put "${m.name}" in the --inputs file`,
  );
  return `missing required input${missing.length === 1 ? '' : 's'}: ${missing.map((m) => m.name).join(', ')}\n${lines.join('\n')}`;
}
