/** People (listed, added one by one or from a CSV), and offboarding one of them from all applications (confirm with their accounts, then the workflow). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import { problemFor } from '../../http/problem.js';
import { isServiceError } from '../../service-error.js';
import { queryCount } from '../query-input.js';
import type { PeoplePage } from '../views/people-view.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { ConsoleError } from '../console-error.js';
import { formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { randomSecret } from '../sessions.js';
import { offboardConfirmView } from '../views/offboard-view.js';
import { peopleView } from '../views/people-view.js';

type Refused = Omit<NonNullable<PeoplePage['refused']>, 'detail' | 'hint'>;

export function peopleRoutes(app: TypedApp, service: Service): void {
  app.get('/people', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const people = await service.people.list({ tenantId: caller.tenantId });
    const added = queryCount(request.query, 'added');
    const notice = added === undefined ? undefined : `${added === 1 ? '1 person was' : `${added} people were`} added; their accounts are linked by email.`;
    return sendPage(request, reply, { title: 'People', section: 'people', body: peopleView({ people, admin: caller.role === 'admin', csrf, notice }) });
  });

  /** Adds people, or shows the People page again with the service's reason and what was typed. */
  const addPeople = async (request: FastifyRequest, reply: FastifyReply, refusedForm: Refused, add: (tenantId: string, actor: string) => Promise<number>) => {
    const { caller, csrf } = operatorOf(request);
    try {
      const added = await add(caller.tenantId, consoleActor(caller));
      return reply.redirect(consoleUrl(['people'], { added }), 303);
    } catch (error) {
      if (!isServiceError(error) || error.code !== 'INVALID_INPUT') throw error;
      const problem = problemFor(error);
      const people = await service.people.list({ tenantId: caller.tenantId });
      return sendPage(request, reply, {
        status: problem.status,
        title: 'People',
        section: 'people',
        body: peopleView({ people, admin: true, csrf, refused: { ...refusedForm, detail: problem.detail, hint: problem.hint } }),
      });
    }
  };

  app.post('/people', { config: { access: 'admin' } }, async (request, reply) => {
    const email = formText(request.body, 'email') ?? '';
    const name = formText(request.body, 'name') ?? '';
    return addPeople(
      request,
      reply,
      { form: 'person', email, name },
      async (tenantId, actor) => (await service.people.create({ tenantId, email, name, actor }), 1),
    );
  });

  app.post('/people/import', { config: { access: 'admin' } }, async (request, reply) => {
    const csv = formText(request.body, 'csv') ?? '';
    return addPeople(request, reply, { form: 'csv', csv }, async (tenantId, actor) => (await service.people.importCsv({ tenantId, csv, actor })).created);
  });

  const personOf = async (tenantId: string, personId: string) => {
    const person = (await service.people.list({ tenantId })).find((candidate) => candidate.id === personId);
    if (!person) throw new ConsoleError(404, 'Not found', 'This person does not exist in this tenant.', 'Choose the person from the people list.');
    return person;
  };

  app.get('/people/:personId/offboard', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const person = await personOf(caller.tenantId, request.params.personId);
    // The Access Grid already knows the person's account in each application.
    const grid = await service.access.grid({ tenantId: caller.tenantId, search: person.email, limit: 1000 });
    const cells = grid.rows.find((row) => row.person.id === person.id)?.cells ?? {};
    const accounts = grid.applications.flatMap((application) => {
      const cell = cells[application.id];
      return cell ? [{ application: application.name, state: cell.state, admin: cell.admin }] : [];
    });
    return sendPage(request, reply, {
      title: `Offboard ${person.name}`,
      section: 'people',
      body: offboardConfirmView({ person, accounts, idempotencyKey: `console-${randomSecret()}`, csrf }),
    });
  });

  app.post('/people/:personId/offboard', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const person = await personOf(caller.tenantId, request.params.personId);
    const started = await service.workflows.startOffboarding({
      tenantId: caller.tenantId,
      personId: person.id,
      idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
      actor: consoleActor(caller),
    });
    return reply.redirect(consoleUrl(['workflows', started.workflow.id]), 303);
  });
}
