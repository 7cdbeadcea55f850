/** Read-only records: accounts linked to no person and email conflicts, and the tenant's audit log. */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { queryText } from '../query-input.js';
import { operatorOf, sendPage } from '../respond.js';
import { auditLogView } from '../views/audit-log-view.js';
import { unlinkedView } from '../views/unlinked-view.js';

export function recordRoutes(app: TypedApp, service: Service): void {
  const applicationNames = async (tenantId: string) =>
    new Map((await service.integrations.list({ tenantId })).map((integration) => [integration.id, integration.name]));

  app.get('/people/unlinked', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const tenantId = caller.tenantId;
    const [orphans, conflicts, applications, people] = await Promise.all([
      service.people.orphans({ tenantId }),
      service.people.conflicts({ tenantId }),
      applicationNames(tenantId),
      caller.role === 'admin' ? service.people.list({ tenantId }) : [],
    ]);
    const admin = caller.role === 'admin' ? { csrf, emails: people.flatMap((person) => [person.email, ...person.aliases]) } : undefined;
    const notice = queryText(request.query, 'changed') === 'link' ? 'The account’s link was changed.' : undefined;
    return sendPage(request, reply, {
      title: 'Unlinked accounts and conflicts',
      section: 'people',
      body: unlinkedView({ orphans, conflicts, applications, ...(admin ? { admin } : {}), ...(notice ? { notice } : {}) }),
    });
  });

  app.get('/audit', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const before = queryText(request.query, 'before');
    const [page, applications] = await Promise.all([service.audit.list({ tenantId: caller.tenantId, limit: 50, before }), applicationNames(caller.tenantId)]);
    return sendPage(request, reply, {
      title: 'Audit log',
      section: 'audit',
      body: auditLogView({ entries: page.entries, next: page.next, applications, paged: before !== undefined }),
    });
  });
}
