/**
 * An application's Accounts page: the searchable, paged Accounts list (email, name, admin, state,
 * linked person, last seen), "Sync now" for admins, and the sync history with counts, each run
 * held by the deletion safeguard linking to its approval screen.
 */
import type { Integration } from '../../integrations/integration-view.js';
import type { AccountState } from '../../sync/sync-policy.js';
import type { SyncedAccount, SyncRun, SyncStatus } from '../../sync/sync-view.js';
import { syncSettingsView } from './sync-settings-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { stateOf, timeOf, yesNo } from './format.js';
import type { IntegrationStatus } from './integration-status.js';

export interface AccountsPage {
  integration: Integration;
  sync: SyncStatus;
  status: IntegrationStatus;
  accounts: SyncedAccount[];
  /** Person id to name, for the linked-person column. */
  people: Map<string, string>;
  runs: SyncRun[];
  search?: string;
  state?: AccountState;
  states: readonly AccountState[];
  after?: string;
  next?: string;
  admin: boolean;
  csrf: string;
  notice?: string;
}

function linkedPerson(account: SyncedAccount, people: Map<string, string>): SafeHtml | string {
  if (account.personId !== null) return people.get(account.personId) ?? account.personId;
  return html`<span class="muted">${account.link === 'conflict' ? 'conflict: two people share this email' : 'not linked'}</span>`;
}

function accountsTable(page: AccountsPage): SafeHtml {
  if (page.accounts.length === 0)
    return html`<p>${page.search || page.state ? 'No account matches.' : 'No accounts yet: they appear after the first sync.'}</p>`;
  return html`<table>
<caption>Accounts${page.search ? html` matching “${page.search}”` : ''}</caption>
<thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Admin</th><th scope="col">State</th><th scope="col">Linked person</th><th scope="col">Last seen</th></tr></thead>
<tbody>${page.accounts.map(
    (account) =>
      html`<tr><td>${account.email}</td><td>${account.name}${account.cleaned && html` <span class="muted" title="${account.cleaned}">(text cleaned: ${account.cleaned})</span>`}</td><td>${yesNo(account.admin)}</td><td>${stateOf(account.state, account.activationDueAt)}</td><td>${linkedPerson(account, page.people)}</td><td>${timeOf(account.lastSeenAt)}</td></tr>`,
  )}</tbody>
</table>`;
}

function runsTable(page: AccountsPage): SafeHtml {
  if (page.runs.length === 0) return html`<p>No sync has run yet.</p>`;
  return html`<table>
<caption>Latest sync runs, newest first</caption>
<thead><tr><th scope="col">Queued</th><th scope="col">Trigger</th><th scope="col">Status</th><th scope="col" class="num">Seen</th><th scope="col" class="num">Added</th><th scope="col" class="num">Changed</th><th scope="col" class="num">Removed</th><th scope="col" class="num">Skipped</th><th scope="col">Finished</th><th scope="col">Details</th></tr></thead>
<tbody>${page.runs.map(
    (run) => html`<tr><td>${timeOf(run.queuedAt)}</td><td>${run.trigger}</td><td>${run.status}</td>
<td class="num">${run.counts.seen}</td><td class="num">${run.counts.added}</td><td class="num">${run.counts.changed}</td><td class="num">${run.counts.removed}</td><td class="num">${run.counts.skipped}</td>
<td>${timeOf(run.finishedAt)}</td>
<td>${run.status === 'awaiting_approval' ? html`<a href="${consoleUrl(['integrations', page.integration.id, 'runs', run.id])}">Review ${run.counts.pendingRemovals} held removals</a>` : run.error ? `${run.error.code}: ${run.error.message}` : run.warnings.length > 0 ? html`<a href="${consoleUrl(['integrations', page.integration.id, 'runs', run.id])}">${run.warnings.length} warning${run.warnings.length === 1 ? '' : 's'}</a>` : ''}</td></tr>`,
  )}</tbody>
</table>`;
}

/** While the latest run is open: its state in a live region, which the console's script keeps current. */
function progress(page: AccountsPage): SafeHtml | undefined {
  const latest = page.runs[0];
  if (!latest || (latest.status !== 'queued' && latest.status !== 'running')) return undefined;
  return html`<p class="notice" role="status" data-sync-progress="${consoleUrl(['integrations', page.integration.id, 'sync-progress'])}">Sync ${latest.status}: ${latest.counts.pages} pages, ${latest.counts.seen} accounts seen. Reload the page to follow it.</p>
<script src="/console/assets/console.js" defer></script>`;
}

export function accountsView(page: AccountsPage): SafeHtml {
  const id = page.integration.id;
  return html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}
<dl class="facts"><dt>Connector</dt><dd>${page.integration.connector} (${page.integration.type})</dd><dt>Status</dt><dd>${page.status}</dd></dl>
<div class="actions">
${page.admin && html`<form method="post" action="${consoleUrl(['integrations', id, 'sync'])}">${csrfField(page.csrf)}<button type="submit">Sync now</button></form>`}
<a href="${consoleUrl(['integrations', id, 'audit'])}">Application Audit</a>
${page.admin && html`<a href="${consoleUrl(['integrations', id, 'add-user'])}">Manage: Add User</a>`}
${page.admin && html`<a href="${consoleUrl(['integrations', id, 'setup'])}">Setup: authentication and actions</a>`}
</div>
<h2 id="accounts">Accounts</h2>
<form class="row" method="get" action="${consoleUrl(['integrations', id])}" role="search" aria-label="Accounts">
  <div><label for="q">Search by email or name</label><input type="search" id="q" name="q" value="${page.search ?? ''}" maxlength="200"></div>
  <div><label for="state">State</label><select id="state" name="state"><option value="">any</option>${page.states.map((state) => html`<option value="${state}"${state === page.state ? html` selected` : ''}>${state}</option>`)}</select></div>
  <div><button type="submit" class="secondary">Search</button></div>
</form>
${accountsTable(page)}
<nav class="pager" aria-label="Account pages">
${page.after && html`<a href="${consoleUrl(['integrations', id], { q: page.search, state: page.state })}">First page</a>`}
${page.next && html`<a href="${consoleUrl(['integrations', id], { q: page.search, state: page.state, after: page.next })}">Next page</a>`}
</nav>
<h2>Sync history</h2>
${progress(page)}
${runsTable(page)}
<h2>Sync settings</h2>
${syncSettingsView({ integrationId: id, sync: page.sync, admin: page.admin, csrf: page.csrf })}`;
}
