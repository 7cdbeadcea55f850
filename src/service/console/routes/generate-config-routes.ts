/**
 * Generate Config: a proposal from the target's answer (saves nothing), then the confirmed (and
 * possibly edited) records path and mapping saved into a build-your-own spec, re-validated; a
 * refused save shows the spec's diagnostics and keeps the edits. Admin only.
 */
import type { TypedApp } from '../../http/typed-app.js';
import { problemFor } from '../../http/problem.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { isServiceError, ServiceError } from '../../service-error.js';
import { ConsoleError } from '../console-error.js';
import { formText, type FormBody } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { applyFormView, proposalView } from '../views/generate-config-view.js';

/** The mapping fields of the confirmation form (`mapping.<field>`); an empty one is left out. */
function mappingOf(body: unknown): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const [name, value] of Object.entries((body ?? {}) as FormBody)) {
    const field = /^mapping\.([A-Za-z][A-Za-z0-9_]*)$/.exec(name)?.[1];
    if (field === undefined) continue;
    if (typeof value !== 'string')
      throw new ConsoleError(400, 'Bad request', `The mapping of ${field} was given more than once.`, 'Send the confirmation form as the page shows it.');
    if (value.trim() !== '') mapping[field] = value;
  }
  return mapping;
}

/** The form's pagination field: JSON text of a block, or empty for none. */
function paginationOf(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Refused below, with the same words as a value that is not an object.
  }
  throw new ServiceError('INVALID_INPUT', 'pagination must be a JSON object, e.g. {"type": "link"}', { hint: 'leave it empty to save no pagination' });
}

export function generateConfigRoutes(app: TypedApp, service: Service): void {
  app.post(
    '/integrations/:integrationId/generate-config',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller, csrf } = operatorOf(request);
      const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
      const records = formText(request.body, 'records')?.trim() || undefined;
      const [integration, proposal] = await Promise.all([
        service.integrations.get(ref),
        service.integrations.proposeConfig({ ...ref, records, actor: consoleActor(caller) }),
      ]);
      return sendPage(request, reply, {
        title: `Generate Config: ${integration.name}`,
        section: 'integrations',
        body: proposalView({ integration, proposal, csrf }),
      });
    },
  );

  app.post(
    '/integrations/:integrationId/generate-config/apply',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller, csrf } = operatorOf(request);
      const ref = { tenantId: caller.tenantId, integrationId: request.params.integrationId };
      const records = formText(request.body, 'records') ?? '';
      const mapping = mappingOf(request.body);
      const paginationText = formText(request.body, 'pagination');
      try {
        const pagination = paginationOf(paginationText);
        await service.integrations.applyConfig({ ...ref, records, mapping, ...(pagination ? { pagination } : {}), actor: consoleActor(caller) });
        return reply.redirect(consoleUrl(['integrations', ref.integrationId, 'setup'], { notice: 'config-applied' }), 303);
      } catch (error) {
        if (!isServiceError(error) || (error.code !== 'INVALID_SPEC' && error.code !== 'INVALID_INPUT')) throw error;
        const problem = problemFor(error);
        const integration = await service.integrations.get(ref);
        const body = applyFormView({
          integration,
          records,
          mapping,
          ...(paginationText === undefined ? {} : { pagination: paginationText }),
          csrf,
          refused: { detail: problem.detail, hint: problem.hint, diagnostics: error.diagnostics, source: error.specText },
        });
        return sendPage(request, reply, { status: problem.status, title: `Generate Config: ${integration.name}`, section: 'integrations', body });
      }
    },
  );
}
