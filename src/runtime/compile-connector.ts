/**
 * Compiles everything a connector's requests need, once per connector (WeakMap keyed by the
 * connector object): Handlebars templates of paths, queries, headers and bodies, and jq programs
 * (page mapping, results, error rules, lookups). A template or jq error here is a CONFIG error
 * naming the spec file and field. A connector from `generated/` carries `precompiled.jq` (the
 * parsed programs, by text): those are compiled from their AST, with no jq parsing.
 */
import type { CompiledConnector, InputValues, StandardActionName } from '../connector.js';
import type {
  ConnectorSpec,
  CustomAction,
  ErrorHandling,
  ImportAction,
  ErrorRule,
  OutcomeRule,
  Pagination,
  ProbeAnswer,
  WriteAction,
} from '../../generated/spec-types.js';
import {
  compileJq,
  createJqIsolate,
  type JqCompileScope,
  type AnswerLimits,
  type AnswerRefusal,
  type AnswerSample,
  type IsolationLimits,
  type JqFilter,
  type JqPolicy,
  type Limits,
} from '../jq/index.js';
import { ConnectorError } from './errors.js';
import { createPageMapper, type PageMapper } from './mapping/page-mapper.js';
import { listPagingExpressions } from '../plan/paging-expressions.js';
import { resultRecordsPath } from '../plan/page-program.js';
import { listPathPlaceholders } from './template/path-template.js';
import { compileJsonBody, compilePlainTemplate } from '../template/compile.js';
import { planned } from './plan.js';

export type Render = (context: object) => string;

export interface CompiledErrorHandling {
  message?: JqFilter;
  rules: Array<{ rule: ErrorRule; when?: JqFilter }>;
}

/** A response that means the action had nothing to do (see the schema's OutcomeRule). */
export interface CompiledOutcomeRule {
  status: number;
  when: JqFilter;
  means: OutcomeRule['means'];
}

export interface CompiledRequest {
  /** `importUsers`, `createUser`, ..., a custom action's name, or `lookup:<name>`. */
  name: string;
  method: string;
  path: string;
  query: Array<[string, Render]>;
  headers: Array<[string, Render]>;
  body?: Render;
  /** Lower fills it for every request that can have a body (lookups have none). */
  contentType?: string;
  idempotent: boolean;
  /** Imports and lookups read the body as JSON: a cut-off body is retried, then BAD_RESPONSE. */
  readsJson: boolean;
  success?: number[];
  /** How the target says there was nothing to do; checked before success and errors. */
  outcomes: CompiledOutcomeRule[];
  /** Action-level rules first, then the spec's. */
  errors: CompiledErrorHandling[];
  /** `lookups.<name>` referenced by the templates, fetched before rendering. */
  lookupNames: string[];
  /** Write actions: locates the changed record, mapped with the import mapping. */
  resultMapper?: PageMapper;
  /** Custom actions: selects what to return. */
  result?: JqFilter;
  /** Write and custom actions: most calls of this action in flight at once per connection. */
  maxInFlight?: number;
  /** A write action of several requests (`steps`); this request is then the first of them. */
  steps?: CompiledStep[];
  /** Write actions: template variables checked before anything is sent (`user.email`, `inputs.upnDomain`). */
  requires?: string[];
  /** Write actions: secrets generated per call, `generated.<name>` in templates, handed back in `secrets`. */
  generate?: Record<string, { type: 'password'; length: number }>;
}

/** One request of a write action's `steps`, sent when its condition (if any) gives true. */
export interface CompiledStep {
  request: CompiledRequest;
  when?: JqFilter;
}

/** One list an import reads: its request, mapper and pagination. */
export interface ImportList {
  request: CompiledRequest;
  mapper: PageMapper;
  pagination?: Pagination | undefined;
}

export interface RuntimeConnector {
  spec: ConnectorSpec;
  source: string;
  specHeaders: Array<[string, Render]>;
  requests: Map<string, CompiledRequest>;
  importMapper?: PageMapper;
  /** Every list the import reads, the first (`requests.importUsers`, `importMapper`) included. */
  importLists: ImportList[];
  lookups: Map<string, { request: CompiledRequest; value: JqFilter }>;
  /** The spec's capability probe (`probe`): its request, sent once, and how to read its status. */
  probe?: { request: CompiledRequest; answers: ProbeAnswer[] };
  /**
   * Measures and cuts a target's answer (Test, Preview, Generate Config) in the connector's jq
   * isolate, under its time and memory limits; absent where the connector has none (then on the
   * calling thread). The bytes are handed over (transferred to the worker, decoded as UTF-8
   * there): the caller must not read them afterwards.
   */
  sampleAnswer?: (bytes: Uint8Array, limits: AnswerLimits) => Promise<AnswerSample | AnswerRefusal>;
}

