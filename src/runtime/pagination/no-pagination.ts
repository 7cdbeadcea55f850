/**
 * `none`: one request returns every user. An answer that says there is more (more-signals.ts:
 * `more: true`, a next cursor or link, `Link: rel="next"`, a total above the records received)
 * fails the import with PAGINATION_MISSING naming the signal: page one is never taken for the
 * whole list, so a sync removes nothing on it.
 */
import { ConnectorError } from '../errors.js';
import { describeMoreSignals, findMoreSignals } from './more-signals.js';
import type { EvaluatedPage, PagingContext } from './paging-context.js';

export async function* paginateNone(ctx: PagingContext): AsyncGenerator<EvaluatedPage> {
  const fetched = await ctx.fetch({ query: [] });
  const page = await ctx.evaluate(fetched);
  const signals = findMoreSignals({ headers: fetched.headers, body: fetched.body(), received: page.records.length });
  if (signals.length > 0) {
    throw new ConnectorError(
      'PAGINATION_MISSING',
      `${ctx.action}: the answer says there is more (${describeMoreSignals(signals)}) but the spec has no pagination; ${page.records.length} records were received and none are taken as the whole list`,
      {
        action: ctx.action,
        hint: 'Add a pagination block to actions.importUsers (Generate Config proposes one from the answer); see docs/connector-authors/pagination.md.',
      },
    );
  }
  yield page;
}
