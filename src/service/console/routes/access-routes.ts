/** The Access Grid (page and CSV): the read the API's access-grid route serves. */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { queryChoice, queryText } from '../query-input.js';
import { operatorOf, sendPage } from '../respond.js';
import { accessGridView } from '../views/access-grid-view.js';

const GRID_PAGE = 50;

function gridFilters(query: unknown): { search?: string; adminOnly: boolean } {
  return { search: queryText(query, 'search'), adminOnly: queryChoice(query, 'adminOnly', ['true']) === 'true' };
}

export function accessRoutes(app: TypedApp, service: Service): void {
  app.get('/access-grid', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const filters = gridFilters(request.query);
    const cursor = queryText(request.query, 'cursor', 2000);
    const grid = await service.access.grid({ tenantId: caller.tenantId, ...filters, limit: GRID_PAGE, cursor });
    return sendPage(request, reply, { title: 'Access Grid', section: 'access-grid', body: accessGridView({ grid, ...filters, paged: cursor !== undefined }) });
  });

  app.get('/access-grid.csv', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const csv = await service.access.gridCsv({ tenantId: caller.tenantId, ...gridFilters(request.query) });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="access-grid.csv"').send(csv);
  });
}
