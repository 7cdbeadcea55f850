/**
 * The setup wizard in the seed's order: choose the type (create), configure authentication (tested
 * on save, nothing saved when the test fails), enable or disable the actions offered; then Test and
 * Preview. Admin only; each step calls the service operation the matching API route calls.
 */
import type { TypedApp } from '../../http/typed-app.js';
import { problemFor } from '../../http/problem.js';
import type { IntegrationChoice } from '../../integrations/integration-types.js';
import { prebuiltCatalogue } from '../../integrations/auth-inputs.js';
import { INPUT_RULES, rangeText } from '../../input-rules.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { isServiceError } from '../../service-error.js';
import { ConsoleError } from '../console-error.js';
import { formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { newIntegrationView, type NewIntegrationPage } from '../views/new-integration-view.js';
import { setupView } from '../views/setup-view.js';
import { previewView, testView } from '../views/inspect-view.js';
import type { AuthForm } from '../../integrations/auth-config.js';

const NOTICES: Record<string, string> = {
  'auth-saved': 'Authentication saved: the connection test passed. Enable the actions below.',
  'auth-saved-import-only':
    'Authentication saved: the connection test passed, but the key may not write, so this integration is import-only (the reason is below).',
  'import-enabled': 'Import Users is enabled: the first sync has started, and the Accounts page fills when it ends.',
  'action-enabled': 'The action is enabled.',
  'action-disabled': 'The action is disabled.',
  'config-applied': 'The generated configuration was saved into Import Users.',
  'workflow-settings-saved': 'The workflow settings were saved.',
  'settings-saved': 'The name and address were saved (a new address passed the connection test first).',
  disabled: 'The integration is disabled: no sync or workflow task runs for it until it is enabled again.',
  enabled: 'The integration is enabled again.',
  'auth-type-saved': 'The authentication type was saved into the spec; enter the credentials it asks for below.',
};

/** The refusals a choice can meet, shown on the form again; anything else is an error page. */
const CHOICE_REFUSALS = new Set(['INVALID_INPUT', 'INVALID_SPEC', 'PLAN_REQUIRED']);

const optional = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : text.trim());

function choiceOf(body: unknown): IntegrationChoice & { name?: string } {
  const type = formText(body, 'type');
  const baseUrl = optional(formText(body, 'baseUrl'));
  const name = optional(formText(body, 'name'));
  const named = name === undefined ? {} : { name };
  if (type === 'prebuilt') return { type, connector: formText(body, 'connector') ?? '', ...(baseUrl ? { baseUrl } : {}), ...named };
  if (type === 'scim') {
    const connector = optional(formText(body, 'connector'));
    return { type, scimBaseUrl: (formText(body, 'scimBaseUrl') ?? '').trim(), ...(connector ? { connector } : {}), ...named };
  }
  if (type === 'build-your-own') return { type, spec: formText(body, 'spec') ?? '', ...(baseUrl ? { baseUrl } : {}), ...named };
  throw new ConsoleError(400, 'Bad request', 'The form named no integration type.', 'Choose a prebuilt connector, SCIM or build-your-own.');
}

function catalogue(search: string | undefined) {
  const needle = search?.toLowerCase();
  return prebuiltCatalogue().filter((entry) => !needle || `${entry.name} ${entry.description} ${entry.id}`.toLowerCase().includes(needle));
}

