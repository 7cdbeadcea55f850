/**
 * Manage > Add User (choose, confirm, the service's confirmation), offboarding a person from all
 * applications (confirm, then the workflow), the workflows list and one workflow with Retry of a
 * failed task.
 */
import type { FastifyInstance } from 'fastify';
import type { Service } from '../../open-service.js';
import { ConsoleError } from '../console-error.js';
import { formList, formText } from '../form-body.js';
import { queryChoice, queryText } from '../query-input.js';
import { WORKFLOW_STATUSES } from '../../workflows/workflow-view.js';
import { consoleUrl } from '../html.js';
import { offboardConfirmView } from '../views/offboard-view.js';
import { workflowDetailView } from '../views/workflow-detail-view.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { randomSecret } from '../sessions.js';
import { addedView, chooseView, confirmView } from '../views/add-user-view.js';
import { workflowsView } from '../views/workflows-view.js';

type IntegrationParams = { integrationId: string };

export function workflowRoutes(app: FastifyInstance, service: Service): void {
  const chosenPeople = async (tenantId: string, ids: string[]) => {
    const people = await service.people.list({ tenantId });
    const byId = new Map(people.map((person) => [person.id, person]));
    const unknown = ids.find((id) => !byId.has(id));
    if (unknown !== undefined) throw new ConsoleError(400, 'Bad request', 'One of the chosen people does not exist in this tenant (any more).', 'Go back to Add User and choose again.');
    return { people, chosen: [...new Set(ids)].map((id) => byId.get(id)!) };
  };

  app.get('/integrations/:integrationId/add-user', { config: { access: 'console', console: 'admin' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: (request.params as IntegrationParams).integrationId };
    const [integration, people] = await Promise.all([service.integrations.get(ref), service.people.list({ tenantId: caller.tenantId })]);
    return sendPage(request, reply, { title: `Add User to ${integration.name}`, section: 'integrations', body: chooseView({ integration, people, csrf }) });
  });

  app.post('/integrations/:integrationId/add-user/confirm', { config: { access: 'console', console: 'admin' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: (request.params as IntegrationParams).integrationId };
    const integration = await service.integrations.get(ref);
    const { people, chosen } = await chosenPeople(caller.tenantId, formList(request.body, 'personId'));
    if (chosen.length === 0) {
      return sendPage(request, reply, { status: 400, title: `Add User to ${integration.name}`, section: 'integrations', body: chooseView({ integration, people, csrf, error: 'Choose at least one person.' }) });
    }
    return sendPage(request, reply, { title: 'Confirm Add User', section: 'integrations', body: confirmView({ integration, chosen, idempotencyKey: `console-${randomSecret()}`, csrf }) });
  });

  app.post('/integrations/:integrationId/add-user', { config: { access: 'console', console: 'admin' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: (request.params as IntegrationParams).integrationId };
    const integration = await service.integrations.get(ref);
    const result = await service.workflows.addUsers({
      ...ref,
      personIds: formList(request.body, 'personId'),
      idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
      actor: consoleActor(caller),
    });
    return sendPage(request, reply, { status: 201, title: 'Workflow created', section: 'integrations', body: addedView({ integration, ...result }) });
  });

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

  const personOf = async (tenantId: string, personId: string) => {
    const person = (await service.people.list({ tenantId })).find((candidate) => candidate.id === personId);
    if (!person) throw new ConsoleError(404, 'Not found', 'This person does not exist in this tenant.', 'Choose the person from the people list.');
    return person;
  };

  app.get('/people/:personId/offboard', { config: { access: 'console', console: 'admin' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const person = await personOf(caller.tenantId, (request.params as { personId: string }).personId);
    // The Access Grid already knows the person's account in each application.
    const grid = await service.access.grid({ tenantId: caller.tenantId, search: person.email, limit: 1000 });
    const cells = grid.rows.find((row) => row.person.id === person.id)?.cells ?? {};
    const accounts = grid.applications.flatMap((application) => {
      const cell = cells[application.id];
      return cell ? [{ application: application.name, state: cell.state, admin: cell.admin }] : [];
    });
    return sendPage(request, reply, { title: `Offboard ${person.name}`, section: 'people', body: offboardConfirmView({ person, accounts, idempotencyKey: `console-${randomSecret()}`, csrf }) });
  });

  app.post('/people/:personId/offboard', { config: { access: 'console', console: 'admin' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const person = await personOf(caller.tenantId, (request.params as { personId: string }).personId);
    const started = await service.workflows.startOffboarding({ tenantId: caller.tenantId, personId: person.id, idempotencyKey: formText(request.body, 'idempotencyKey') ?? '', actor: consoleActor(caller) });
    return reply.redirect(consoleUrl(['workflows', started.workflow.id]), 303);
  });
}
