/**
 * `npm run bench -- jq`: maps 100,000 PagerDuty-shaped users (1,000 pages of 100) with the shipped
 * incident-platform mapping (records `.users`, then one jq expression per account field) three
 * ways, in one run: the compiled in-process engine, the jq binary through the binary fallback (one
 * process per call, measured on a subset and extrapolated; skipped when no jq is installed), and
 * hand-written TypeScript (the baseline).
 * Every variant's accounts are checked equal on the subset before any figure is printed.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { compileWithBinary, findJqBinary } from '../../src/jq/binary-engine.js';
import { compileJqInProcess, type JqFilter } from '../../src/jq/index.js';
import { median } from './median.js';

const PAGES = 1_000;
const PAGE_SIZE = 100;
const NODE_JQ_PAGES = 1;
const NODE_JQ_PAGE_CALL_PAGES = 10;
const STRING_FIELDS = new Set(['id', 'email', 'name']);

type Account = Record<string, unknown>;
type Page = { users: Array<Record<string, unknown>>; limit: number; offset: number; more: boolean; total: null };

const ROLES = ['owner', 'admin', 'user', 'limited_user', 'observer', 'restricted_access', 'read_only_user'];

function buildPages(): Page[] {
  return Array.from({ length: PAGES }, (_, page) => ({
    users: Array.from({ length: PAGE_SIZE }, (_, index) => {
      const n = page * PAGE_SIZE + index;
      const id = `P${n.toString(36).toUpperCase().padStart(6, '0')}`;
      return {
        id,
        type: 'user',
        summary: `User ${n}`,
        self: `https://api.pagerduty.com/users/${id}`,
        html_url: `https://example.pagerduty.com/users/${id}`,
        name: n % 97 === 0 ? null : `User ${n}`,
        ...(n % 89 === 0 ? {} : { email: `user${n}@example.com` }),
        time_zone: 'Europe/Paris',
        color: 'purple',
        role: ROLES[n % ROLES.length],
        avatar_url: `https://secure.gravatar.com/avatar/${n}.png`,
        description: null,
        invitation_sent: n % 3 === 0,
        job_title: n % 5 === 0 ? 'Engineer' : null,
        teams: [{ id: 'PT1', type: 'team_reference', summary: 'Ops' }],
        contact_methods: [{ id: `PC${n}`, type: 'email_contact_method_reference' }],
        notification_rules: [],
      };
    }),
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
    more: page < PAGES - 1,
    total: null,
  }));
}

/** The shipped mapping, read from the spec so the bench follows it. */
function readMapping(): { records: string; fields: Array<[string, string]> } {
  const spec = parse(readFileSync(new URL('../../specs/prebuilt/incident-platform.yaml', import.meta.url), 'utf8')) as {
    actions: { importUsers: { records?: string; mapping: Record<string, string> } };
  };
  const { records = '.', mapping } = spec.actions.importUsers;
  return { records, fields: Object.entries(mapping) };
}

/** The runtime's rule: first output wins; null or none -> missing; id/email/name as strings, missing email/name -> "". */
function toAccount(values: Array<[string, unknown]>): Account {
  const account: Account = {};
  for (const [field, value] of values) {
    if (value === null || value === undefined) continue;
    account[field] = STRING_FIELDS.has(field) && typeof value !== 'string' ? JSON.stringify(value) : value;
  }
  account.email ??= '';
  account.name ??= '';
  return account;
}

function mapInProcess(pages: Page[], mapping: ReturnType<typeof readMapping>): Account[] {
  const records = compileJqInProcess(mapping.records);
  const fields = mapping.fields.map(([field, expression]) => [field, compileJqInProcess(expression)] as const);
  const accounts: Account[] = [];
  for (const page of pages) {
    for (const record of records.runSync(page)[0] as unknown[]) {
      accounts.push(toAccount(fields.map(([field, filter]) => [field, filter.runSync(record)[0]])));
    }
  }
  return accounts;
}

/** The same, through the async `JqFilter.run` every caller of `compileJq` uses. */
async function mapInProcessAsync(pages: Page[], mapping: ReturnType<typeof readMapping>): Promise<Account[]> {
  const records = compileJqInProcess(mapping.records);
  const fields = mapping.fields.map(([field, expression]) => [field, compileJqInProcess(expression)] as const);
  const accounts: Account[] = [];
  for (const page of pages) {
    for (const record of (await records.run(page))[0] as unknown[]) {
      const values: Array<[string, unknown]> = [];
      for (const [field, filter] of fields) values.push([field, (await filter.run(record))[0]]);
      accounts.push(toAccount(values));
    }
  }
  return accounts;
}

function mapHandWritten(pages: Page[]): Account[] {
  const accounts: Account[] = [];
  for (const page of pages) {
    for (const user of page.users) {
      const role = user.role;
      accounts.push(
        toAccount([
          ['id', user.id],
          ['email', user.email ?? ''],
          ['name', user.name ?? ''],
          ['admin', role === 'owner' || role === 'admin'],
          ['role', role],
        ]),
      );
    }
  }
  return accounts;
}

/** The first output of an expression on the jq binary, one jq process per call (compiled once per expression). */
type BinaryRun = (expression: string, input: unknown) => Promise<unknown>;

