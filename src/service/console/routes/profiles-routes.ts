/**
 * Access profiles and movers in the console (docs/operators/movers.md): the profiles (created,
 * archived, restored), a profile given to several people, a person's move (the difference first,
 * then Confirm, with an idempotency key in the form so a second submit returns the same workflow)
 * and drift. Every change calls service.movers, as the API's routes do. A refusal (an archived
 * profile or person, a disabled integration, an option the connector cannot honour, a name taken)
 * shows the page again with the service's reason and its hint, never the bare error page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import { problemFor } from '../../http/problem.js';
import { isServiceError } from '../../service-error.js';
import type { Service } from '../../open-service.js';
import { ConsoleError } from '../console-error.js';
import { formList, formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { pathParams } from '../path-params.js';
import { queryChoice, queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { randomSecret } from '../sessions.js';
import { driftView, personProfilesView, profilesView, type ProfilesPage, type Refusal } from '../views/profiles-view.js';
import { workflowSubject } from '../../workflows/workflow-view.js';

/** The emails of a textarea: one a line, or separated by commas, semicolons or white space. */
const emailsOf = (text: string): string[] => [...new Set(text.split(/[\s,;]+/u).filter((email) => email !== ''))];

/** A query field that may repeat (the profile checkboxes of the preview form). */
function queryList(query: unknown, name: string): string[] {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item !== '' && item.length <= 200).slice(0, 50);
}

/** The service's refusal of a form (a 4xx problem), or undefined when the error is not one (the error page shows it). */
function refusalOf(error: unknown): (Omit<Refusal, 'form'> & { status: number }) | undefined {
  if (!isServiceError(error)) return undefined;
  const problem = problemFor(error);
  if (problem.status < 400 || problem.status >= 500) return undefined;
  return { status: problem.status, detail: problem.detail, ...(problem.hint ? { hint: problem.hint } : {}) };
}