/** Any compiled connector, whatever its type parameters. */
export type AnyConnector = CompiledConnector<InputValues, StandardActionName, string>;

/** Key of a custom action in `requests` (custom names may equal standard ones). */
export function customKey(name: string): string {
  return `custom:${name}`;
}

/**
 * How a connector's jq is compiled: who wrote it (`policy`: only `trusted` programs may run on the
 * host's jq binary), the engine's limits, and whether its programs run in a worker thread under a
 * time and memory limit (`isolation`, a customer's spec) or on the calling thread (absent).
 */
export interface JqCompileOptions {
  policy: JqPolicy;
  limits?: Partial<Limits>;
  isolation?: Partial<IsolationLimits>;
}

/** Compiled connectors by connector object, one table per distinct compile options (the programs differ). */
const caches = new Map<string, WeakMap<AnyConnector, Promise<RuntimeConnector>>>();

export function compileConnector(connector: AnyConnector, options: JqCompileOptions): Promise<RuntimeConnector> {
  const key = JSON.stringify([options.policy, options.limits ?? {}, options.isolation ?? null]);
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new WeakMap()));
  let compiled = cache.get(connector);
  if (!compiled) {
    compiled = compileFresh(connector, options);
    const entries = cache;
    entries.set(connector, compiled);
    compiled.catch(() => entries.delete(connector));
  }
  return compiled;
}

function compileFresh(connector: AnyConnector, options: JqCompileOptions): Promise<RuntimeConnector> {
  const asts = connector.precompiled?.jq;
  // One isolate per compiled connector: its worker starts at the first evaluation (or is taken over from a closed isolate) and is let go when idle.
  const isolate =
    options.isolation === undefined ? undefined : createJqIsolate({ limits: options.isolation, ...(options.limits ? { jqLimits: options.limits } : {}) });
  const scope = { ...(asts === undefined ? {} : { asts }), ...(options.limits ? { limits: options.limits } : {}), ...(isolate ? { isolate } : {}) };
  const parts = compileParts(connector, options.policy, scope);
  return isolate ? parts.then((runtime) => ({ ...runtime, sampleAnswer: (bytes, limits) => isolate.sample(bytes, limits) })) : parts;
}

/**
 * Compiles every part of a connector; every jq program goes through `compileJq`. The compiler's
 * list of these programs (src/plan/jq-programs.ts) must name the same texts; a test compares them.
 */
