/** The integrations list: type, status, last sync and its result. */
import type { Integration } from '../../integrations/integration-view.js';
import type { SyncRun } from '../../sync/sync-view.js';
import { FEATURE_PLANS, planPermits, type Plan } from '../../tenants/plans.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { timeOf } from './format.js';
import type { IntegrationStatus } from './integration-status.js';

export interface IntegrationLine {
  integration: Integration;
  status: IntegrationStatus;
  lastRun: SyncRun | undefined;
}

const TYPE_LABELS: Record<Integration['type'], string> = { prebuilt: 'Prebuilt', scim: 'SCIM', 'build-your-own': 'Build-your-own' };

/** A run's result in words: its status, and its counts once it has any. */
export function runResult(run: SyncRun): string {
  const { counts } = run;
  if (run.status === 'queued' || run.status === 'running') return run.status;
  if (run.status === 'awaiting_approval') return `awaiting approval: ${counts.pendingRemovals} removals held`;
  if (run.error) return `${run.status}: ${run.error.code}`;
  return `${run.status}: ${counts.seen} seen, ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed`;
}

/** What the tenant's plan allows (issue 14, item 5), in words. */
function planLine(plan: Plan): SafeHtml {
  const allows = [planPermits(plan, 'integrations') ? 'integrations' : undefined, planPermits(plan, 'customActions') ? 'custom actions' : undefined].filter(
    Boolean,
  );
  const missing = (['integrations', 'customActions'] as const).filter((feature) => !planPermits(plan, feature));
  return html`<p>This tenant is on the <strong>${plan}</strong> plan${allows.length ? `, which allows ${allows.join(' and ')}` : ', which allows no integration'}.${missing.map((feature) => ` ${feature === 'integrations' ? 'Integrations need' : 'Custom actions need'} the ${FEATURE_PLANS[feature]} plan.`).join('')}</p>`;
}

export function integrationsView(input: { lines: IntegrationLine[]; next?: string; admin: boolean; plan: Plan; notice?: string }): SafeHtml {
  const create = html`${input.notice && html`<p class="notice" role="status">${input.notice}</p>`}${planLine(input.plan)}${input.admin ? html`<div class="actions"><a href="/console/integrations/new">New integration</a></div>` : ''}`;
  if (input.lines.length === 0) return html`${create}<p>No integrations yet.${input.admin ? '' : ' An admin creates them.'}</p>`;
  return html`${create}<table>
<caption>Integrations of this tenant</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Type</th><th scope="col">Connector</th><th scope="col">Status</th><th scope="col">Last sync</th><th scope="col">Result</th></tr></thead>
<tbody>${input.lines.map(
    ({ integration, status, lastRun }) => html`<tr>
<th scope="row"><a href="${consoleUrl(['integrations', integration.id])}">${integration.name}</a></th>
<td>${TYPE_LABELS[integration.type]}</td><td>${integration.connector}</td><td>${status}</td>
<td>${lastRun ? timeOf(lastRun.finishedAt ?? lastRun.startedAt ?? lastRun.queuedAt) : html`<span class="muted">never</span>`}</td>
<td>${lastRun ? runResult(lastRun) : ''}</td>
</tr>`,
  )}</tbody>
</table>
${input.next && html`<nav class="pager" aria-label="Pages"><a href="${consoleUrl(['integrations'], { cursor: input.next })}">Next page</a></nav>`}`;
}