function loadBinaryRun(): BinaryRun | undefined {
  if (!findJqBinary()) return undefined;
  const filters = new Map<string, Promise<JqFilter>>();
  return async (expression, input) => {
    let filter = filters.get(expression);
    if (!filter) filters.set(expression, (filter = compileWithBinary(expression)));
    return (await (await filter).run(input))[0] ?? null;
  };
}

/** The jq binary as the runtime once used it (node-jq): one jq process per records call and per field of each record. */
async function mapBinaryPerField(run: BinaryRun, pages: Page[], mapping: ReturnType<typeof readMapping>): Promise<Account[]> {
  const accounts: Account[] = [];
  for (const page of pages) {
    const records = (await run(mapping.records, page)) as unknown[];
    for (const record of records) {
      const values: Array<[string, unknown]> = [];
      for (const [field, expression] of mapping.fields) values.push([field, await run(expression, record)]);
      accounts.push(toAccount(values));
    }
  }
  return accounts;
}

/** The jq binary at its best: the whole mapping as one program, one jq process per page. */
async function mapBinaryPerPage(run: BinaryRun, pages: Page[], mapping: ReturnType<typeof readMapping>): Promise<Account[]> {
  const program = `[${mapping.records}[] | [${mapping.fields.map(([field, expression]) => `[${JSON.stringify(field)}, ([${expression}] | first)]`).join(', ')}]]`;
  const accounts: Account[] = [];
  for (const page of pages) {
    const rows = (await run(program, page)) as Array<Array<[string, unknown]>>;
    for (const row of rows) accounts.push(toAccount(row));
  }
  return accounts;
}

function timeSync(runs: number, work: () => unknown): number {
  work(); // warm-up: let the JIT compile the hot path first
  return median(
    Array.from({ length: runs }, () => {
      const start = performance.now();
      work();
      return performance.now() - start;
    }),
  );
}

async function timeAsync<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

const pages = buildPages();
const mapping = readMapping();
const run = loadBinaryRun();

const records = PAGES * PAGE_SIZE;
const handWritten = timeSync(5, () => mapHandWritten(pages));
const inProcess = timeSync(3, () => mapInProcess(pages, mapping));
await mapInProcessAsync(pages, mapping); // warm-up
const [inProcessAsync, inProcessAsyncAccounts] = await timeAsync(() => mapInProcessAsync(pages, mapping));
const [perFieldMs, perFieldAccounts] = run ? await timeAsync(() => mapBinaryPerField(run, pages.slice(0, NODE_JQ_PAGES), mapping)) : [Number.NaN, []];
const [perPageMs, perPageAccounts] = run ? await timeAsync(() => mapBinaryPerPage(run, pages.slice(0, NODE_JQ_PAGE_CALL_PAGES), mapping)) : [Number.NaN, []];
const perField = (perFieldMs * PAGES) / NODE_JQ_PAGES;
const perPage = (perPageMs * PAGES) / NODE_JQ_PAGE_CALL_PAGES;

// Figures only count if every variant maps the users the same way (checked where the jq binary ran).
const sameAccounts = (name: string, accounts: Account[]): void => {
  if (JSON.stringify(accounts) !== JSON.stringify(mapHandWritten(pages.slice(0, accounts.length / PAGE_SIZE)))) {
    throw new Error(`${name} maps the users differently from the hand-written mapping`);
  }
};
sameAccounts('in-process engine', mapInProcess(pages, mapping));
sameAccounts('in-process engine (async run)', inProcessAsyncAccounts);
if (run) {
  sameAccounts('jq binary per call', perFieldAccounts);
  sameAccounts('jq binary per page', perPageAccounts);
}

const rows: Array<[string, number, string]> = [
  ['hand-written TypeScript (baseline)', handWritten, 'measured, median of 5'],
  ['in-process jq engine (compiled)', inProcess, 'measured, median of 3 (runSync)'],
  ['in-process, through async run()', inProcessAsync, 'measured once (JqFilter.run, as compileJq callers)'],
  ['jq binary, one process per page', perPage, `extrapolated from ${NODE_JQ_PAGE_CALL_PAGES} pages`],
  ['jq binary, one process per call', perField, `extrapolated from ${NODE_JQ_PAGES} pages (${NODE_JQ_PAGES * (PAGE_SIZE * mapping.fields.length + 1)} calls)`],
];
console.log(
  `Mapping ${records.toLocaleString('en')} PagerDuty users (${PAGES} pages of ${PAGE_SIZE}), fields: ${mapping.fields.map(([field]) => field).join(', ')}`,
);
console.log(`${'variant'.padEnd(38)} ${'time'.padStart(12)} ${'x baseline'.padStart(11)}  how`);
for (const [name, ms, how] of rows.filter(([, ms]) => !Number.isNaN(ms))) {
  console.log(`${name.padEnd(38)} ${`${ms.toFixed(0)} ms`.padStart(12)} ${`${(ms / handWritten).toFixed(2)}x`.padStart(11)}  ${how}`);
}
if (!run) console.log('jq binary rows skipped: no jq on PATH or in JQ_PATH');
else console.log(`in-process engine vs the jq binary per call: ${(perField / inProcess).toFixed(0)}x faster`);
console.log(`goal: within 3x of hand-written (${(inProcess / handWritten).toFixed(2)}x)`);