export function setupRoutes(app: TypedApp, service: Service): void {
  /** Step 3's data: the actions offered, those the plan withholds, the plan, and the workflow settings. */
  const actionState = async (ref: { tenantId: string; integrationId: string }) => {
    const [actions, withheld, tenant, workflowSettings, auth] = await Promise.all([
      service.integrations.listActions(ref),
      service.integrations.withheldActions(ref),
      service.tenants.get(ref.tenantId),
      service.workflows.getSettings(ref),
      service.integrations.authBlock(ref),
    ]);
    return { actions, withheld, plan: tenant.plan, workflowSettings, auth };
  };

  app.get('/integrations/new', { config: { access: 'admin' } }, async (request, reply) => {
    const { csrf } = operatorOf(request);
    const search = queryText(request.query, 'q');
    return sendPage(request, reply, {
      title: 'New integration',
      section: 'integrations',
      body: newIntegrationView({ catalogue: catalogue(search), search, csrf }),
    });
  });

  app.post('/integrations', { config: { access: 'admin' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const choice = choiceOf(request.body);
    try {
      const integration = await service.integrations.create({ ...choice, tenantId: caller.tenantId, actor: consoleActor(caller) });
      return reply.redirect(consoleUrl(['integrations', integration.id, 'setup']), 303);
    } catch (error) {
      if (!isServiceError(error) || !CHOICE_REFUSALS.has(error.code)) throw error;
      const problem = problemFor(error);
      const refused: NewIntegrationPage['refused'] = {
        type: choice.type,
        detail: problem.detail,
        hint: problem.hint,
        diagnostics: error.diagnostics,
        ...(choice.type === 'build-your-own' ? { spec: choice.spec } : {}),
      };
      return sendPage(request, reply, {
        status: problem.status,
        title: 'New integration',
        section: 'integrations',
        body: newIntegrationView({ catalogue: catalogue(undefined), csrf, refused }),
      });
    }
  });

  app.get('/integrations/:integrationId/setup', { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
    const [integration, inputs, state] = await Promise.all([service.integrations.get(ref), service.integrations.authInputs(ref), actionState(ref)]);
    const notice = NOTICES[queryText(request.query, 'notice') ?? ''];
    return sendPage(request, reply, {
      title: `Set up ${integration.name}`,
      section: 'integrations',
      body: setupView({ integration, inputs, ...state, csrf, notice }),
    });
  });

  app.post('/integrations/:integrationId/auth', { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
    const fields = await service.integrations.authInputs(ref);
    // Empty fields are left out: an optional input keeps the spec's default.
    const inputs = Object.fromEntries(
      fields.flatMap((input) => {
        const value = formText(request.body, `input.${input.name}`);
        return value === undefined || value === '' ? [] : [[input.name, value]];
      }),
    );
    // Through update: a secret left empty keeps the saved one (changing the base URL or one credential needs no re-typing of the rest).
    const result = await service.integrations.update({ ...ref, inputs, actor: consoleActor(caller) });
    if (result.ok) {
      const notice = result.integration.importOnly ? 'auth-saved-import-only' : 'auth-saved';
      return reply.redirect(consoleUrl(['integrations', ref.integrationId, 'setup'], { notice }), 303);
    }
    const [integration, state] = await Promise.all([service.integrations.get(ref), actionState(ref)]);
    // What the operator typed stays in the non-secret fields; a secret is never sent back.
    const shown = fields.map((input) => (input.secret || inputs[input.name] === undefined ? input : { ...input, value: inputs[input.name] }));
    return sendPage(request, reply, {
      status: 422,
      title: `Set up ${integration.name}`,
      section: 'integrations',
      body: setupView({ integration, inputs: shown, ...state, csrf, failure: result.failure }),
    });
  });

  /** The setup page again with a refusal of the settings form (the operator's typing is in the refusal's message). */
  const refusedSettings = async (
    request: Parameters<typeof sendPage>[0],
    reply: Parameters<typeof sendPage>[1],
    ref: { tenantId: string; integrationId: string },
    status: number,
    message: string,
  ) => {
    const { csrf } = operatorOf(request);
    const [integration, inputs, state] = await Promise.all([service.integrations.get(ref), service.integrations.authInputs(ref), actionState(ref)]);
    return sendPage(request, reply, {
      status,
      title: `Set up ${integration.name}`,
      section: 'integrations',
      body: setupView({ integration, inputs, ...state, csrf, settingsFailure: message }),
    });
  };

  app.post(
    '/integrations/:integrationId/settings',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
      const current = await service.integrations.get(ref);
      const name = optional(formText(request.body, 'name'));
      const baseUrl = optional(formText(request.body, 'baseUrl'));
      const changedUrl = baseUrl !== undefined && baseUrl !== (current.settings.baseUrl ?? current.baseUrl ?? '') ? { baseUrl } : {};
      try {
        const result = await service.integrations.update({ ...ref, ...(name ? { name } : {}), ...changedUrl, actor: consoleActor(caller) });
        if (!result.ok) {
          const failure = result.failure;
          return refusedSettings(
            request,
            reply,
            ref,
            422,
            `The connection test at ${baseUrl} failed, so nothing was saved: ${failure.message}${failure.hint ? ` (${failure.hint})` : ''}`,
          );
        }
      } catch (error) {
        if (!isServiceError(error, 'INVALID_INPUT')) throw error;
        return refusedSettings(request, reply, ref, 400, `${error.message}; nothing was saved.`);
      }
      return reply.redirect(consoleUrl(['integrations', ref.integrationId, 'setup'], { notice: 'settings-saved' }), 303);
    },
  );

  for (const change of ['disable', 'enable'] as const) {
    app.post(
      `/integrations/:integrationId/${change}`,
      { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
      async (request, reply) => {
        const { caller } = operatorOf(request);
        const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId, actor: consoleActor(caller) };
        await (change === 'disable' ? service.integrations.disable(ref) : service.integrations.enable(ref));
        return reply.redirect(consoleUrl(['integrations', ref.integrationId, 'setup'], { notice: `${change}d` }), 303);
      },
    );
  }

  app.post('/integrations/:integrationId/delete', { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
    try {
      await service.integrations.remove({ ...ref, confirm: formText(request.body, 'confirm') ?? '', actor: consoleActor(caller) });
      return reply.redirect(consoleUrl(['integrations'], { notice: 'deleted' }), 303);
    } catch (error) {
      if (!isServiceError(error, 'CONFIRMATION_REQUIRED')) throw error;
      return refusedSettings(request, reply, ref, 409, `Nothing was deleted: ${error.message}.`);
    }
  });

  app.post(
    '/integrations/:integrationId/auth-type',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
      const keys = ['type', 'header', 'prefix', 'in', 'name', 'value', 'grant', 'tokenUrl', 'authorizationUrl', 'scopes', 'clientAuth'] as const;
      const form = Object.fromEntries(keys.map((key) => [key, formText(request.body, key)])) as unknown as AuthForm;
      try {
        await service.integrations.configureAuthType({ ...ref, form: { ...form, type: form.type ?? '' }, actor: consoleActor(caller) });
      } catch (error) {
        if (!isServiceError(error, 'INVALID_SPEC') && !isServiceError(error, 'INVALID_INPUT')) throw error;
        const problem = problemFor(error);
        const located = (error.diagnostics ?? [])
          .filter((diagnostic) => diagnostic.severity === 'error')
          .map((diagnostic) => `${diagnostic.pointer}: ${diagnostic.message}${diagnostic.hint ? ` (${diagnostic.hint})` : ''}`);
        return refusedSettings(request, reply, ref, problem.status, `The authentication type was not saved: ${[problem.detail, ...located].join('; ')}`);
      }
      return reply.redirect(consoleUrl(['integrations', ref.integrationId, 'setup'], { notice: 'auth-type-saved' }), 303);
    },
  );

  app.post(
    '/integrations/:integrationId/actions/:action',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId', 'action') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { integrationId, action } = request.params;
      const enabled = formText(request.body, 'enabled');
      if (enabled !== 'true' && enabled !== 'false')
        throw new ConsoleError(
          400,
          'Bad request',
          'The form did not say whether to enable or disable the action.',
          'Use the Enable or Disable button of the setup page.',
        );
      await service.integrations.setAction({ tenantId: caller.tenantId, integrationId, action, enabled: enabled === 'true', actor: consoleActor(caller) });
      const notice = enabled === 'false' ? 'action-disabled' : action === 'importUsers' ? 'import-enabled' : 'action-enabled';
      return reply.redirect(consoleUrl(['integrations', integrationId, 'setup'], { notice }), 303);
    },
  );

  // Test and Preview only read the target, but each sends a request with the saved credentials and
  // is audited: a POST with the CSRF token, like the API's.
  for (const kind of ['test', 'preview'] as const) {
    app.post(
      `/integrations/:integrationId/${kind}`,
      { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
      async (request, reply) => {
        const { caller } = operatorOf(request);
        const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
        const integration = await service.integrations.get(ref);
        try {
          const input = { ...ref, actor: consoleActor(caller) };
          const body =
            kind === 'test'
              ? testView({ integration, result: await service.inspect.test(input) })
              : previewView({ integration, ...(await service.inspect.preview(input)) });
          return sendPage(request, reply, { title: `${kind === 'test' ? 'Test' : 'Preview'}: ${integration.name}`, section: 'integrations', body });
        } catch (error) {
          // The runtime's errors (as the service's ACTION_FAILED) are redacted and say what to do;
          // they are the target's failure, not ours.
          if (!isServiceError(error, 'ACTION_FAILED')) throw error;
          throw new ConsoleError(502, 'The target could not be reached', `${kind === 'test' ? 'Test' : 'Preview'} failed: ${error.message}`, error.hint);
        }
      },
    );
  }

  app.post(
    '/integrations/:integrationId/workflow-settings',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { integrationId } = request.params;
      const concurrency = formText(request.body, 'maxConcurrency')?.trim() ?? '';
      if (concurrency !== '' && !/^\d{1,9}$/.test(concurrency))
        throw new ConsoleError(
          400,
          'Bad request',
          'Tasks at once must be a whole number, or empty; nothing was saved.',
          `${rangeText(INPUT_RULES.workflowConcurrency)}; empty uses the connector’s own limit.`,
        );
      // An unticked checkbox is not sent: its absence means false.
      await service.workflows.setSettings({
        tenantId: caller.tenantId,
        integrationId,
        keepAccounts: formText(request.body, 'keepAccounts') === 'true',
        maxConcurrency: concurrency === '' ? null : Number(concurrency),
        actor: consoleActor(caller),
      });
      return reply.redirect(consoleUrl(['integrations', integrationId, 'setup'], { notice: 'workflow-settings-saved' }), 303);
    },
  );
}
