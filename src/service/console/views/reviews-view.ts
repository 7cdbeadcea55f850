/**
 * Access review campaigns: the list with its create form, and one campaign with its start (or
 * start without the integrations that cannot sync), progress, items with a decide form each, a
 * bulk decision, Close and the report downloads. Start and Close only for admins; the decide forms
 * for an admin, or a reviewer the campaign names on the items of the integrations they review.
 * The people to link are one datalist for the page, not a list on every row.
 */
import { inScope, type DecidableScope } from '../../reviews/review-access.js';
import type { Campaign, ReviewItem } from '../../reviews/review-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf, yesNo } from './format.js';
import { counted } from '../../counted.js';

export interface Named {
  id: string;
  name: string;
}

function progressOf(campaign: Campaign): string {
  const p = campaign.progress;
  return `${p.decided} of ${p.items} decided · ${p.revoked} revoked · ${p.removed} removed · ${p.confirmed} confirmed · ${p.flagged} flagged`;
}

/** "1 item is" / "3 items are": the undecided items of an overdue campaign. */
function undecidedText(campaign: Campaign): string {
  const undecided = campaign.progress.items - campaign.progress.decided;
  return `${counted(undecided, 'item')} ${undecided === 1 ? 'is' : 'are'}`;
}

const overdueMark = (campaign: Campaign) => campaign.overdue && html` <strong class="overdue">overdue</strong>`;

export function reviewsView(input: { campaigns: Campaign[]; integrations: Named[]; admin: boolean; csrf: string; notice?: string }): SafeHtml {
  const form =
    input.admin &&
    html`<h2>New campaign</h2>
<form method="post" action="/console/reviews" aria-label="New campaign">${csrfField(input.csrf)}
<div><label for="review-name">Name</label><input id="review-name" name="name" required maxlength="200"></div>
<fieldset><legend>Integrations (none chosen: every integration)</legend>${input.integrations.map(
      (integration) => html`<label><input type="checkbox" name="integrationId" value="${integration.id}"> ${integration.name}</label>`,
    )}</fieldset>
<div><label for="review-due">Due date</label><input type="date" id="review-due" name="dueDate" required></div>
<div><label for="review-reviewer">Reviewer</label><input id="review-reviewer" name="reviewer" required maxlength="200"></div>
<div><button type="submit">Create campaign</button></div>
</form>`;
  const list =
    input.campaigns.length === 0
      ? html`<p>No review campaigns yet.</p>`
      : html`<table><caption>Review campaigns, newest first</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Due</th><th scope="col">Progress</th></tr></thead>
<tbody>${input.campaigns.map(
          (campaign) =>
            html`<tr><td><a href="${consoleUrl(['reviews', campaign.id])}">${campaign.name}</a></td><td>${campaign.status}</td><td>${timeOf(campaign.dueAt)}${overdueMark(campaign)}</td><td>${progressOf(campaign)}</td></tr>`,
        )}</tbody></table>`;
  return html`${input.notice && html`<p class="notice" role="status">${input.notice}</p>`}${list}${form}`;
}

const PEOPLE_LIST = 'review-people';

/** The page's one list of people to link, by email (each row's person field offers it). */
const peopleList = (people: readonly (Named & { email: string })[]) =>
  html`<datalist id="${PEOPLE_LIST}">${people.map((person) => html`<option value="${person.email}">${person.name}</option>`)}</datalist>`;

/** An admin records a manual removal (a removal workflow's manual task, or a deleted integration's account) as done on the target. */
const removedByHandForm = (campaign: Campaign, item: ReviewItem, csrf: string) =>
  html`<form method="post" action="${consoleUrl(['reviews', campaign.id, 'items', item.id, 'removed-by-hand'])}" aria-label="Removed by hand ${item.email || item.externalId}">${csrfField(csrf)}
<input name="comment" aria-label="How it was removed" maxlength="2000" placeholder="how (optional)"><button type="submit" class="secondary">Removed by hand</button></form>`;

function itemForm(campaign: Campaign, item: ReviewItem, csrf: string): SafeHtml {
  return html`<form method="post" action="${consoleUrl(['reviews', campaign.id, 'items', item.id, 'decision'])}" aria-label="Decide ${item.email || item.externalId}">${csrfField(csrf)}
<select name="decision" aria-label="Decision"><option value="keep">keep</option><option value="revoke">revoke</option><option value="link">link to person</option></select>
<input name="personEmail" type="email" list="${PEOPLE_LIST}" aria-label="Person to link (email)" placeholder="person's email">
<input name="comment" aria-label="Comment" maxlength="2000">
<button type="submit" class="secondary">Decide</button></form>`;
}