export async function compileParts(
  { spec, source }: Pick<AnyConnector, 'spec' | 'source'>,
  policy: JqPolicy,
  scope: JqCompileScope = {},
): Promise<RuntimeConnector> {
  const where = (field: string) => `${source}: ${field}`;
  const jq = (expression: string) => compileJq(expression, policy, scope);
  const specErrors = await compileErrors({ handling: spec.errors, field: where('errors'), jq });
  const requests = new Map<string, CompiledRequest>();
  const { importUsers, custom = {}, ...writes } = spec.actions;
  let importMapper: PageMapper | undefined;
  const importLists: ImportList[] = [];
  if (importUsers) {
    const request = await compileRequest({
      name: 'importUsers',
      action: importUsers,
      method: planned(importUsers.method, 'actions.importUsers.method'),
      field: where('actions.importUsers'),
      specErrors,
      jq,
    });
    requests.set('importUsers', request);
    importMapper = await guard(where('actions.importUsers.mapping'), () =>
      createPageMapper({
        records: planned(importUsers.records, 'actions.importUsers.records'),
        mapping: importUsers.mapping,
        extras: listPagingExpressions(importUsers.pagination),
        action: 'importUsers',
        policy,
        scope,
      }),
    );
    importLists.push({ request, mapper: importMapper, pagination: importUsers.pagination });
    for (const [index, list] of (importUsers.additionalLists ?? []).entries()) {
      const field = where(`actions.importUsers.additionalLists[${index}]`);
      const listRequest = await compileRequest({ name: 'importUsers', action: list, method: planned(list.method, `${field}.method`), field, specErrors, jq });
      const mapper = await guard(`${field}.mapping`, () =>
        createPageMapper({
          records: planned(list.records, `${field}.records`),
          mapping: list.mapping,
          extras: listPagingExpressions(list.pagination),
          action: 'importUsers',
          policy,
          scope,
        }),
      );
      importLists.push({ request: listRequest, mapper, pagination: list.pagination });
    }
  }
  for (const [name, action] of Object.entries(writes) as Array<[string, WriteAction | undefined]>) {
    if (!action) continue;
    const request = await compileWriteAction({ name, action, field: where(`actions.${name}`), specErrors, jq });
    if (action.result !== undefined && importUsers) {
      const result = action.result;
      request.resultMapper = await guard(where(`actions.${name}.result`), () =>
        createPageMapper({ records: resultRecordsPath(result), mapping: importUsers.mapping, action: name, policy, scope }),
      );
    }
    requests.set(name, request);
  }
  for (const [name, action] of Object.entries(custom)) {
    const request = await compileRequest({ name, action, method: action.method, field: where(`actions.custom.${name}`), specErrors, jq });
    if (action.result !== undefined) request.result = await guard(where(`actions.custom.${name}.result`), () => jq(action.result as string));
    requests.set(customKey(name), request);
  }
  const lookups = new Map<string, { request: CompiledRequest; value: JqFilter }>();
  for (const [name, lookup] of Object.entries(spec.lookups ?? {})) {
    const action = { path: lookup.path, query: lookup.query, idempotent: lookup.idempotent };
    const request = await compileRequest({
      name: `lookup:${name}`,
      action,
      method: planned(lookup.method, `lookups.${name}.method`),
      field: where(`lookups.${name}`),
      specErrors,
      jq,
    });
    lookups.set(name, { request, value: await guard(where(`lookups.${name}.value`), () => jq(lookup.value)) });
  }
  let probe: RuntimeConnector['probe'];
  if (spec.probe) {
    // Sent once and never again: a probe whose answer is lost is `unknown`, not retried.
    const action = { path: spec.probe.path, query: spec.probe.query, headers: spec.probe.headers, body: spec.probe.body, idempotent: false };
    const request = await compileRequest({ name: 'probe', action, method: spec.probe.method, field: where('probe'), specErrors, jq });
    probe = { request: { ...request, ...(spec.probe.body === undefined ? {} : { contentType: 'application/json' }) }, answers: spec.probe.answers };
  }
  const specHeaders = compileMap(spec.headers, where('headers'));
  // Spec-level headers may name lookups too; every action but the import (which has none) fetches them.
  const headerLookups = findLookupNames(Object.values(spec.headers ?? {}));
  for (const request of requests.values()) {
    if (request.name !== 'importUsers') request.lookupNames = [...new Set([...request.lookupNames, ...headerLookups])];
  }
  return { spec, source, specHeaders, requests, importMapper, importLists, lookups, ...(probe ? { probe } : {}) };
}

/** A write action: its one request, or its steps (the first standing for the action in dry runs). */
async function compileWriteAction(input: {
  name: string;
  action: WriteAction;
  field: string;
  specErrors: CompiledErrorHandling;
  jq: CompileProgram;
}): Promise<CompiledRequest> {
  const { name, action, field, specErrors, jq } = input;
  if (!action.steps) {
    if (action.method === undefined) throw configError(field, new Error('the action has neither `method` nor `steps`'));
    return { ...(await compileRequest({ name, action, method: action.method, field, specErrors, jq })), ...writeExtras(action, field) };
  }
  const steps: CompiledStep[] = [];
  for (const [index, step] of action.steps.entries()) {
    const stepField = `${field}.steps[${index}]`;
    const request = await compileRequest({
      name,
      action: { ...step, errors: action.errors, maxInFlight: action.maxInFlight },
      method: step.method,
      field: stepField,
      specErrors,
      jq,
    });
    const when = step.when === undefined ? undefined : await guard(`${stepField}.when`, () => jq(step.when as string));
    steps.push(when === undefined ? { request } : { request, when });
  }
  const [first] = steps;
  if (!first) throw configError(field, new Error('`steps` is empty'));
  const lookupNames = [...new Set(steps.flatMap((step) => step.request.lookupNames))];
  return { ...first.request, lookupNames, steps, ...writeExtras(action, field) };
}