export function profilesRoutes(app: TypedApp, service: Service): void {
  const profilesPage = async (tenantId: string, admin: boolean, csrf: string, extra: Pick<ProfilesPage, 'notice' | 'workflows' | 'refused'> = {}) => {
    const [profiles, integrations] = await Promise.all([
      service.movers.listProfiles({ tenantId, includeArchived: true }),
      service.movers.applicationOptions({ tenantId }),
    ]);
    return profilesView({
      profiles,
      integrations: integrations.map((integration) => ({ id: integration.integrationId, name: integration.name, options: integration.options })),
      admin,
      csrf,
      idempotencyKey: `console-${randomSecret()}`,
      ...extra,
    });
  };

  app.get('/profiles', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const changed = queryChoice(request.query, 'changed', ['created', 'archived', 'restored'] as const);
    const notice = changed === undefined ? undefined : `The profile was ${changed}.`;
    return sendPage(request, reply, {
      title: 'Access profiles',
      section: 'profiles',
      body: await profilesPage(caller.tenantId, caller.role === 'admin', csrf, notice === undefined ? {} : { notice }),
    });
  });

  /** Runs a form of the profiles page; a refusal shows the page again with the reason, under the form's heading. */
  const profilesForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: Refusal['form'],
    work: () => Promise<FastifyReply>,
  ): Promise<FastifyReply> => {
    try {
      return await work();
    } catch (error) {
      const refused = refusalOf(error);
      if (!refused) throw error;
      const { caller, csrf } = operatorOf(request);
      return sendPage(request, reply, {
        status: refused.status,
        title: 'Access profiles',
        section: 'profiles',
        body: await profilesPage(caller.tenantId, true, csrf, { refused: { ...refused, form } }),
      });
    }
  };

  app.post('/profiles', { config: { access: 'admin' } }, async (request, reply) =>
    profilesForm(request, reply, 'create', async () => {
      const { caller } = operatorOf(request);
      const admins = new Set(formList(request.body, 'admin'));
      await service.movers.createProfile({
        tenantId: caller.tenantId,
        name: formText(request.body, 'name') ?? '',
        applications: formList(request.body, 'application').map((integrationId) => ({
          integrationId,
          ...(admins.has(integrationId) ? { options: { admin: true } } : {}),
        })),
        actor: consoleActor(caller),
      });
      return reply.redirect(consoleUrl(['profiles'], { changed: 'created' }), 303);
    }),
  );

  for (const [verb, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(`/profiles/:profileId/${verb}`, { config: { access: 'admin' }, schema: { params: pathParams('profileId') } }, async (request, reply) =>
      profilesForm(request, reply, 'list', async () => {
        const { caller } = operatorOf(request);
        await service.movers.updateProfile({ tenantId: caller.tenantId, profileId: request.params.profileId, archived, actor: consoleActor(caller) });
        return reply.redirect(consoleUrl(['profiles'], { changed: archived ? 'archived' : 'restored' }), 303);
      }),
    );
  }

  app.post('/profiles/assign', { config: { access: 'admin' } }, async (request, reply) =>
    profilesForm(request, reply, 'assign', async () => {
      const { caller, csrf } = operatorOf(request);
      const result = await service.movers.assignProfile({
        tenantId: caller.tenantId,
        profileId: formText(request.body, 'profileId') ?? '',
        people: emailsOf(formText(request.body, 'people') ?? ''),
        idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
        actor: consoleActor(caller),
      });
      const people = new Map(
        (await service.people.list({ tenantId: caller.tenantId, ids: result.workflows.flatMap((w) => (w.personId === null ? [] : [w.personId])) })).map((p) => [
          p.id,
          p,
        ]),
      );
      return sendPage(request, reply, {
        title: 'Access profiles',
        section: 'profiles',
        body: await profilesPage(caller.tenantId, true, csrf, {
          notice: result.message,
          workflows: result.workflows.map((workflow) => ({
            id: workflow.id,
            person: workflowSubject(workflow, workflow.personId === null ? undefined : people.get(workflow.personId)?.email),
            status: workflow.status,
          })),
        }),
      });
    }),
  );

  app.get('/profiles/drift', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { drift } = await service.movers.drift({ tenantId: caller.tenantId });
    return sendPage(request, reply, { title: 'Drift', section: 'profiles', body: driftView({ drift }) });
  });

  const personOf = async (tenantId: string, personId: string) => {
    const [person] = await service.people.list({ tenantId, ids: [personId] });
    if (!person) throw new ConsoleError(404, 'Not found', 'This person does not exist in this tenant.', 'Choose the person from the people list.');
    return person;
  };

  /** A person's profiles page: the preview of the chosen profiles when asked, or the refusal of a preview or a move. */
  const personPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { personId: string; chosen?: string[]; removeDrift: boolean; preview: boolean; refused?: Omit<Refusal, 'form'> & { status: number } },
  ) => {
    const { caller, csrf } = operatorOf(request);
    const person = await personOf(caller.tenantId, input.personId);
    const [current, profiles] = await Promise.all([
      service.movers.personProfiles({ tenantId: caller.tenantId, personId: person.id }),
      service.movers.listProfiles({ tenantId: caller.tenantId, includeArchived: true }),
    ]);
    let refused = input.refused;
    let plan;
    if (input.preview && !refused) {
      try {
        plan = await service.movers.planMove({
          tenantId: caller.tenantId,
          personId: person.id,
          profileIds: input.chosen ?? [],
          removeDrift: input.removeDrift,
        });
      } catch (error) {
        refused = refusalOf(error);
        if (!refused) throw error;
      }
    }
    return sendPage(request, reply, {
      status: refused?.status ?? 200,
      title: `Access profiles of ${person.name}`,
      section: 'people',
      body: personProfilesView({
        person,
        current,
        profiles,
        admin: caller.role === 'admin',
        csrf,
        removeDrift: input.removeDrift,
        idempotencyKey: `console-${randomSecret()}`,
        ...(input.chosen ? { chosen: input.chosen } : {}),
        ...(plan ? { plan } : {}),
        ...(refused ? { refused: { ...refused, form: 'move' as const } } : {}),
      }),
    });
  };

  app.get('/people/:personId/profiles', { config: { access: 'viewer' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const preview = queryText(request.query, 'preview') === '1';
    return personPage(request, reply, {
      personId: request.params.personId,
      preview,
      removeDrift: queryText(request.query, 'removeDrift') === '1',
      ...(preview ? { chosen: queryList(request.query, 'profile') } : {}),
    });
  });

  app.post('/people/:personId/profiles', { config: { access: 'admin' }, schema: { params: pathParams('personId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const person = await personOf(caller.tenantId, request.params.personId);
    const profileIds = formList(request.body, 'profileId');
    const removeDrift = formText(request.body, 'removeDrift') === '1';
    try {
      const started = await service.movers.applyMove({
        tenantId: caller.tenantId,
        personId: person.id,
        profileIds,
        removeDrift,
        idempotencyKey: formText(request.body, 'idempotencyKey') ?? '',
        actor: consoleActor(caller),
      });
      return reply.redirect(consoleUrl(['workflows', started.workflow.id]), 303);
    } catch (error) {
      const refused = refusalOf(error);
      if (!refused) throw error;
      return personPage(request, reply, { personId: person.id, chosen: profileIds, removeDrift, preview: false, refused });
    }
  });
}
