/**
 * Access profiles and movers (docs/operators/movers.md): the profiles with their applications, a
 * profile created or archived, a profile given to many people, a person's move shown as its
 * difference before it is confirmed, and drift. Pages only render what the service returns.
 */
import type { DriftEntry, KeptAccount, MovePlan, MoveStep, Profile } from '../../movers/movers.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

const notice = (text: string | undefined) => (text === undefined ? '' : html`<p class="notice" role="status">${text}</p>`);

/** The service's refusal of a form, shown above it (nothing was changed), with a way back. */
export interface Refusal {
  form: 'create' | 'assign' | 'list' | 'move';
  detail: string;
  hint?: string;
}

function refusalBox(refused: Refusal | undefined, form: Refusal['form'], back: { href: string; label: string }): SafeHtml | string {
  if (refused?.form !== form) return '';
  return html`<div class="error" role="alert"><p>Nothing was changed: ${refused.detail}</p>${refused.hint && html`<p>${refused.hint}</p>`}<p><a href="${back.href}">${back.label}</a></p></div>`;
}

function applicationsList(profile: Profile): SafeHtml | string {
  if (profile.applications.length === 0) return 'no applications';
  return html`<ul>${profile.applications.map((application) => {
    const marks = [application.options.admin === true ? 'as admin' : '', application.deleted ? 'deleted: nothing is created there' : ''].filter(Boolean);
    return html`<li>${application.integrationName}${marks.length === 0 ? '' : html` (${marks.join('; ')})`}</li>`;
  })}</ul>`;
}

export interface ProfilesPage {
  profiles: Profile[];
  /** With the options each one's connector supports: "as admin" is offered only where Create User sends the flag. */
  integrations: { id: string; name: string; options: readonly string[] }[];
  admin: boolean;
  csrf: string;
  idempotencyKey: string;
  notice?: string;
  workflows?: { id: string; person: string; status: string }[];
  refused?: Refusal;
}

export function profilesView(page: ProfilesPage): SafeHtml {
  const live = page.profiles.filter((profile) => !profile.archived);
  const back = { href: '/console/profiles', label: 'Back to the access profiles' };
  return html`${notice(page.notice)}
${refusalBox(page.refused, 'list', back)}
${
  page.workflows && page.workflows.length > 0
    ? html`<ul class="workflows">${page.workflows.map((workflow) => html`<li><a href="${consoleUrl(['workflows', workflow.id])}">${workflow.person}</a>: ${workflow.status}</li>`)}</ul>`
    : ''
}
<p>An access profile is a named set of applications. Change a person’s profiles from their page (<em>Access profiles</em>); see also <a href="/console/profiles/drift">drift</a>: accounts outside people’s profiles.</p>
${
  page.profiles.length === 0
    ? html`<p>No access profile yet.</p>`
    : html`<table><caption>Access profiles</caption><thead><tr><th scope="col">Name</th><th scope="col">Applications</th><th scope="col">State</th>${page.admin ? html`<th scope="col">Change</th>` : ''}</tr></thead>
<tbody>${page.profiles.map(
        (profile) =>
          html`<tr><td>${profile.name}</td><td>${applicationsList(profile)}</td><td>${profile.archived ? 'archived' : 'active'}</td>${
            page.admin
              ? html`<td><form class="inline" method="post" action="${consoleUrl(['profiles', profile.id, profile.archived ? 'restore' : 'archive'])}">${csrfField(page.csrf)}<button type="submit">${profile.archived ? 'Restore' : 'Archive'}</button></form></td>`
              : ''
          }</tr>`,
      )}</tbody></table>`
}
${
  page.admin
    ? html`<h2>New profile</h2>
${refusalBox(page.refused, 'create', back)}
<form method="post" action="/console/profiles">
${csrfField(page.csrf)}
<label>Name <input name="name" required maxlength="200"></label>
${
  page.integrations.length === 0
    ? html`<p>This tenant has no integration yet.</p>`
    : html`<fieldset><legend>Applications</legend>${page.integrations.map(
        (integration) =>
          html`<div><label><input type="checkbox" name="application" value="${integration.id}"> ${integration.name}</label>${integration.options.includes('admin') ? html` <label><input type="checkbox" name="admin" value="${integration.id}"> as admin</label>` : html` <span class="muted">(no admin option: its Create User sends no admin flag)</span>`}</div>`,
      )}</fieldset>`
}
<div class="actions"><button type="submit">Create profile</button></div>
</form>
${
  live.length === 0
    ? ''
    : html`<h2>Give a profile to several people</h2>
${refusalBox(page.refused, 'assign', back)}
<form method="post" action="/console/profiles/assign">
${csrfField(page.csrf)}
<input type="hidden" name="idempotencyKey" value="${page.idempotencyKey}">
<label>Profile <select name="profileId">${live.map((profile) => html`<option value="${profile.id}">${profile.name}</option>`)}</select></label>
<label>Emails (one a line, or separated by commas) <textarea name="people" rows="6" required></textarea></label>
<p>Each person keeps their profiles and is given this one: one workflow per person creates what it adds.</p>
<div class="actions"><button type="submit">Give the profile</button></div>
</form>`
}`
    : ''
}`;
}

const stepName = (step: MoveStep) =>
  step.action === 'manual' && step.admin !== undefined
    ? `admin flag ${step.admin ? 'on' : 'off'}`
    : `${step.action}${step.admin === true ? ' (as admin)' : ''}`;

