/** The workflows list (by status) and one workflow with Retry of a failed task. */
import type { FastifyInstance } from 'fastify';
import type { Service } from '../../open-service.js';
import { WORKFLOW_STATUSES } from '../../workflows/workflow-view.js';
import { consoleUrl } from '../html.js';
import { queryChoice, queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { workflowDetailView } from '../views/workflow-detail-view.js';
import { workflowsView } from '../views/workflows-view.js';

export function workflowRoutes(app: FastifyInstance, service: Service): void {
  app.get('/workflows', { config: { access: 'console', console: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const status = queryChoice(request.query, 'status', WORKFLOW_STATUSES);
    const [page, people] = await Promise.all([
      service.workflows.list({ tenantId: caller.tenantId, status, cursor: queryText(request.query, 'cursor'), limit: 50 }),
      service.people.list({ tenantId: caller.tenantId }),
    ]);
    return sendPage(request, reply, {
      title: 'Workflows',
      section: 'workflows',
      body: workflowsView({ workflows: page.workflows, next: page.next, status, statuses: WORKFLOW_STATUSES, people: new Map(people.map((person) => [person.id, person.name])) }),
    });
  });

  app.get('/workflows/:workflowId', { config: { access: 'console', console: 'viewer' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const workflow = await service.workflows.get({ tenantId: caller.tenantId, workflowId: (request.params as { workflowId: string }).workflowId });
    const person = (await service.people.list({ tenantId: caller.tenantId })).find((candidate) => candidate.id === workflow.personId);
    const notice = queryText(request.query, 'notice') === 'retried' ? 'The task was queued again.' : undefined;
    return sendPage(request, reply, {
      title: 'Workflow',
      section: 'workflows',
      body: workflowDetailView({ workflow, personName: person ? `${person.name} (${person.email})` : workflow.personId, admin: caller.role === 'admin', csrf, notice }),
    });
  });

  app.post('/workflows/:workflowId/tasks/:taskId/retry', { config: { access: 'console', console: 'admin' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { workflowId, taskId } = request.params as { workflowId: string; taskId: string };
    await service.workflows.retryTask({ tenantId: caller.tenantId, workflowId, taskId, actor: consoleActor(caller) });
    return reply.redirect(consoleUrl(['workflows', workflowId], { notice: 'retried' }), 303);
  });
}
