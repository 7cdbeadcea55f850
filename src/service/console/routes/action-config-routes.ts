/** Editing a build-your-own action's configuration by hand (admin): read it into the form, save it re-validated. */
import type { TypedApp } from '../../http/typed-app.js';
import { problemFor } from '../../http/problem.js';
import type { ActionConfigChange } from '../../integrations/action-config.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { isServiceError } from '../../service-error.js';
import { ConsoleError } from '../console-error.js';
import { formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { ACTION_FIELDS, actionConfigView, fieldText, type ActionFieldKey } from '../views/action-config-view.js';

/** The form as a change of every member: empty removes it; JSON and code lists are parsed, naming the field that is not. */
function changeOf(values: Partial<Record<ActionFieldKey, string>>): ActionConfigChange {
  const change: ActionConfigChange = {};
  for (const spec of ACTION_FIELDS) {
    const text = values[spec.key]?.trim() ?? '';
    if (text === '') {
      change[spec.key] = null;
    } else if (spec.kind === 'json') {
      try {
        change[spec.key] = JSON.parse(text) as unknown;
      } catch {
        throw new ConsoleError(400, 'Bad request', `${spec.label} is not JSON; nothing was saved.`, spec.help);
      }
    } else if (spec.kind === 'codes') {
      const codes = text.split(',').map((code) => code.trim());
      if (!codes.every((code) => /^\d{3}$/.test(code)))
        throw new ConsoleError(400, 'Bad request', `${spec.label} must be three-digit codes separated by commas; nothing was saved.`, spec.help);
      change[spec.key] = codes.map(Number);
    } else {
      change[spec.key] = spec.key === 'body' ? values[spec.key] : text;
    }
  }
  return change;
}

export function actionConfigRoutes(app: TypedApp, service: Service): void {
  app.get(
    '/integrations/:integrationId/actions/:action/config',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId', 'action') } },
    async (request, reply) => {
      const { caller, csrf } = operatorOf(request);
      const { integrationId, action } = request.params;
      const ref = { tenantId: caller.tenantId, integrationId };
      const [integration, configuration] = await Promise.all([service.integrations.get(ref), service.integrations.actionConfig({ ...ref, action })]);
      if (!configuration.editable)
        throw new ConsoleError(
          409,
          'Not editable',
          `This ${integration.type} integration runs the shipped connector's spec, the same for every tenant; its actions are not edited here.`,
          'Start a build-your-own integration from that spec to change an action.',
        );
      const values = Object.fromEntries(ACTION_FIELDS.map((spec) => [spec.key, fieldText(spec.key, configuration.config[spec.key])]));
      const notice = queryText(request.query, 'notice') === 'saved' ? 'The action was saved; the spec is valid.' : undefined;
      return sendPage(request, reply, {
        title: `Configure ${action}: ${integration.name}`,
        section: 'integrations',
        body: actionConfigView({ integration, action, kind: configuration.kind, defined: configuration.defined, values, csrf, notice }),
      });
    },
  );

  // Save and Preview post the same form: one handler reads it, acts, and shows the page with the outcome or the refusal.
  // Preview only reads, but it renders with the saved credentials and may send the spec's lookups: admins, as the form is.
  for (const kind of ['save', 'preview'] as const) {
    app.post(
      `/integrations/:integrationId/actions/:action/config${kind === 'preview' ? '/preview' : ''}`,
      { config: { access: 'admin' }, schema: { params: pathParams('integrationId', 'action') } },
      async (request, reply) => {
        const { caller, csrf } = operatorOf(request);
        const { integrationId, action } = request.params;
        const ref = { tenantId: caller.tenantId, integrationId };
        const values = Object.fromEntries(ACTION_FIELDS.map((spec) => [spec.key, formText(request.body, spec.key) ?? ''])) as Partial<
          Record<ActionFieldKey, string>
        >;
        const change = changeOf(values);
        const pageOf = async () => {
          const [integration, configuration] = await Promise.all([service.integrations.get(ref), service.integrations.actionConfig({ ...ref, action })]);
          return { integration, action, kind: configuration.kind, defined: configuration.defined, values, csrf };
        };
        try {
          if (kind === 'save') {
            await service.integrations.configureAction({ ...ref, action, change, actor: consoleActor(caller) });
            return reply.redirect(consoleUrl(['integrations', integrationId, 'actions', action, 'config'], { notice: 'saved' }), 303);
          }
          const preview = await service.integrations.previewPayload({ ...ref, action, change, actor: { name: caller.name } });
          const page = await pageOf();
          return sendPage(request, reply, {
            title: `Configure ${action}: ${page.integration.name}`,
            section: 'integrations',
            body: actionConfigView({ ...page, preview }),
          });
        } catch (error) {
          if (!isServiceError(error) || !(kind === 'save' ? SAVE_REFUSALS : PREVIEW_REFUSALS).has(error.code)) throw error;
          const problem = problemFor(error);
          const refusal = { detail: problem.detail, hint: problem.hint, diagnostics: error.diagnostics, source: error.specText };
          const page = await pageOf();
          const body = actionConfigView(kind === 'save' ? { ...page, refused: refusal } : { ...page, previewRefused: refusal });
          return sendPage(request, reply, { status: problem.status, title: `Configure ${action}: ${page.integration.name}`, section: 'integrations', body });
        }
      },
    );
  }
}

/** A save refused for the spec (located diagnostics) or the input: shown beside the form with what was typed. */
const SAVE_REFUSALS: ReadonlySet<string> = new Set(['INVALID_SPEC', 'INVALID_INPUT']);

/** What an operator can fix in the form (or the setup) and see again: shown beside the form, not as an error page. */
const PREVIEW_REFUSALS: ReadonlySet<string> = new Set([
  'INVALID_SPEC',
  'INVALID_INPUT',
  'ACTION_FAILED',
  'AUTH_NOT_CONFIGURED',
  'CONFIG_NOT_EDITABLE',
  'ACTION_NOT_OFFERED',
]);
