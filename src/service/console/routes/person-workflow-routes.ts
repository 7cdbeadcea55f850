/** Onboarding a person into chosen applications and running one action for them (admin); each starts a workflow and opens it. */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { ConsoleError } from '../console-error.js';
import { formList, formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { randomSecret } from '../sessions.js';
import { personWorkflowView } from '../views/person-workflow-view.js';

/** `2026-12-01T09:00` from a datetime-local field, read as UTC (the label says so). */
/** The console's activation time (a datetime-local field, UTC) as ISO 8601; empty is at once. */
export function activationOf(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text.trim()))
    throw new ConsoleError(
      400,
      'Bad request',
      'The activation time is not a date and time; nothing was started.',
      'Give it as the date and time field shows it, in UTC.',
    );
  return `${text.trim().length === 16 ? `${text.trim()}:00` : text.trim()}Z`;
}

/** The `var.<name>` fields of the form, as text (the service checks them against the action's declared types); an empty field is not given. */
function variablesOf(body: unknown): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const key of Object.keys(body !== null && typeof body === 'object' ? body : {})) {
    if (!key.startsWith('var.')) continue;
    const value = formText(body, key);
    if (value !== undefined && value !== '') vars[key.slice('var.'.length)] = value;
  }
  return vars;
}

export function personWorkflowRoutes(app: TypedApp, service: Service): void {
  const personOf = async (tenantId: string, personId: string) => {
    const person = (await service.people.list({ tenantId })).find((candidate) => candidate.id === personId);
    if (!person) throw new ConsoleError(404, 'Not found', 'This person does not exist in this tenant.', 'Choose the person from the people list.');
    return person;
  };

  app.get('/people/:personId/workflows', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const person = await personOf(caller.tenantId, request.params.personId);
    // A disabled integration runs no workflow: it is not offered.
    const integrations = (await service.integrations.list({ tenantId: caller.tenantId })).filter((integration) => !integration.disabled);
    const offered = await Promise.all(
      integrations.map(async (integration) => ({
        integration,
        actions: await service.integrations.listActions({ tenantId: caller.tenantId, integrationId: integration.id }),
      })),
    );
    const actions = offered.flatMap(({ integration, actions: list }) =>
      list
        .filter((action) => action.enabled && action.name !== 'importUsers')
        .map((action) => ({ integrationId: integration.id, application: integration.name, action: action.name, variables: action.variables })),
    );
    return sendPage(request, reply, {
      title: `Workflows for ${person.name}`,
      section: 'people',
      body: personWorkflowView({ person, integrations, actions, csrf, onboardKey: `console-${randomSecret()}`, actionKey: `console-${randomSecret()}` }),
    });
  });

  app.post('/people/:personId/onboard', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const person = await personOf(caller.tenantId, request.params.personId);
    const integrationIds = formList(request.body, 'integrationId');
    if (integrationIds.length === 0)
      throw new ConsoleError(400, 'Bad request', 'Choose at least one application; nothing was started.', 'Go back and tick the applications.');
    const activateAt = activationOf(formText(request.body, 'activateAt'));
    const started = await service.workflows.startOnboarding({
      tenantId: caller.tenantId,
      personId: person.id,
      integrationIds,
      idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
      actor: consoleActor(caller),
      ...(activateAt ? { activateAt } : {}),
    });
    return reply.redirect(consoleUrl(['workflows', started.workflow.id]), 303);
  });

  app.post('/people/:personId/run-action', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const person = await personOf(caller.tenantId, request.params.personId);
    const [integrationId, action, ...rest] = (formText(request.body, 'target') ?? '').split(' ');
    if (!integrationId || !action || rest.length > 0)
      throw new ConsoleError(400, 'Bad request', 'Choose an application and action; nothing was started.', 'Use the list of the page.');
    const started = await service.workflows.startProvisionerAction({
      tenantId: caller.tenantId,
      personId: person.id,
      integrationId,
      action,
      vars: variablesOf(request.body),
      idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
      actor: consoleActor(caller),
    });
    return reply.redirect(consoleUrl(['workflows', started.workflow.id]), 303);
  });
}
