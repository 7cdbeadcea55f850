/**
 * A sync run and, when the deletion safeguard holds it, the approval screen: the accounts it would
 * remove (paged) and, for admins, Approve (remove them) and Reject (remove nothing).
 */
import type { Integration } from '../../integrations/integration-view.js';
import type { SyncedAccount, SyncRun } from '../../sync/sync-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf, yesNo } from './format.js';
import { runResult } from './integrations-view.js';

export interface RunPage {
  integration: Integration;
  run: SyncRun;
  /** The accounts the held run would remove (this page of them); undefined when the run is not held. */
  removals?: SyncedAccount[];
  after?: string;
  next?: string;
  admin: boolean;
  csrf: string;
  notice?: string;
}

function decisionForms(page: RunPage): SafeHtml {
  const base = ['integrations', page.integration.id, 'runs', page.run.id];
  if (!page.admin) return html`<p class="muted">An admin approves or rejects these removals.</p>`;
  return html`<div class="actions">
<form method="post" action="${consoleUrl([...base, 'approve'])}">${csrfField(page.csrf)}<button type="submit" class="danger">Approve: remove ${page.run.counts.pendingRemovals} accounts</button></form>
<form method="post" action="${consoleUrl([...base, 'reject'])}">${csrfField(page.csrf)}<button type="submit" class="secondary">Reject: remove nothing</button></form>
</div>`;
}

export function runView(page: RunPage): SafeHtml {
  const { run } = page;
  const facts = html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}
<dl class="facts"><dt>Application</dt><dd><a href="${consoleUrl(['integrations', page.integration.id])}">${page.integration.name}</a></dd>
<dt>Status</dt><dd>${runResult(run)}</dd><dt>Trigger</dt><dd>${run.trigger} (${run.requestedBy})</dd><dt>Queued</dt><dd>${timeOf(run.queuedAt)}</dd><dt>Finished</dt><dd>${timeOf(run.finishedAt)}</dd>
${run.decidedBy && html`<dt>Decided by</dt><dd>${run.decidedBy}</dd>`}</dl>
${run.warnings.length > 0 && html`<h2>Warnings</h2><ul class="warnings">${run.warnings.map((warning) => html`<li>${warning}</li>`)}</ul>`}`;
  if (!page.removals) return html`${facts}<p>Nothing of this run waits for approval.</p>`;
  const pager = ['integrations', page.integration.id, 'runs', run.id];
  return html`${facts}
<p>This sync would remove <strong>${run.counts.pendingRemovals}</strong> accounts the target no longer lists, more than the deletion safeguard lets a run remove on its own. Nothing has been removed yet.</p>
${decisionForms(page)}
<h2>Accounts this run would remove</h2>
<table><caption>Held removals</caption>
<thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">External id</th><th scope="col">Admin</th><th scope="col">Last seen</th></tr></thead>
<tbody>${page.removals.map((account) => html`<tr><td>${account.email}</td><td>${account.name}</td><td>${account.externalId}</td><td>${yesNo(account.admin)}</td><td>${timeOf(account.lastSeenAt)}</td></tr>`)}</tbody></table>
<nav class="pager" aria-label="Pages of held removals">
${page.after && html`<a href="${consoleUrl(pager)}">First page</a>`}
${page.next && html`<a href="${consoleUrl(pager, { after: page.next })}">Next page</a>`}
</nav>`;
}
