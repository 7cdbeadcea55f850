/** `none`: one request returns every user. */
import { fetchAndEvaluate, type EvaluatedPage, type PagingContext } from './paging-context.js';

export async function* paginateNone(ctx: PagingContext): AsyncGenerator<EvaluatedPage> {
  yield await fetchAndEvaluate(ctx, { query: [] });
}