function stepRows(steps: MoveStep[]): SafeHtml {
  return html`${steps.map((step) => html`<tr><td>${step.integrationName}</td><td>${stepName(step)}</td><td>${step.status}${step.reason ? html` (${step.reason})` : ''}</td></tr>`)}`;
}

function stepTable(caption: string, steps: MoveStep[]): SafeHtml {
  if (steps.length === 0) return html`<p>${caption}: none.</p>`;
  return html`<table><caption>${caption}</caption><thead><tr><th scope="col">Application</th><th scope="col">Step</th><th scope="col">Status</th></tr></thead><tbody>${stepRows(steps)}</tbody></table>`;
}

function accountTable(caption: string, accounts: KeptAccount[]): SafeHtml {
  if (accounts.length === 0) return html`<p>${caption}: none.</p>`;
  return html`<table><caption>${caption}</caption><thead><tr><th scope="col">Application</th><th scope="col">Account</th><th scope="col">State</th><th scope="col">Admin</th></tr></thead>
<tbody>${accounts.map((account) => html`<tr><td>${account.integrationName}</td><td>${account.email}</td><td>${account.state}</td><td>${account.admin ? 'admin' : ''}</td></tr>`)}</tbody></table>`;
}

export interface PersonProfilesPage {
  person: { id: string; name: string; email: string };
  current: Profile[];
  profiles: Profile[];
  admin: boolean;
  csrf: string;
  /** The difference of the chosen profiles, once asked for. */
  plan?: MovePlan;
  /** The move removes drift too (accounts in applications no profile gives). */
  removeDrift: boolean;
  idempotencyKey: string;
  /** The profiles ticked (of a refused preview or move); else those of the plan, else the person's. */
  chosen?: string[];
  refused?: Refusal;
}

export function personProfilesView(page: PersonProfilesPage): SafeHtml {
  const chosen = new Set(page.chosen ?? (page.plan ? page.plan.to : page.current).map((profile) => profile.id));
  const archived = new Set(page.profiles.filter((profile) => profile.archived).map((profile) => profile.id));
  const names = (profiles: { id: string; name: string }[]) =>
    profiles.length === 0 ? 'none' : profiles.map((profile) => `${profile.name}${archived.has(profile.id) ? ' (archived)' : ''}`).join(', ');
  return html`<p><a href="${consoleUrl(['people', page.person.id])}">${page.person.name}</a> (${page.person.email}) has the profiles: <strong>${names(page.current)}</strong>.</p>
${refusalBox(page.refused, 'move', { href: consoleUrl(['people', page.person.id, 'profiles']), label: 'Back to the person’s profiles' })}
<h2>Change the profiles</h2>
<form method="get" action="${consoleUrl(['people', page.person.id, 'profiles'])}">
<input type="hidden" name="preview" value="1">
<fieldset><legend>Profiles</legend>${page.profiles
    .filter((profile) => !profile.archived || chosen.has(profile.id))
    .map(
      (profile) =>
        html`<div><label><input type="checkbox" name="profile" value="${profile.id}"${chosen.has(profile.id) ? html` checked` : ''}> ${profile.name}${profile.archived ? ' (archived)' : ''}</label></div>`,
    )}</fieldset>
<div><label><input type="checkbox" name="removeDrift" value="1"${page.removeDrift ? html` checked` : ''}> Also remove drift (accounts in applications none of the profiles gives)</label></div>
<div class="actions"><button type="submit">Show the difference</button></div>
</form>
${
  page.plan
    ? html`<h2>The difference</h2>
<p>From <strong>${names(page.plan.from)}</strong> to <strong>${names(page.plan.to)}</strong>.</p>
${stepTable('Accounts to create or activate', page.plan.create)}
${page.plan.change.length === 0 ? '' : stepTable('Admin flags to change by hand', page.plan.change)}
${stepTable('Accounts to remove or deactivate', page.plan.remove)}
${accountTable('Accounts kept', page.plan.keep)}
${accountTable(page.removeDrift ? 'Drift' : 'Drift (accounts no profile gives, left alone)', page.plan.drift)}
${
  page.admin
    ? html`<form method="post" action="${consoleUrl(['people', page.person.id, 'profiles'])}">
${csrfField(page.csrf)}
<input type="hidden" name="idempotencyKey" value="${page.idempotencyKey}">
${page.plan.to.map((profile) => html`<input type="hidden" name="profileId" value="${profile.id}">`)}
${page.removeDrift ? html`<input type="hidden" name="removeDrift" value="1">` : ''}
<div class="actions"><button type="submit">Confirm the move</button><a href="${consoleUrl(['people', page.person.id, 'profiles'])}">Cancel</a></div>
</form>`
    : html`<p>You may only read: an admin confirms a move.</p>`
}`
    : ''
}`;
}

export function driftView(input: { drift: DriftEntry[] }): SafeHtml {
  if (input.drift.length === 0) return html`<p>No drift: every present account of a person who holds a profile is in an application of their profiles.</p>`;
  return html`<p>The present accounts of people who hold at least one profile, in applications none of their profiles give (people without a profile are not listed). Review them, or remove them from the person’s page.</p>
<table><caption>Drift</caption><thead><tr><th scope="col">Person</th><th scope="col">Application</th><th scope="col">Account</th><th scope="col">State</th></tr></thead>
<tbody>${input.drift.map(
    (entry) =>
      html`<tr><td><a href="${consoleUrl(['people', entry.personId, 'profiles'])}">${entry.personName}</a> (${entry.personEmail})</td><td>${entry.integrationName}</td><td>${entry.email}</td><td>${entry.state}</td></tr>`,
  )}</tbody></table>`;
}
