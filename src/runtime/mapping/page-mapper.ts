/**
 * Compiles the page program once per connector action and maps a response body with one jq run.
 * Knows the jq engine only through the JqFilter interface (src/jq/index.ts).
 */
import { compileJq, JqInputError, type JqCompileScope, type JqFilter, type JqPolicy } from '../../jq/index.js';
import { ConnectorError } from '../errors.js';
import { jqLimitExceeded } from '../jq-limit-error.js';
import type { Mapping } from '../../../generated/spec-types.js';
import { buildPageProgram, decodeCell, ROWS_KEY, type Cell } from './page-program.js';
import { createRowMapper, type MappedRecord } from './map-records.js';

export interface MappedPage {
  records: MappedRecord[];
  /** Named extras (pagination values), decoded. */
  extras: Record<string, Cell>;
}

type MapContext = { action: string; method?: string; url?: string };

/** What mapBytes gives for bytes that do not parse as JSON. */
export const NOT_JSON = Symbol('not JSON');

export interface PageMapper {
  /** `text`: the body as received, when there is one (an isolated program parses it in its worker). */
  map(body: unknown, context: MapContext, text?: string): Promise<MappedPage>;
  /**
   * Present when the mapping runs in a jq worker: runs it on the body's bytes there, the one place
   * they are parsed (the calling thread never parses the page); NOT_JSON when they do not parse.
   * The run is finished (rows decoded, or its failure reported) by the page's `finish`.
   */
  runBytes?(bytes: Uint8Array): Promise<RanPage | typeof NOT_JSON>;
}

/** A page the jq worker has run the mapping on. */
export interface RanPage {
  /** The page mapped, or the mapping's error. `body`: the body parsed here, only called for an error that describes it. */
  finish(context: MapContext, body: () => unknown): Promise<MappedPage>;
}

/** `an object with keys users (array), total (number)`: what the records path was run on. */
export function describeShape(body: unknown): string {
  if (Array.isArray(body)) return `an array of ${body.length} items`;
  if (body === null) return 'null';
  if (body === undefined) return 'empty (no body)';
  if (typeof body !== 'object') return `a ${typeof body}`;
  const keys = Object.entries(body as Record<string, unknown>).slice(0, 12);
  if (keys.length === 0) return 'an empty object';
  const list = keys.map(([key, value]) => `${key} (${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value})`);
  return `an object with keys ${list.join(', ')}`;
}

function paginationExpressionError(input: {
  name: string;
  expression: string;
  error: string;
  body: unknown;
  context: { action: string; method?: string; url?: string };
}): ConnectorError {
  const { name, expression, error, body, context } = input;
  return new ConnectorError(
    'PAGINATION_FAILED',
    `${context.action}: pagination ${name} expression \`${expression.trim()}\` failed: ${error}; the response is ${describeShape(body)}`,
    { ...context, hint: `Fix pagination.${name} so it reads the value from a response of this shape; the import stops rather than return a partial list.` },
  );
}

/** Rows mapped per turn of the event loop: a page of 250,000 records never holds it at once. */
const ROWS_PER_TURN = 10_000;

type RowMapper = (row: unknown, index: number, values?: boolean) => MappedRecord;

/** `compact`: the rows came from a jq worker asked for compactRows (a row of values, or `{cells}`). */
async function mapRows(rows: unknown[], mapRow: RowMapper, compact: boolean): Promise<MappedRecord[]> {
  const records: MappedRecord[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(rows.length, start + ROWS_PER_TURN);
    for (let index = start; index < end; index += 1) {
      const row = rows[index];
      if (!compact) records.push(mapRow(row, index));
      else if (Array.isArray(row)) records.push(mapRow(row, index, true));
      else records.push(mapRow((row as { cells?: unknown } | null)?.cells, index));
    }
  }
  return records;
}

export async function createPageMapper(input: {
  records: string;
  mapping: Mapping;
  extras?: ReadonlyArray<readonly [string, string]>;
  action: string;
  /** Who wrote the records path and mapping (the connector's policy). */
  policy: JqPolicy;
  /** Where the program runs and what is precompiled (the connector's compile step). */
  scope?: JqCompileScope;
}): Promise<PageMapper> {
  const fields = Object.entries(input.mapping);
  const fieldNames = fields.map(([name]) => name);
  const program = buildPageProgram({ records: input.records, fields, extras: input.extras ?? [] });
  const filter: JqFilter = await compileJq(program, input.policy, input.scope);
  const expressions = new Map(input.extras ?? []);
  const mapRow = createRowMapper(fieldNames);

  /** Rows and extras of the program's output; `body` describes the response in an error. */
  async function decode(output: unknown, context: MapContext, body: () => unknown, compact: boolean): Promise<MappedPage> {
    const { r: rows, x: rawExtras } = (output ?? {}) as { r?: unknown; x?: Record<string, unknown> };
    if (!Array.isArray(rows)) {
      const failure = rows as { shape?: string; __error?: string } | undefined;
      const what = failure?.__error !== undefined ? `failed: ${failure.__error}` : `gave ${failure?.shape ?? 'no output'}, not an array`;
      throw new ConnectorError('BAD_RESPONSE', `${context.action}: records path "${input.records}" ${what}; the response is ${describeShape(body())}`, {
        ...context,
        hint: 'Set `records` to the jq path of the array of users, e.g. `.users`.',
      });
    }
    const extras: Record<string, Cell> = {};
    for (const [name, raw] of Object.entries(rawExtras ?? {})) {
      const cell = decodeCell(raw);
      // A failing pagination expression must end the import with an error, never be read as
      // "no next page": that would return a partial list as if it were complete.
      if ('error' in cell) throw paginationExpressionError({ name, expression: expressions.get(name) ?? '', error: cell.error, body: body(), context });
      extras[name] = cell;
    }
    try {
      return { records: await mapRows(rows, mapRow, compact), extras };
    } catch (error) {
      // A value nested past the stack (1e5 levels of arrays) is the target's bad data, with a code.
      throw new ConnectorError('MAPPING_FAILED', `${context.action}: a mapped value could not be read (${(error as Error).message})`, {
        ...context,
        hint: "The target sent a value nested too deeply to use; check the mapping's fields against the response.",
      });
    }
  }

  /** A failed run: a limit (the engine's, or the isolate's time and memory) says which one, so the host knows what to raise. */
  function runFailed(error: unknown, context: MapContext): ConnectorError {
    return (
      jqLimitExceeded(error, 'the mapping', context) ??
      new ConnectorError('MAPPING_FAILED', `${context.action}: mapping failed: ${(error as Error).message}`, {
        ...context,
        cause: error,
      })
    );
  }

  const runText = filter.runText;
  return {
    async map(body, context, text) {
      let output: unknown;
      try {
        [output] = await (text !== undefined && runText ? runText(text, { sliceKey: ROWS_KEY, compactRows: true }) : filter.run(body));
      } catch (error) {
        throw runFailed(error, context);
      }
      return decode(output, context, () => body, text !== undefined && runText !== undefined);
    },
    ...(runText &&
      ({
        async runBytes(bytes) {
          try {
            const [output] = await runText(bytes, { sliceKey: ROWS_KEY, compactRows: true });
            return { finish: (context, body) => decode(output, context, body, true) };
          } catch (error) {
            if (error instanceof JqInputError) return NOT_JSON;
            return { finish: (context) => Promise.reject(runFailed(error, context)) };
          }
        },
      } satisfies Pick<PageMapper, 'runBytes'>)),
  };
}