/** What a write action checks and generates before its first request. */
function writeExtras(action: WriteAction, field: string): Pick<CompiledRequest, 'requires' | 'generate'> {
  const extras: Pick<CompiledRequest, 'requires' | 'generate'> = {};
  if (action.requires) extras.requires = [...action.requires];
  if (action.generate) {
    extras.generate = Object.fromEntries(
      Object.entries(action.generate).map(([name, rule]) => [name, { type: rule.type, length: planned(rule.length, `${field}.generate.${name}.length`) }]),
    );
  }
  return extras;
}

interface RequestSource {
  name: string;
  action: Partial<ImportAction & Omit<WriteAction, 'steps'> & CustomAction>;
  method: string;
  field: string;
  specErrors: CompiledErrorHandling;
  jq: CompileProgram;
}

/** Compiles one of the connector's jq programs under the connector's policy. */
type CompileProgram = (expression: string) => Promise<JqFilter>;

async function compileRequest({ name, action, method, field, specErrors, jq }: RequestSource): Promise<CompiledRequest> {
  const texts = [action.path ?? '', ...Object.values(action.query ?? {}), ...Object.values(action.headers ?? {}), action.body ?? ''];
  const lookupNames = findLookupNames(texts);
  for (const placeholder of listPathPlaceholders(action.path ?? '')) {
    const [root = '', rest] = placeholder.split('.', 2);
    if (root === 'lookups' && rest) lookupNames.push(rest);
  }
  const actionErrors = await compileErrors({ handling: action.errors, field: `${field}.errors`, jq });
  const outcomes: CompiledOutcomeRule[] = [];
  for (const [index, rule] of (action.outcomes ?? []).entries()) {
    outcomes.push({ status: rule.status, means: rule.means, when: await guard(`${field}.outcomes[${index}].when`, () => jq(rule.when)) });
  }
  return {
    name,
    method,
    path: planned(action.path, `${field}.path`),
    query: compileMap(action.query, `${field}.query`),
    headers: compileMap(action.headers, `${field}.headers`),
    body: action.body === undefined ? undefined : guardSync(`${field}.body`, () => compileJsonBody(action.body as string)),
    ...(action.contentType === undefined ? {} : { contentType: action.contentType }),
    idempotent: planned(action.idempotent, `${field}.idempotent`),
    readsJson: name === 'importUsers' || name.startsWith('lookup:'),
    success: action.success,
    outcomes,
    maxInFlight: action.maxInFlight,
    errors: [actionErrors, specErrors],
    lookupNames: [...new Set(lookupNames)],
  };
}

/** `lookups.<name>` mentioned in templates (a superset is harmless: unknown names fail clearly). */
function findLookupNames(texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/lookups\.([A-Za-z0-9]+)/gu)].map((match) => match[1] ?? '')))];
}

function compileMap(map: Record<string, string> | undefined, field: string): Array<[string, Render]> {
  return Object.entries(map ?? {}).map(([name, text]) => [name, guardSync(`${field}.${name}`, () => compilePlainTemplate(text))]);
}

async function compileErrors({
  handling,
  field,
  jq,
}: {
  handling: ErrorHandling | undefined;
  field: string;
  jq: CompileProgram;
}): Promise<CompiledErrorHandling> {
  const message = handling?.message === undefined ? undefined : await guard(`${field}.message`, () => jq(handling.message as string));
  const rules = [];
  for (const [index, rule] of (handling?.rules ?? []).entries()) {
    const when = rule.when === undefined ? undefined : await guard(`${field}.rules[${index}].when`, () => jq(rule.when as string));
    rules.push({ rule, when });
  }
  return { message, rules };
}

function configError(field: string, error: unknown): ConnectorError {
  return new ConnectorError('CONFIG', `${field}: ${(error as Error).message}`, {
    hint: 'Run `connector validate` on the spec.',
    cause: error,
  });
}

async function guard<T>(field: string, make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    throw configError(field, error);
  }
}

function guardSync<T>(field: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw configError(field, error);
  }
}
