/**
 * An integration's sync settings on its Accounts page: the schedule, the deletion safeguard's
 * thresholds and the failures before quarantine (a form for admins, facts for viewers), and a
 * quarantine with the Resume button.
 */
import { rangeText, SYNC_SETTING_RULES } from '../../input-rules.js';
import type { SyncStatus } from '../../sync/sync-view.js';
import type { SyncSettings } from '../../sync/sync-policy.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf } from './format.js';

export const SETTING_FIELDS: readonly { key: keyof SyncSettings; label: string; help: string }[] = [
  { key: 'intervalSeconds', label: 'Seconds between scheduled syncs', help: `${rangeText(SYNC_SETTING_RULES.intervalSeconds)} (a week).` },
  {
    key: 'removalThresholdPercent',
    label: 'Safeguard: hold a run removing more than this percent of the accounts',
    help: `${rangeText(SYNC_SETTING_RULES.removalThresholdPercent)}.`,
  },
  { key: 'removalThresholdMin', label: 'Safeguard: and more than this many accounts', help: 'A run removing fewer is never held.' },
  {
    key: 'maxConsecutiveFailures',
    label: 'Quarantine after this many failed runs in a row',
    help: `${rangeText(SYNC_SETTING_RULES.maxConsecutiveFailures)}; a quarantined integration syncs only when resumed.`,
  },
];

/** When the scheduler syncs next, or why it does not (a quarantine has its own alert). */
const NOT_SCHEDULED_TEXT = {
  'import-disabled': 'No scheduled sync: Import Users is not enabled.',
  'integration-disabled': 'No scheduled sync: the integration is disabled.',
  quarantined: 'No scheduled sync: quarantined.',
  'awaiting-approval': 'No scheduled sync until the run that awaits approval of its removals is approved or rejected.',
} as const satisfies Record<NonNullable<SyncStatus['notScheduled']>, string>;

function nextSync(sync: SyncStatus): SafeHtml | string {
  if (sync.notScheduled !== null) return NOT_SCHEDULED_TEXT[sync.notScheduled];
  if (sync.nextSyncAt === null) return 'Next scheduled sync: once a sync has finished.';
  return html`Next scheduled sync: ${timeOf(sync.nextSyncAt)}.`;
}

export function syncSettingsView(input: { integrationId: string; sync: SyncStatus; admin: boolean; csrf: string }): SafeHtml {
  const { sync } = input;
  const quarantine = sync.quarantined
    ? html`<div class="error" role="alert"><p>Quarantined since ${timeOf(sync.quarantinedAt)} after ${sync.consecutiveFailures} failed runs in a row: scheduled syncs are stopped.</p>
${input.admin && html`<form method="post" action="${consoleUrl(['integrations', input.integrationId, 'sync', 'resume'])}">${csrfField(input.csrf)}<button type="submit">Resume scheduled syncs</button></form>`}</div>`
    : html`<p>${nextSync(sync)}</p>`;
  if (!input.admin) {
    return html`${quarantine}<dl class="facts">${SETTING_FIELDS.map((field) => html`<dt>${field.label}</dt><dd>${sync.settings[field.key]}</dd>`)}</dl>`;
  }
  return html`${quarantine}
<form method="post" action="${consoleUrl(['integrations', input.integrationId, 'sync-settings'])}">
${csrfField(input.csrf)}
${SETTING_FIELDS.map((field) => html`<p><label for="setting-${field.key}">${field.label}</label><input type="text" inputmode="numeric" id="setting-${field.key}" name="${field.key}" value="${sync.settings[field.key]}" required aria-describedby="setting-${field.key}-help"><br><span class="muted" id="setting-${field.key}-help">${field.help}</span></p>`)}
<p><button type="submit" class="secondary">Save sync settings</button></p>
</form>`;
}
