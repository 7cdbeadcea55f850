/**
 * From the command line to a connected client: `<connector>` is a shipped connector's id or the
 * path of a spec file (validated first), then operator inputs are collected and `connect()` called.
 *
 * Everything the command prints afterwards goes through a redacting writer that knows the secret
 * input values, as a second line of defence behind the runtime's own redaction.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { UsageError, type ParsedArgs } from './args.js';
import type { CliIO } from './command.js';
import type { CompiledConnector, ConnectorSpec } from '../connector.js';
import type { Client, RuntimeLogger } from '../index.js';
import { collectInputs, formatMissingInputs, InputsError, parseInputFlags, readInputsFile, type CollectedInputs } from './inputs.js';
import { checkBaseUrl, parseTimeout } from './session-flags.js';
import { redactIO, type SessionIO } from './session-io.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { ALLOW_ANY } from '../runtime/http/egress-policy.js';

export { SESSION_FLAGS } from './session-flags.js';
export { redactEnvironmentIO, redactIO, type SessionIO, type SessionStream } from './session-io.js';

/** The connector could not be resolved; `exitCode` 1 for an invalid spec, 2 for an unknown name. */
export class ResolveConnectorError extends Error {
  override readonly name = 'ResolveConnectorError';
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

function looksLikePath(ref: string, cwd: string): boolean {
  return /[\\/]/.test(ref) || /\.(ya?ml|json)$/i.test(ref) || existsSync(resolve(cwd, ref));
}

async function loadSpecConnector(path: string, cwd: string): Promise<CompiledConnector> {
  // A directory is a slip of the operator (the specs/ folder, a tab completion), not an invalid spec.
  if (statSync(resolve(cwd, path), { throwIfNoEntry: false })?.isDirectory() === true) {
    throw new ResolveConnectorError(`${path} is a directory; give a connector id (see \`connector list\`) or the path of a spec file (.yaml)`, 2);
  }
  const { loadSpecFile, compileSpecText, SpecValidationError } = await import('../compiler/index.js');
  const { formatDiagnostics } = await import('./format-diagnostics.js');
  // Diagnostics name the file as the operator typed it, unless it is relative to another directory.
  const source = await loadSpecFile(resolve(cwd, path) === resolve(path) ? path : resolve(cwd, path));
  const sources = new Map(source.text === undefined ? [] : [[path, source.text]]);
  const fail = (diagnostics: Parameters<typeof formatDiagnostics>[0]): never => {
    throw new ResolveConnectorError(`${path}: the spec is invalid\n${formatDiagnostics(diagnostics, { sources })}`, 1);
  };
  if (source.text === undefined || source.diagnostics.some((d) => d.severity === 'error')) fail(source.diagnostics);
  try {
    return await compileSpecText({ text: source.text as string, file: path, jqPolicy: 'trusted' });
  } catch (error) {
    if (error instanceof SpecValidationError) fail(error.diagnostics);
    throw error;
  }
}

const SPEC_DIRS = ['specs/prebuilt', 'specs/scim', 'specs/examples'];

/** Shipped connectors: `generated/index.ts` (checked in, rewritten by `connector compile`), else none. */
async function loadGenerated(): Promise<Record<string, CompiledConnector>> {
  // A literal path, so the build's CLI bundle includes the compiled connectors. Loaded lazily and
  // guarded: a generated/ broken mid-edit must not stop the CLI from compiling the specs instead.
  try {
    const generated = (await import('../../generated/index.js')) as { connectors?: Record<string, CompiledConnector> };
    return generated.connectors ?? {};
  } catch {
    return {};
  }
}

/** The top-level `id:` of a spec file, read without parsing the YAML (ids are plain scalars). */
function readSpecId(file: string): string | undefined {
  const match = /^id:[ \t]*["']?([A-Za-z0-9._-]+)["']?[ \t]*(?:#.*)?$/m.exec(readFileSync(file, 'utf8'));
  return match?.[1];
}

/**
 * Shipped specs by id, for a fresh checkout without `generated/`. Ids, not file names, are what
 * `connector list` shows (`scim-2.0.yaml` holds `scim-2-0`); the file name is accepted too.
 */
function listShippedSpecs(): { byId: Map<string, string>; byName: Map<string, string> } {
  const byId = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const dir of SPEC_DIRS) {
    const absolute = join(PACKAGE_ROOT, dir);
    if (!existsSync(absolute)) continue;
    for (const name of readdirSync(absolute)) {
      const match = /^(.+)\.ya?ml$/.exec(name);
      if (match?.[1] === undefined) continue;
      const file = join(absolute, name);
      const id = readSpecId(file) ?? match[1];
      if (!byId.has(id)) byId.set(id, file);
      if (!byName.has(match[1])) byName.set(match[1], file);
    }
  }
  return { byId, byName };
}

/** A shipped connector by id (compiled module, else its spec), or a spec file compiled now. */
export async function resolveConnector({ ref, cwd }: { ref: string; cwd: string }): Promise<CompiledConnector> {
  if (looksLikePath(ref, cwd)) return loadSpecConnector(ref, cwd);
  const generated = await loadGenerated();
  if (Object.hasOwn(generated, ref)) return generated[ref] as CompiledConnector;
  const specs = listShippedSpecs();
  const specFile = specs.byId.get(ref) ?? specs.byName.get(ref);
  if (specFile !== undefined) return loadSpecConnector(relative(cwd, specFile), cwd);
  const known = [...new Set([...Object.keys(generated), ...specs.byId.keys()])].sort();
  throw new ResolveConnectorError(`unknown connector "${ref}": shipped connectors are ${known.join(', ') || '(none)'}; or give the path of a spec file`, 2);
}

/** Collects the operator's inputs for a connector; throws InputsError listing missing ones. */
export async function collectOperatorInputs({
  connector,
  args,
  io,
  allowMissing = false,
}: {
  connector: CompiledConnector;
  args: ParsedArgs;
  io: CliIO;
  allowMissing?: boolean;
}): Promise<CollectedInputs> {
  const spec = connector.spec;
  const file = args.strings.inputs === undefined ? {} : await readInputsFile({ path: args.strings.inputs, cwd: io.cwd, spec });
  const flags = parseInputFlags({ flags: args.lists.input ?? [], spec });
  const baseUrlFlag = checkBaseUrl(args.strings['base-url']);
  const collected = collectInputs({ spec, env: io.env, file, flags, baseUrlFlag });
  if (baseUrlFlag === undefined) checkBaseUrl(collected.baseUrl, 'the baseUrl input');
  if (collected.missing.length > 0 && !allowMissing) throw new InputsError(formatMissingInputs(collected.missing));
  return collected;
}

export interface OperatorSession {
  connector: CompiledConnector;
  client: Client;
  /** The command's io, with every secret input value redacted. */
  io: SessionIO;
}

/** Stand-ins for missing inputs when nothing is sent (`preview --response`): they pass connect()'s checks. */
function fillOffline(connector: CompiledConnector, collected: CollectedInputs): void {
  for (const [name, input] of Object.entries(connector.spec.inputs ?? {})) {
    if (collected.inputs[name] !== undefined) continue;
    collected.inputs[name] = input.type === 'url' ? 'http://127.0.0.1/' : input.type === 'email' ? 'nobody@example.invalid' : 'offline-preview-placeholder';
  }
  collected.baseUrl ??= connector.spec.baseUrl === undefined ? 'http://127.0.0.1/' : undefined;
}

/**
 * Collects inputs and connects; the caller closes `client`. `onLog` hears every runtime log line
 * with its structured event (the progress line counts retries from it); `--verbose` prints the
 * lines (already redacted) to stderr.
 */
export async function openSession({
  connector,
  args,
  io,
  onLog,
  offline = false,
}: {
  connector: CompiledConnector;
  args: ParsedArgs;
  io: CliIO;
  onLog?: RuntimeLogger;
  offline?: boolean;
}): Promise<OperatorSession> {
  const collected = await collectOperatorInputs({ connector, args, io, allowMissing: offline });
  if (offline) fillOffline(connector, collected);
  const redacted = redactIO(io, collected.secrets);
  const verbose = args.booleans.verbose === true;
  const logger: RuntimeLogger = (line, event) => {
    onLog?.(line, event);
    if (verbose) redacted.stderr.write(`log: ${line}\n`);
  };
  const actor: Record<string, string> = {};
  if (args.strings['actor-email'] !== undefined) actor.email = args.strings['actor-email'];
  if (args.strings['actor-name'] !== undefined) actor.name = args.strings['actor-name'];
  // Loaded here, not at the top: `--help` and usage errors then start without the HTTP stack.
  const { connect } = await import('../index.js');
  const timeouts = parseTimeout(args.strings.timeout);
  // The operator's own machine and spec: any address (a local fake, an on-premises target) may be
  // reached. A shared service never does this; it passes the strict default or an allow list.
  // The operator's own machine and specs: the host's jq binary may run what the engine refuses.
  const client = connect(connector, collected.inputs, {
    baseUrl: collected.baseUrl,
    logger,
    actor,
    egress: ALLOW_ANY,
    jq: { binaryFallback: true },
    ...(timeouts && { timeouts }),
  });
  return { connector, client, io: redacted };
}

export type ActionKind = 'import' | 'create' | 'account' | 'custom';

const STANDARD_KINDS: Record<string, ActionKind> = {
  importUsers: 'import',
  createUser: 'create',
  activateUser: 'account',
  deactivateUser: 'account',
  deleteUser: 'account',
};

/** The actions a connector defines, standard ones first. */
export function listActions(spec: ConnectorSpec): string[] {
  const standard = Object.keys(STANDARD_KINDS).filter((name) => spec.actions[name as keyof typeof spec.actions] !== undefined);
  return [...standard, ...Object.keys(spec.actions.custom ?? {})];
}

/** What kind of action `<action>` names on this connector; a UsageError when it has no such action. */
export function classifyAction({ spec, action }: { spec: ConnectorSpec; action: string }): ActionKind {
  const standard = STANDARD_KINDS[action];
  const defined = standard !== undefined ? spec.actions[action as keyof typeof spec.actions] !== undefined : Object.hasOwn(spec.actions.custom ?? {}, action);
  if (defined) return standard ?? 'custom';
  const what = standard !== undefined ? `${spec.id} does not support ${action}` : `${spec.id} has no action "${action}"`;
  throw new UsageError(`${what}; its actions are: ${listActions(spec).join(', ')}`);
}
