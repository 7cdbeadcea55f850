/** Manage > Add User: choose existing people, confirm, then the service's confirmation (one onboarding workflow per person). */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { ConsoleError } from '../console-error.js';
import { formList, formText } from '../form-body.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { randomSecret } from '../sessions.js';
import { addedView, chooseView, confirmView } from '../views/add-user-view.js';
import { activationOf } from './person-workflow-routes.js';

export function addUserRoutes(app: TypedApp, service: Service): void {
  const chosenPeople = async (tenantId: string, ids: string[]) => {
    const people = await service.people.list({ tenantId });
    const byId = new Map(people.map((person) => [person.id, person]));
    const unknown = ids.find((id) => !byId.has(id));
    if (unknown !== undefined)
      throw new ConsoleError(400, 'Bad request', 'One of the chosen people does not exist in this tenant (any more).', 'Go back to Add User and choose again.');
    return { people, chosen: [...new Set(ids)].map((id) => byId.get(id)!) };
  };

  app.get('/integrations/:integrationId/add-user', { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
    const [integration, people] = await Promise.all([service.integrations.get(ref), service.people.list({ tenantId: caller.tenantId })]);
    return sendPage(request, reply, { title: `Add User to ${integration.name}`, section: 'integrations', body: chooseView({ integration, people, csrf }) });
  });

  app.post(
    '/integrations/:integrationId/add-user/confirm',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller, csrf } = operatorOf(request);
      const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
      const integration = await service.integrations.get(ref);
      const { people, chosen } = await chosenPeople(caller.tenantId, formList(request.body, 'personId'));
      if (chosen.length === 0) {
        return sendPage(request, reply, {
          status: 400,
          title: `Add User to ${integration.name}`,
          section: 'integrations',
          body: chooseView({ integration, people, csrf, error: 'Choose at least one person.' }),
        });
      }
      const activateAt = activationOf(formText(request.body, 'activateAt'));
      return sendPage(request, reply, {
        title: 'Confirm Add User',
        section: 'integrations',
        body: confirmView({ integration, chosen, idempotencyKey: `console-${randomSecret()}`, csrf, ...(activateAt ? { activateAt } : {}) }),
      });
    },
  );

  app.post(
    '/integrations/:integrationId/add-user',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
      const integration = await service.integrations.get(ref);
      const result = await service.workflows.addUsers({
        ...ref,
        personIds: formList(request.body, 'personId'),
        idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
        actor: consoleActor(caller),
        ...(formText(request.body, 'activateAt') ? { activateAt: formText(request.body, 'activateAt') } : {}),
      });
      return sendPage(request, reply, { status: 201, title: 'Workflow created', section: 'integrations', body: addedView({ integration, ...result }) });
    },
  );
}
