/**
 * Import Users: an async iterable of pages, each mapped with one jq run, walked by the spec's
 * pagination style. It yields every account or ends with an error; it never stops early in
 * silence (a truncated import would later look like deleted users).
 */
import type { ImportList, RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { executeRequest, requireJson } from '../execute-request.js';
import { parseBody, redactError, type ParsedBody } from '../map-http-error.js';
import { parseJsonLossless } from '../../jq/json-parse.js';
import type { Account, RecordProblem } from '../mapping/map-records.js';
import { describeShape, NOT_JSON, type RanPage } from '../mapping/page-mapper.js';
import type { HttpResponse } from '../http/http-transport.js';
import { paginate } from '../pagination/paginate.js';
import type { EvaluatedPage, PagingContext } from '../pagination/paging-context.js';
import { createImportBudget, type ImportBudget } from './import-limits.js';
import { createImportTally, type ImportSummary } from './import-summary.js';

export interface ImportPage {
  accounts: Account[];
  problems: RecordProblem[];
  /** 1-based page number. */
  page: number;
}

export interface ImportRun extends AsyncIterable<ImportPage> {
  /**
   * Counts and warnings of the latest walk through the pages (`complete` once the last page has
   * been read); undefined before the first page. Warnings say what the operator should check
   * although nothing failed, e.g. a mapping field that gave no value for any account.
   */
  summary(): ImportSummary | undefined;
  /** Every account, page after page. */
  accounts(): AsyncIterable<Account>;
  /**
   * Every account in one array: a convenience that holds the whole list in memory, so it stops
   * with LIMIT_EXCEEDED past `maxAccounts` (default 1,000,000); stream the pages for more.
   */
  collect(options?: { maxAccounts?: number }): Promise<Account[]>;
}

export function createPagingContext(
  connection: Connection,
  runtime: RuntimeConnector,
  warn: (message: string) => void = () => undefined,
  list: ImportList | undefined = runtime.importLists[0],
  budget?: ImportBudget,
): PagingContext {
  const request = list?.request;
  const mapper = list?.mapper;
  if (!request || !mapper) throw new ConnectorError('CONFIG', `${runtime.source}: the connector has no importUsers action`, { action: 'importUsers' });
  const redactUrl = (url: URL) => connection.redactor.redactUrl(url);
  return {
    action: 'importUsers',
    baseUrl: connection.baseUrl,
    async fetch(target) {
      budget?.checkTime();
      // Each answer's body is read once as it arrives, for the cut-off check and for the page:
      // parsed here, or, for an isolated mapping, parsed and mapped in its jq worker (this thread
      // never parses it). A body that does not parse is retried as a cut-off one.
      let checked: CheckedBody | undefined;
      const runBytes = mapper.runBytes;
      const result = await executeRequest({
        connection,
        runtime,
        request,
        variables: {},
        ...('url' in target ? { url: target.url } : { extraQuery: target.query }),
        // An outcome rule reads the body where the request runs: then it is parsed there, as ever.
        ...(request.outcomes.length === 0 && {
          checkBody: async (response: HttpResponse) => {
            if (!runBytes) {
              const parsed = parseOnce(response.body);
              checked = { response, parsed };
              return !parsed.isJson;
            }
            const ran = runBytes(response.body);
            checked = { response, ran };
            return (await ran) === NOT_JSON;
          },
        }),
      });
      budget?.addBytes(result.response.body.length);
      // What was read of the answer returned (an earlier attempt's was of another answer).
      const read = checked?.response === result.response ? checked : undefined;
      const page = { url: result.prepared.url, status: result.response.status, headers: result.response.headers };
      const mapped = read && 'ran' in read ? await read.ran : NOT_JSON;
      if (mapped !== NOT_JSON) return { ...page, body: parsedLater(result.response.body), mapped };
      // Parsed here: the same answer, or the same error (requireJson), as when every body was parsed here.
      const parsed = read && 'parsed' in read ? read.parsed : result.parsed === false ? parseBody(result.response.body) : undefined;
      const body = requireJson(parsed ? { ...result, body: parsed.json, isJson: parsed.isJson } : result, 'importUsers', redactUrl);
      // The text only for a mapping that parses it in its worker: the calling thread's does not keep it.
      if (!runBytes) return { ...page, body: constantly(body) };
      return { ...page, body: constantly(body), text: parsed?.text ?? parseBody(result.response.body).text };
    },
    async evaluate(page) {
      // A plain object: a getter here (to redact the URL only for an error) gave each page's context
      // a map of its own in the old generation, which kept the whole page alive through every young
      // collection (20 MB of a 100k-user import promoted, against 5 MB without it).
      const context = { action: 'importUsers', method: request.method, url: redactUrl(page.url) };
      const mapped = page.mapped ? await page.mapped.finish(context, page.body) : await mapper.map(page.body(), context, page.text);
      return { url: page.url, headers: page.headers, records: mapped.records, extras: mapped.extras, shape: describedLater(page.body) };
    },
    warn,
  };
}

/** What the cut-off check read of one answer: parsed here, or run through the isolated mapping. */
type CheckedBody = { response: HttpResponse; parsed: ParsedBody } | { response: HttpResponse; ran: Promise<RanPage | typeof NOT_JSON> };

/**
 * The body parsed, without parseBody's cache: a WeakMap entry keeps its value through every young
 * collection while the key lives, so each page's parsed body and text were promoted to the old
 * generation (28 MB of a 100k-user import) and then collected by full collections.
 */
function parseOnce(buffer: Buffer): ParsedBody {
  const text = buffer.toString('utf8');
  try {
    return { text, json: parseJsonLossless(text), isJson: true };
  } catch {
    return { text, json: text, isJson: false };
  }
}

// Module-level, so the functions a page keeps hold only what they return, never fetch()'s scope.
function constantly(value: unknown): () => unknown {
  return () => value;
}

/** An isolated page's body, parsed here only if something asks (an error message, the `none` style). */
function parsedLater(buffer: Buffer): () => unknown {
  return () => parseBody(buffer).json;
}

function describedLater(body: () => unknown): () => string {
  return () => describeShape(body());
}

async function* walkPages(
  connection: Connection,
  runtime: () => Promise<RuntimeConnector>,
  report: (summary: ImportSummary) => void,
): AsyncGenerator<ImportPage> {
  try {
    const compiled = await runtime();
    const tally = createImportTally(Object.keys(compiled.spec.actions.importUsers?.mapping ?? {}));
    const warn = (message: string) => {
      const line = connection.redactor.redact(message);
      tally.warn(line);
      connection.log(`importUsers: warning: ${line}`, { type: 'warning', action: 'importUsers', message: line });
    };
    let number = 0;
    const budget = createImportBudget(connection.importLimits, connection.now);
    for await (const page of paginateLists(connection, compiled, warn, budget)) {
      number += 1;
      budget.addRecords(page.records.length);
      const accounts: Account[] = [];
      const problems: RecordProblem[] = [];
      // Index loops: this runs for every record, and an iterator would be allocated for each.
      for (let at = 0; at < page.records.length; at++) {
        const record = page.records[at]!;
        // Accounts are data: never rewritten by redaction (an id `acme-1` stays whole).
        if (record.account) {
          budget.checkAccount(record.account, number);
          accounts.push(record.account);
        }
        for (let found = 0; found < record.problems.length; found++) {
          const problem = record.problems[found]!;
          problems.push({ ...problem, message: connection.redactor.redact(problem.message) });
        }
      }
      // A page of records none of which maps is a wrong mapping, not an empty application: an
      // import that reported 0 accounts here would later read as "every account was removed".
      if (page.records.length > 0 && accounts.length === 0) throw allRecordsFailed(number, page.records.length, problems);
      tally.addPage({ records: page.records.length, accounts, problems: problems.length });
      if (connection.logging) {
        connection.log(`importUsers: page ${number}, ${page.records.length} records, ${accounts.length} accounts`, {
          type: 'page',
          action: 'importUsers',
          page: number,
          records: page.records.length,
          accounts: accounts.length,
        });
      }
      report(tally.summary(false));
      yield { accounts, problems, page: number };
    }
    for (const warning of tally.finish()) warn(warning);
    report(tally.summary(true));
  } catch (error) {
    throw redactError(error, connection.redactor);
  }
}

/**
 * The pages of every list of the import, one list after the other; one list's pages as they are
 * (each generator a page passes through costs its promises, on every page).
 */
function paginateLists(connection: Connection, runtime: RuntimeConnector, warn: (message: string) => void, budget: ImportBudget): AsyncIterable<EvaluatedPage> {
  const [only, ...others] = runtime.importLists;
  if (only && others.length === 0) return paginate(createPagingContext(connection, runtime, warn, only, budget), only.pagination);
  return (async function* () {
    for (const list of runtime.importLists) yield* paginate(createPagingContext(connection, runtime, warn, list, budget), list.pagination);
  })();
}

function allRecordsFailed(page: number, records: number, problems: RecordProblem[]): ConnectorError {
  const examples = [...new Set(problems.map((problem) => problem.message.replace(/^record \d+ /u, 'a record ')))].slice(0, 3);
  return new ConnectorError('MAPPING_FAILED', `importUsers: none of the ${records} records of page ${page} could be imported: ${examples.join('; ')}`, {
    action: 'importUsers',
    hint: "Check the mapping's id expression (and `records`) against a response: `connector preview` shows each record's problems.",
  });
}

/** collect() keeps every account in memory: past this many, streaming the pages is the way. */
export const DEFAULT_COLLECT_LIMIT = 1_000_000;

export function createImportRun(connection: Connection, runtime: () => Promise<RuntimeConnector>): ImportRun {
  let latest: ImportSummary | undefined;
  const walk = () => walkPages(connection, runtime, (summary) => (latest = summary));
  return {
    [Symbol.asyncIterator]: walk,
    summary: () => latest,
    async *accounts() {
      for await (const page of walk()) yield* page.accounts;
    },
    async collect({ maxAccounts = DEFAULT_COLLECT_LIMIT } = {}) {
      const all: Account[] = [];
      for await (const page of walk()) {
        if (all.length + page.accounts.length > maxAccounts) {
          throw new ConnectorError('LIMIT_EXCEEDED', `importUsers: collect() holds at most ${maxAccounts} accounts (maxAccounts) and the import has more`, {
            action: 'importUsers',
            hint: 'Iterate the pages (`for await (const page of client.importUsers())`) to handle any number of accounts, or raise maxAccounts.',
          });
        }
        for (const account of page.accounts) all.push(account);
      }
      return all;
    },
  };
}
