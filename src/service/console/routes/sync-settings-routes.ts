/** Saving an integration's sync settings and lifting its quarantine, from its Accounts page (admin). */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import type { SyncSettings } from '../../sync/sync-policy.js';
import { ConsoleError } from '../console-error.js';
import { formText } from '../form-body.js';
import { consoleUrl } from '../html.js';
import { consoleActor, operatorOf } from '../respond.js';
import { SETTING_FIELDS } from '../views/sync-settings-view.js';

/** Whole numbers only; the service checks each range and names the one out of it. */
function settingsOf(body: unknown): Partial<SyncSettings> {
  const settings: Partial<SyncSettings> = {};
  for (const field of SETTING_FIELDS) {
    const text = formText(body, field.key)?.trim();
    if (text === undefined || text === '') continue;
    if (!/^\d{1,9}$/.test(text)) throw new ConsoleError(400, 'Bad request', `“${field.label}” must be a whole number; nothing was saved.`, field.help);
    settings[field.key] = Number(text);
  }
  return settings;
}

export function syncSettingsRoutes(app: TypedApp, service: Service): void {
  app.post(
    '/integrations/:integrationId/sync-settings',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { integrationId } = request.params;
      await service.sync.configure({ tenantId: caller.tenantId, integrationId, ...settingsOf(request.body), actor: consoleActor(caller) });
      return reply.redirect(consoleUrl(['integrations', integrationId], { notice: 'settings-saved' }), 303);
    },
  );

  app.post(
    '/integrations/:integrationId/sync/resume',
    { config: { access: 'admin' }, schema: { params: pathParams('integrationId') } },
    async (request, reply) => {
      const { caller } = operatorOf(request);
      const { integrationId } = request.params;
      await service.sync.resume({ tenantId: caller.tenantId, integrationId, actor: consoleActor(caller) });
      return reply.redirect(consoleUrl(['integrations', integrationId], { notice: 'resumed' }), 303);
    },
  );
}
