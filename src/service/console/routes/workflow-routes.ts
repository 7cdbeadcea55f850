/** The workflows list (by status) and one workflow with Retry of a failed task and Cancel. */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { WORKFLOW_STATUSES, workflowSubject } from '../../workflows/workflow-view.js';
import { consoleUrl } from '../html.js';
import { queryChoice, queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { secretHandoverView, workflowDetailView } from '../views/workflow-detail-view.js';
import { workflowsView } from '../views/workflows-view.js';

const NOTICES: Record<string, string> = {
  retried: 'The task was queued again.',
  cancelled: 'The workflow was cancelled: tasks not started yet are skipped.',
};

export function workflowRoutes(app: TypedApp, service: Service): void {
  app.get('/workflows', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const status = queryChoice(request.query, 'status', WORKFLOW_STATUSES);
    const [page, people] = await Promise.all([
      service.workflows.list({ tenantId: caller.tenantId, status, cursor: queryText(request.query, 'cursor'), limit: 50 }),
      service.people.list({ tenantId: caller.tenantId }),
    ]);
    return sendPage(request, reply, {
      title: 'Workflows',
      section: 'workflows',
      body: workflowsView({
        workflows: page.workflows,
        next: page.next,
        status,
        statuses: WORKFLOW_STATUSES,
        people: new Map(people.map((person) => [person.id, person.name])),
      }),
    });
  });

  app.get('/workflows/:workflowId', { config: { access: 'viewer' }, schema: { params: pathParams('workflowId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const workflow = await service.workflows.get({ tenantId: caller.tenantId, workflowId: request.params.workflowId });
    const person = (await service.people.list({ tenantId: caller.tenantId })).find((candidate) => candidate.id === workflow.personId);
    const notice = NOTICES[queryText(request.query, 'notice') ?? ''];
    return sendPage(request, reply, {
      title: 'Workflow',
      section: 'workflows',
      body: workflowDetailView({
        workflow,
        personName: workflowSubject(workflow, person ? `${person.name} (${person.email})` : undefined),
        admin: caller.role === 'admin',
        csrf,
        notice,
      }),
    });
  });

  app.post('/workflows/:workflowId/cancel', { config: { access: 'admin' }, schema: { params: pathParams('workflowId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { workflowId } = request.params;
    await service.workflows.cancel({ tenantId: caller.tenantId, workflowId, actor: consoleActor(caller) });
    return reply.redirect(consoleUrl(['workflows', workflowId], { notice: 'cancelled' }), 303);
  });

  app.post(
    '/workflows/:workflowId/tasks/:taskId/secrets/take',
    { config: { access: 'admin' }, schema: { params: pathParams('workflowId', 'taskId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { workflowId, taskId } = request.params;
      const secrets = await service.workflows.takeTaskSecrets({ tenantId: caller.tenantId, workflowId, taskId, actor: consoleActor(caller) });
      const workflow = await service.workflows.get({ tenantId: caller.tenantId, workflowId });
      const task = workflow.tasks.find((candidate) => candidate.id === taskId)!;
      const [person] = workflow.personId === null ? [] : await service.people.list({ tenantId: caller.tenantId, ids: [workflow.personId] });
      reply.header('cache-control', 'no-store');
      return sendPage(request, reply, {
        title: 'One-time password',
        section: 'workflows',
        body: secretHandoverView({ workflow, task, personName: workflowSubject(workflow, person?.name), secrets }),
      });
    },
  );

  app.post(
    '/workflows/:workflowId/tasks/:taskId/retry',
    { config: { access: 'admin' }, schema: { params: pathParams('workflowId', 'taskId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { workflowId, taskId } = request.params;
      await service.workflows.retryTask({ tenantId: caller.tenantId, workflowId, taskId, actor: consoleActor(caller) });
      return reply.redirect(consoleUrl(['workflows', workflowId], { notice: 'retried' }), 303);
    },
  );
}
