/**
 * Integrations, an application's Accounts page with "Sync now", a sync run with the safeguard's
 * approval, and the Application Audit (page and CSV). Each handler calls the service operation the
 * matching API route calls, scoped to the signed-in operator's tenant.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { ACCOUNT_STATES } from '../../sync/sync-policy.js';
import { ConsoleError } from '../console-error.js';
import { consoleUrl } from '../html.js';
import { queryChoice, queryCount, queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { accountsView } from '../views/accounts-view.js';
import { auditView } from '../views/audit-view.js';
import { integrationStatus } from '../views/integration-status.js';
import { integrationsView } from '../views/integrations-view.js';
import { runView } from '../views/run-view.js';

/** Fixed notices a redirect may ask for by name (never text from the address). */
const NOTICES: Record<string, string> = {
  'sync-queued': 'A sync was queued. Reload this page to see its progress in the sync history.',
  'sync-joined': 'A sync was already queued or running; your request joined it.',
  approved: 'The held removals were approved and carried out.',
  rejected: 'The held removals were rejected: nothing was removed.',
  'settings-saved': 'The sync settings were saved.',
  resumed: 'The quarantine was lifted: scheduled syncs start again now.',
  deleted: 'The integration was deleted. Its accounts stay as history but no longer count as access; its Access Grid column is gone.',
};

const PAGE_SIZE = 50;

export function integrationRoutes(app: TypedApp, service: Service): void {
  app.get('/integrations', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const page = await service.integrations.page({ tenantId: caller.tenantId, cursor: queryText(request.query, 'cursor'), limit: PAGE_SIZE });
    // One batched read for the whole page (two queries per integration cost 18x the API's list).
    const overview = await service.sync.overview({ tenantId: caller.tenantId, integrationIds: page.integrations.map((integration) => integration.id) });
    const lines = page.integrations.flatMap((integration) => {
      const found = overview.get(integration.id);
      return found ? [{ integration, status: integrationStatus(integration, found.status), lastRun: found.lastRun }] : [];
    });
    const { plan } = await service.tenants.get(caller.tenantId);
    return sendPage(request, reply, {
      title: 'Integrations',
      section: 'integrations',
      body: integrationsView({ lines, next: page.next, admin: caller.role === 'admin', plan, notice: NOTICES[queryText(request.query, 'notice') ?? ''] }),
    });
  });

  app.get('/integrations/:integrationId', { config: { access: 'viewer' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
    const integration = await service.integrations.get(ref);
    const search = queryText(request.query, 'q');
    const state = queryChoice(request.query, 'state', ACCOUNT_STATES);
    const after = queryCount(request.query, 'after')?.toString();
    const [sync, accounts, runs] = await Promise.all([
      service.sync.status(ref),
      service.sync.listAccounts({ ...ref, search, state, after, limit: PAGE_SIZE }),
      service.sync.listRuns({ ...ref, limit: 10 }),
    ]);
    // Only the people this page links to: a tenant's directory can hold tens of thousands.
    const linked = [...new Set(accounts.accounts.flatMap((account) => (account.personId === null ? [] : [account.personId])))];
    const people = await service.people.list({ tenantId: caller.tenantId, ids: linked });
    const notice = NOTICES[queryText(request.query, 'notice') ?? ''];
    return sendPage(request, reply, {
      title: `${integration.name}: accounts`,
      section: 'integrations',
      body: accountsView({
        integration,
        sync,
        status: integrationStatus(integration, sync),
        accounts: accounts.accounts,
        next: accounts.next,
        people: new Map(people.map((person) => [person.id, person.name])),
        runs,
        search,
        state,
        states: ACCOUNT_STATES,
        after,
        admin: caller.role === 'admin',
        csrf,
        notice,
      }),
    });
  });

  // The progress the Accounts page's script polls: the latest run's status and counts, nothing else.
  app.get(
    '/integrations/:integrationId/sync-progress',
    { config: { access: 'viewer' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const [run] = await service.sync.listRuns({ tenantId: caller.tenantId, integrationId: request.params.integrationId, limit: 1 });
      if (!run) throw new ConsoleError(404, 'Not found', 'This integration has no sync run yet.');
      return reply.type('application/json; charset=utf-8').send({ id: run.id, status: run.status, counts: run.counts });
    },
  );

  app.post('/integrations/:integrationId/sync', { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { integrationId } = request.params;
    const result = await service.sync.syncNow({ tenantId: caller.tenantId, integrationId, actor: consoleActor(caller) });
    // Post/Redirect/Get: reloading the page afterwards does not queue another sync.
    return reply.redirect(consoleUrl(['integrations', integrationId], { notice: result.joined ? 'sync-joined' : 'sync-queued' }), 303);
  });

  app.get(
    '/integrations/:integrationId/runs/:runId',
    { config: { access: 'viewer' }, schema: { params: pathParams('integrationId', 'runId') } },
    async (request, reply) => {
      const { caller, csrf } = operatorOf(request);
      const { integrationId, runId } = request.params;
      const ref = { tenantId: caller.tenantId, integrationId };
      const [integration, run] = await Promise.all([service.integrations.get(ref), service.sync.getRun({ ...ref, runId })]);
      const after = queryCount(request.query, 'after')?.toString();
      const held = run.status === 'awaiting_approval' ? await service.sync.pendingRemovals({ ...ref, runId, after, limit: 100 }) : undefined;
      const notice = NOTICES[queryText(request.query, 'notice') ?? ''];
      return sendPage(request, reply, {
        title: run.status === 'awaiting_approval' ? 'Approve held removals' : 'Sync run',
        section: 'integrations',
        body: runView({ integration, run, removals: held?.accounts, next: held?.next, after, admin: caller.role === 'admin', csrf, notice }),
      });
    },
  );

  for (const verb of ['approve', 'reject'] as const) {
    app.post(
      `/integrations/:integrationId/runs/:runId/${verb}`,
      { config: { access: 'admin' }, schema: { params: pathParams('integrationId', 'runId') } },
      async (request, reply) => {
        const { caller } = operatorOf(request);
        const { integrationId, runId } = request.params;
        const input = { tenantId: caller.tenantId, integrationId, runId, actor: consoleActor(caller) };
        await (verb === 'approve' ? service.sync.approveRun(input) : service.sync.rejectRun(input));
        return reply.redirect(consoleUrl(['integrations', integrationId, 'runs', runId], { notice: verb === 'approve' ? 'approved' : 'rejected' }), 303);
      },
    );
  }

  app.get('/integrations/:integrationId/audit', { config: { access: 'viewer' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
    const [integration, lines] = await Promise.all([service.integrations.get(ref), service.access.applicationAudit(ref)]);
    return sendPage(request, reply, { title: `${integration.name}: Application Audit`, section: 'integrations', body: auditView({ integration, lines }) });
  });

  app.get(
    '/integrations/:integrationId/audit.csv',
    { config: { access: 'viewer' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const csv = await service.access.applicationAuditCsv({ tenantId: caller.tenantId, integrationId: request.params.integrationId });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="application-audit.csv"').send(csv);
    },
  );
}
