/**
 * People (listed, added one by one or from a CSV, each on a page of their own: edited, archived),
 * accounts linked or unlinked by hand, and offboarding one of them from all applications (confirm
 * with their accounts, then the workflow). A refused add or edit shows the page again with the
 * service's reason, the person who has the email named, and what was typed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import { problemFor } from '../../http/problem.js';
import { isServiceError } from '../../service-error.js';
import { queryCount, queryText } from '../query-input.js';
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
import { personView, type PersonPage } from '../views/person-view.js';
import type { EmailTaken } from '../../people/people.js';
import { emailKey } from '../../sync/sync-policy.js';

/** The refusals a form shows on its own page (anything else is the error page). */
const FORM_REFUSALS = new Set(['INVALID_INPUT', 'EMAIL_TAKEN', 'PERSON_HAS_ACCOUNTS']);

/** The aliases typed in a form: separated by commas, semicolons or white space. */
const aliasesOf = (text: string | undefined): string[] => (text ?? '').split(/[\s,;]+/u).filter((alias) => alias !== '');

type Refused = Omit<NonNullable<PeoplePage['refused']>, 'detail' | 'hint'>;

export function peopleRoutes(app: TypedApp, service: Service): void {
  app.get('/people', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const people = await service.people.list({ tenantId: caller.tenantId });
    const added = queryCount(request.query, 'added');
    const archived = queryCount(request.query, 'archived');
    const notice =
      added !== undefined
        ? `${added === 1 ? '1 person was' : `${added} people were`} added; their accounts are linked by email.`
        : archived !== undefined
          ? 'The person was archived.'
          : undefined;
    return sendPage(request, reply, { title: 'People', section: 'people', body: peopleView({ people, admin: caller.role === 'admin', csrf, notice }) });
  });

  /** Adds people, or shows the People page again with the service's reason and what was typed. */
  const addPeople = async (request: FastifyRequest, reply: FastifyReply, refusedForm: Refused, add: (tenantId: string, actor: string) => Promise<number>) => {
    const { caller, csrf } = operatorOf(request);
    try {
      const added = await add(caller.tenantId, consoleActor(caller));
      return reply.redirect(consoleUrl(['people'], { added }), 303);
    } catch (error) {
      if (!isServiceError(error) || !FORM_REFUSALS.has(error.code)) throw error;
      const problem = problemFor(error);
      const people = await service.people.list({ tenantId: caller.tenantId });
      const conflicts = error.conflicts as EmailTaken[] | undefined;
      return sendPage(request, reply, {
        status: problem.status,
        title: 'People',
        section: 'people',
        body: peopleView({
          people,
          admin: true,
          csrf,
          refused: { ...refusedForm, detail: problem.detail, hint: problem.hint, ...(conflicts ? { conflicts } : {}) },
        }),
      });
    }
  };

  app.post('/people', { config: { access: 'admin' } }, async (request, reply) => {
    const email = formText(request.body, 'email') ?? '';
    const name = formText(request.body, 'name') ?? '';
    const aliases = formText(request.body, 'aliases') ?? '';
    return addPeople(
      request,
      reply,
      { form: 'person', email, name, aliases },
      async (tenantId, actor) => (await service.people.create({ tenantId, email, name, aliases: aliasesOf(aliases), actor }), 1),
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

  /** The person's page (archived people too), with a notice or a refused form. */
  const sendPersonPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    personId: string,
    extra: Pick<PersonPage, 'notice' | 'refused'> & { status?: number },
  ) => {
    const { caller, csrf } = operatorOf(request);
    const [person] = await service.people.list({ tenantId: caller.tenantId, ids: [personId] });
    if (!person) throw new ConsoleError(404, 'Not found', 'This person does not exist in this tenant.', 'Choose the person from the people list.');
    const [accounts, integrations, profiles] = await Promise.all([
      service.people.accounts({ tenantId: caller.tenantId, personId }),
      service.integrations.list({ tenantId: caller.tenantId }),
      service.movers.personProfiles({ tenantId: caller.tenantId, personId }),
    ]);
    const applications = new Map(integrations.map((integration) => [integration.id, integration.name]));
    const { status, ...page } = extra;
    return sendPage(request, reply, {
      ...(status === undefined ? {} : { status }),
      title: person.archivedAt ? `${person.name} (archived)` : person.name,
      section: 'people',
      body: personView({ person, accounts, applications, profiles: profiles.map((profile) => profile.name), admin: caller.role === 'admin', csrf, ...page }),
    });
  };

  app.get('/people/:personId', { config: { access: 'viewer' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const changed = queryText(request.query, 'changed');
    return sendPersonPage(
      request,
      reply,
      request.params.personId,
      changed === 'saved'
        ? { notice: 'Saved; the accounts of the emails concerned were relinked.' }
        : changed === 'link'
          ? { notice: 'The account’s link was changed.' }
          : {},
    );
  });

  app.post('/people/:personId', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const typed = {
      name: formText(request.body, 'name') ?? '',
      email: formText(request.body, 'email') ?? '',
      aliases: formText(request.body, 'aliases') ?? '',
    };
    try {
      await service.people.update({
        tenantId: caller.tenantId,
        personId: request.params.personId,
        name: typed.name,
        email: typed.email,
        aliases: aliasesOf(typed.aliases),
        actor: consoleActor(caller),
      });
      return reply.redirect(consoleUrl(['people', request.params.personId], { changed: 'saved' }), 303);
    } catch (error) {
      if (!isServiceError(error) || !FORM_REFUSALS.has(error.code)) throw error;
      const problem = problemFor(error);
      const conflicts = error.conflicts as EmailTaken[] | undefined;
      return sendPersonPage(request, reply, request.params.personId, {
        status: problem.status,
        refused: { form: 'edit', detail: problem.detail, ...(problem.hint ? { hint: problem.hint } : {}), ...(conflicts ? { conflicts } : {}), ...typed },
      });
    }
  });

  app.post('/people/:personId/archive', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    try {
      await service.people.archive({ tenantId: caller.tenantId, personId: request.params.personId, actor: consoleActor(caller) });
      return reply.redirect(consoleUrl(['people'], { archived: 1 }), 303);
    } catch (error) {
      if (!isServiceError(error) || error.code !== 'PERSON_HAS_ACCOUNTS') throw error;
      const problem = problemFor(error);
      return sendPersonPage(request, reply, request.params.personId, {
        status: problem.status,
        refused: { form: 'archive', detail: problem.detail, ...(problem.hint ? { hint: problem.hint } : {}) },
      });
    }
  });

  /** Where a link form returns: the unlinked accounts, or a person's page. */
  const backTo = (body: unknown) => {
    const back = formText(body, 'back');
    return back === undefined || back === 'unlinked'
      ? consoleUrl(['people', 'unlinked'], { changed: 'link' })
      : consoleUrl(['people', back], { changed: 'link' });
  };

  app.post('/accounts/:accountId/link', { config: { access: 'admin' }, schema: { params: pathParams('accountId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    let personId: string | null = null;
    if (formText(request.body, 'none') !== '1') {
      const key = emailKey(formText(request.body, 'personEmail') ?? '');
      const person = (await service.people.list({ tenantId: caller.tenantId })).find(
        (candidate) => emailKey(candidate.email) === key || candidate.aliases.some((alias) => emailKey(alias) === key),
      );
      if (!person || key === '')
        throw new ConsoleError(
          404,
          'No such person',
          `No person of this tenant has the email ${JSON.stringify(key)}; nothing was changed.`,
          'Add the person first, or give the email of one listed on the People page.',
        );
      personId = person.id;
    }
    await service.people.linkAccount({ tenantId: caller.tenantId, accountId: request.params.accountId, personId, actor: consoleActor(caller) });
    return reply.redirect(backTo(request.body), 303);
  });

  app.post('/accounts/:accountId/link/clear', { config: { access: 'admin' }, schema: { params: pathParams('accountId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    await service.people.clearAccountLink({ tenantId: caller.tenantId, accountId: request.params.accountId, actor: consoleActor(caller) });
    return reply.redirect(backTo(request.body), 303);
  });

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
