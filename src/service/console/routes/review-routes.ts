/**
 * Access review campaigns in the console: the list and a create form, one campaign with start
 * (or start without named integrations), decide one item or many by a filter, close, and the
 * report as CSV or printable HTML (the API's report, served here so a signed-in operator can
 * download it). The same service operations as /v1/reviews; viewers read, reviewers decide in the
 * campaigns that name them, admins do everything.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { scopeOf } from '../../reviews/review-access.js';
import { DECISIONS } from '../../reviews/review-view.js';
import type { Decision } from '../../store/review-rows.js';
import { ConsoleError } from '../console-error.js';
import { formList, formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { pathParams } from '../path-params.js';
import { queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { reviewReportView } from '../views/review-report-view.js';
import { reviewsView, reviewView } from '../views/reviews-view.js';
import { counted } from '../../counted.js';

const NOTICES: Record<string, string> = {
  created: 'The campaign was created as a draft: start it when ready.',
  started: 'Start was asked: the campaign opens once every integration in scope has a fresh sync.',
  decided: 'The decision was saved.',
  closed: 'The campaign was closed: undecided items stay undecided in the report.',
  'removed-by-hand': 'The removal by hand was recorded: the next sync confirms it, or flags the account if it is still there.',
};

/** A select of yes / no / any as a filter value. */
function yesNoFilter(body: unknown, name: string): boolean | undefined {
  const value = formText(body, name);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

export function reviewRoutes(app: TypedApp, service: Service): void {
  const integrationsOf = async (tenantId: string) =>
    (await service.integrations.list({ tenantId })).map((integration) => ({ id: integration.id, name: integration.name }));

  app.get('/reviews', { config: { access: 'viewer' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const [campaigns, integrations] = await Promise.all([service.reviews.list({ tenantId: caller.tenantId }), integrationsOf(caller.tenantId)]);
    const notice = NOTICES[queryText(request.query, 'notice') ?? ''];
    return sendPage(request, reply, {
      title: 'Access reviews',
      section: 'reviews',
      body: reviewsView({ campaigns, integrations, admin: caller.role === 'admin', csrf, notice }),
    });
  });

  app.post('/reviews', { config: { access: 'admin' } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const due = formText(request.body, 'dueDate') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(due)) throw new ConsoleError(400, 'No due date', 'The campaign needs a due date.', 'Choose a date in the Due date field.');
    const integrationIds = formList(request.body, 'integrationId').filter((id) => id !== '');
    const campaign = await service.reviews.create({
      tenantId: caller.tenantId,
      name: formText(request.body, 'name') ?? '',
      ...(integrationIds.length > 0 ? { integrationIds } : {}),
      // The end of the due day (UTC): a campaign due today is not overdue until the day is over.
      dueAt: `${due}T23:59:59Z`,
      reviewers: [{ reviewer: formText(request.body, 'reviewer') ?? '' }],
      actor: consoleActor(caller),
    });
    return reply.redirect(consoleUrl(['reviews', campaign.id], { notice: 'created' }), 303);
  });

  app.get('/reviews/:campaignId', { config: { access: 'viewer' }, schema: { params: pathParams('campaignId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const input = { tenantId: caller.tenantId, campaignId: request.params.campaignId };
    const campaign = await service.reviews.get(input);
    const after = queryText(request.query, 'after', 20);
    const [page, people, integrations] = await Promise.all([
      campaign.status === 'draft' || campaign.status === 'waiting'
        ? { items: [], next: undefined }
        : service.reviews.items({ ...input, ...(after ? { after } : {}) }),
      service.people.list({ tenantId: caller.tenantId }),
      integrationsOf(caller.tenantId),
    ]);
    return sendPage(request, reply, {
      title: `Access review: ${campaign.name}`,
      section: 'reviews',
      body: reviewView({
        campaign,
        items: page.items,
        next: page.next,
        people: people.map((person) => ({ id: person.id, name: person.name, email: person.email })),
        integrations,
        admin: caller.role === 'admin',
        scope: scopeOf({ reviewers: campaign.reviewers, decider: caller }),
        csrf,
        notice:
          queryText(request.query, 'notice') === 'decided-many'
            ? `Decided ${counted(Number(queryText(request.query, 'count') ?? 0) || 0, 'item')}.`
            : NOTICES[queryText(request.query, 'notice') ?? ''],
      }),
    });
  });

  app.post('/reviews/:campaignId/start', { config: { access: 'admin' }, schema: { params: pathParams('campaignId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { campaignId } = request.params;
    await service.reviews.start({ tenantId: caller.tenantId, campaignId, withoutIntegrations: formList(request.body, 'without'), actor: consoleActor(caller) });
    return reply.redirect(consoleUrl(['reviews', campaignId], { notice: 'started' }), 303);
  });

  app.post(
    '/reviews/:campaignId/items/:itemId/decision',
    { config: { access: 'reviewer' }, schema: { params: pathParams('campaignId', 'itemId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { campaignId, itemId } = request.params;
      const decision = formText(request.body, 'decision');
      if (!DECISIONS.includes(decision as Decision))
        throw new ConsoleError(400, 'No decision', 'Choose keep, revoke or link to person.', 'Pick a decision and send the form again.');
      let personId = nonEmpty(formText(request.body, 'personId'));
      const email = nonEmpty(formText(request.body, 'personEmail'))?.toLowerCase();
      if (decision === 'link' && !personId && email) {
        const person = (await service.people.list({ tenantId: caller.tenantId })).find((candidate) => candidate.email.toLowerCase() === email);
        if (!person)
          throw new ConsoleError(
            404,
            'No such person',
            `No person of this tenant has the email ${email}.`,
            'Choose the person from the list, or add them first.',
          );
        personId = person.id;
      }
      if (decision === 'link' && !personId)
        throw new ConsoleError(400, 'No person', 'Linking needs a person.', 'Choose the person from the list, or give their email.');
      const comment = nonEmpty(formText(request.body, 'comment'));
      await service.reviews.decide({
        tenantId: caller.tenantId,
        campaignId,
        itemId,
        decision: decision as Decision,
        ...(comment ? { comment } : {}),
        ...(decision === 'link' && personId ? { personId } : {}),
        decider: caller,
        actor: consoleActor(caller),
      });
      return reply.redirect(consoleUrl(['reviews', campaignId], { notice: 'decided' }), 303);
    },
  );

  app.post('/reviews/:campaignId/decisions', { config: { access: 'reviewer' }, schema: { params: pathParams('campaignId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { campaignId } = request.params;
    const decision = formText(request.body, 'decision');
    if (decision !== 'keep' && decision !== 'revoke')
      throw new ConsoleError(400, 'No decision', 'A bulk decision is keep or revoke.', 'Pick one and send the form again.');
    const admin = yesNoFilter(request.body, 'admin');
    const linked = yesNoFilter(request.body, 'linked');
    const integrationId = nonEmpty(formText(request.body, 'integrationId'));
    const comment = nonEmpty(formText(request.body, 'comment'));
    const { decided } = await service.reviews.decideMany({
      tenantId: caller.tenantId,
      campaignId,
      filter: { ...(admin === undefined ? {} : { admin }), ...(linked === undefined ? {} : { linked }), ...(integrationId ? { integrationId } : {}) },
      decision,
      ...(comment ? { comment } : {}),
      decider: caller,
      actor: consoleActor(caller),
    });
    return reply.redirect(consoleUrl(['reviews', campaignId], { notice: 'decided-many', count: decided }), 303);
  });

  app.post(
    '/reviews/:campaignId/items/:itemId/removed-by-hand',
    { config: { access: 'admin' }, schema: { params: pathParams('campaignId', 'itemId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { campaignId, itemId } = request.params;
      const comment = nonEmpty(formText(request.body, 'comment'));
      await service.reviews.recordRemovedByHand({
        tenantId: caller.tenantId,
        campaignId,
        itemId,
        ...(comment ? { comment } : {}),
        actor: consoleActor(caller),
      });
      return reply.redirect(consoleUrl(['reviews', campaignId], { notice: 'removed-by-hand' }), 303);
    },
  );

  app.post('/reviews/:campaignId/close', { config: { access: 'admin' }, schema: { params: pathParams('campaignId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { campaignId } = request.params;
    await service.reviews.close({ tenantId: caller.tenantId, campaignId, actor: consoleActor(caller) });
    return reply.redirect(consoleUrl(['reviews', campaignId], { notice: 'closed' }), 303);
  });

  app.get('/reviews/:campaignId/report.csv', { config: { access: 'viewer' }, schema: { params: pathParams('campaignId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const csv = await service.reviews.reportCsv({ tenantId: caller.tenantId, campaignId: request.params.campaignId });
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="access-review.csv"').send(csv);
  });

  app.get('/reviews/:campaignId/report.html', { config: { access: 'viewer' }, schema: { params: pathParams('campaignId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const input = { tenantId: caller.tenantId, campaignId: request.params.campaignId };
    // Items first: reading them brings removals up to date, so the facts above count the same rows.
    const items = await service.reviews.report(input);
    const campaign = await service.reviews.get(input);
    return sendPage(request, reply, {
      title: `Access review report: ${campaign.name}`,
      section: 'reviews',
      body: reviewReportView({ campaign, items, generatedAt: new Date().toISOString() }),
    });
  });
}