export function reviewView(input: {
  campaign: Campaign;
  items: ReviewItem[];
  next?: string;
  people: readonly (Named & { email: string })[];
  integrations: Named[];
  admin: boolean;
  /** What the signed-in operator may decide here; undefined: nothing (a viewer, or a reviewer the campaign does not name). */
  scope: DecidableScope | undefined;
  csrf: string;
  notice?: string;
}): SafeHtml {
  const { campaign, csrf, scope } = input;
  const changeable = input.admin && campaign.status !== 'closed';
  const deciding = scope !== undefined && campaign.status === 'open';
  // A revoke whose removal workflow started cannot be changed: no form for it.
  const decidable = (item: ReviewItem) => deciding && inScope(scope, item.integrationId) && !item.removal?.workflowId;
  const bulkIntegrations = input.integrations.filter((integration) => scope !== undefined && inScope(scope, integration.id));
  const personName = new Map(input.people.map((person) => [person.id, person.name]));
  const waiting =
    campaign.waitingFor.length > 0 &&
    html`<h2>Waiting for</h2><ul>${campaign.waitingFor.map((entry) => html`<li>${entry.integrationName}: ${entry.reason}</li>`)}</ul>`;
  const start =
    input.admin &&
    (campaign.status === 'draft' || campaign.status === 'waiting') &&
    html`<form method="post" action="${consoleUrl(['reviews', campaign.id, 'start'])}" aria-label="Start">${csrfField(csrf)}<button type="submit">Start</button></form>
${
  campaign.waitingFor.length > 0 &&
  html`<form method="post" action="${consoleUrl(['reviews', campaign.id, 'start'])}" aria-label="Start without">${csrfField(csrf)}
<fieldset><legend>Start without these integrations (an explicit choice: their accounts are not reviewed)</legend>${campaign.waitingFor.map(
    (entry) => html`<label><input type="checkbox" name="without" value="${entry.integrationId}"> ${entry.integrationName}</label>`,
  )}</fieldset><button type="submit" class="secondary">Start without the chosen</button></form>`
}`;
  const bulk =
    deciding &&
    html`<h2>Decide many</h2><form method="post" action="${consoleUrl(['reviews', campaign.id, 'decisions'])}" aria-label="Decide many">${csrfField(csrf)}
<div><label for="bulk-admin">Admin</label><select id="bulk-admin" name="admin"><option value="">any</option><option value="true">yes</option><option value="false">no</option></select></div>
<div><label for="bulk-linked">Linked to a person</label><select id="bulk-linked" name="linked"><option value="">any</option><option value="true">yes</option><option value="false">no</option></select></div>
<div><label for="bulk-integration">Integration</label><select id="bulk-integration" name="integrationId"><option value="">${scope?.all ? 'any' : 'any of yours'}</option>${bulkIntegrations.map((integration) => html`<option value="${integration.id}">${integration.name}</option>`)}</select></div>
<div><label for="bulk-decision">Decision (undecided items)</label><select id="bulk-decision" name="decision"><option value="keep">keep</option><option value="revoke">revoke</option></select></div>
<div><label for="bulk-comment">Comment</label><input id="bulk-comment" name="comment" maxlength="2000"></div>
<div><button type="submit">Decide</button></div></form>`;
  const close =
    changeable &&
    html`<form method="post" action="${consoleUrl(['reviews', campaign.id, 'close'])}" aria-label="Close">${csrfField(csrf)}<button type="submit" class="danger">Close campaign</button></form>`;
  const rows = input.items.map(
    (
      item,
    ) => html`<tr><td>${item.name} ${item.email && html`(${item.email})`}</td><td>${item.integrationName}</td><td>${item.state}</td><td>${yesNo(item.admin)}</td>
<td>${item.personId ? (personName.get(item.personId) ?? item.personId) : 'no person'}</td><td>${item.decision ?? 'undecided'}${item.decision === 'link' && item.linkPersonId && html` → ${personName.get(item.linkPersonId) ?? item.linkPersonId}`}${item.decidedBy && html` by ${item.decidedBy}`}</td>
<td>${item.comment}</td><td>${item.removal && html`${item.removal.outcome}${item.removal.reason && html`: ${item.removal.reason}`}`}${item.removal?.workflowId && html` (<a href="${consoleUrl(['workflows', item.removal.workflowId])}">workflow</a>)`}${input.admin && item.removal?.outcome === 'manual' && removedByHandForm(campaign, item, csrf)}</td><td>${item.confirmation}</td>
${deciding && html`<td>${decidable(item) && itemForm(campaign, item, csrf)}</td>`}</tr>`,
  );
  return html`${input.notice && html`<p class="notice" role="status">${input.notice}</p>`}
<dl><dt>Status</dt><dd>${campaign.status}</dd><dt>Due</dt><dd>${timeOf(campaign.dueAt)}${overdueMark(campaign)}</dd>
<dt>Reviewers</dt><dd>${campaign.reviewers.map((reviewer) => reviewer.reviewer).join(', ')}</dd><dt>Progress</dt><dd>${progressOf(campaign)}</dd></dl>
${campaign.overdue && html`<p class="notice" role="alert">This campaign is past its due date: ${undecidedText(campaign)} still undecided.</p>`}
${waiting}${start}${bulk}
${
  input.items.length > 0 &&
  html`<table><caption>Items</caption><thead><tr><th scope="col">Account</th><th scope="col">Integration</th><th scope="col">State</th><th scope="col">Admin</th><th scope="col">Person</th><th scope="col">Decision</th><th scope="col">Comment</th><th scope="col">Removal</th><th scope="col">Confirmation</th>${deciding && html`<th scope="col">Decide</th>`}</tr></thead>
<tbody>${rows}</tbody></table>${deciding && peopleList(input.people)}`
}
${input.next && html`<nav class="pager" aria-label="Pages of items"><a href="${consoleUrl(['reviews', campaign.id], { after: input.next })}">Next page</a></nav>`}
<p><a href="${consoleUrl(['reviews', campaign.id, 'report.csv'])}" download>Download report (CSV)</a> · <a href="${consoleUrl(['reviews', campaign.id, 'report.html'])}">Printable report (HTML)</a></p>
${close}`;
}
