/** One workflow: its person, status and each task (application, action, status, why), with Retry on a failed task for admins. */
import type { Workflow, WorkflowTask } from '../../workflows/workflow-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf } from './format.js';

export interface WorkflowPage {
  workflow: Workflow;
  personName: string;
  admin: boolean;
  csrf: string;
  notice?: string;
}

function why(task: WorkflowTask): string {
  if (task.error) return `${task.error.code}: ${task.error.message}`;
  return task.reason ?? '';
}

/** A secret the action generated for the person (a one-time password): admins take it once; viewers see that it waits. */
function waitingSecret(page: WorkflowPage, task: WorkflowTask): SafeHtml | string {
  if (!task.secretsWaiting?.length) return '';
  const names = task.secretsWaiting.join(', ');
  if (!page.admin) return html` <span class="muted">A generated ${names} waits for an admin to hand it over.</span>`;
  return html`<form method="post" action="${consoleUrl(['workflows', page.workflow.id, 'tasks', task.id, 'secrets', 'take'])}">${csrfField(page.csrf)}<button type="submit" class="secondary" aria-label="Take the generated ${names} of ${task.integrationName}">Take the generated ${names}</button> <span class="muted">Shown once, for handing to the person.</span></form>`;
}

/** The page that shows a task's generated secrets, once (never cached). */
export function secretHandoverView(input: { workflow: Workflow; task: WorkflowTask; personName: string; secrets: Record<string, string> }): SafeHtml {
  return html`<p class="notice" role="status">This is shown once: it is deleted from the service now. Hand it to ${input.personName} over a channel you trust; ${input.task.integrationName} asks for a new password at the first sign-in.</p>
<dl class="facts">${Object.entries(input.secrets).map(([name, value]) => html`<dt>${name}</dt><dd><code>${value}</code></dd>`)}</dl>
<p><a href="${consoleUrl(['workflows', input.workflow.id])}">Back to the workflow</a></p>`;
}

function retry(page: WorkflowPage, task: WorkflowTask): SafeHtml | string {
  if (task.status !== 'failed' || !page.admin) return '';
  return html`<form method="post" action="${consoleUrl(['workflows', page.workflow.id, 'tasks', task.id, 'retry'])}">${csrfField(page.csrf)}<button type="submit" class="secondary" aria-label="Retry ${task.action} in ${task.integrationName}">Retry</button></form>`;
}

export function workflowDetailView(page: WorkflowPage): SafeHtml {
  const { workflow } = page;
  return html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}
<dl class="facts"><dt>Kind</dt><dd>${workflow.kind}</dd><dt>Person</dt><dd>${page.personName}</dd><dt>Status</dt><dd>${workflow.status}</dd>
<dt>Started by</dt><dd>${workflow.createdBy}</dd><dt>Created</dt><dd>${timeOf(workflow.createdAt)}</dd><dt>Finished</dt><dd>${timeOf(workflow.finishedAt)}</dd></dl>
${page.admin && (workflow.status === 'running' || workflow.status === 'needs_attention') && html`<form method="post" action="${consoleUrl(['workflows', workflow.id, 'cancel'])}">${csrfField(page.csrf)}<button type="submit" class="secondary">Cancel this workflow</button> <span class="muted">Tasks not started yet are skipped.</span></form>`}
<h2>Tasks</h2>
${
  workflow.tasks.length === 0
    ? html`<p>This workflow has no tasks.</p>`
    : html`<table><caption>Tasks in order</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Action</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th><th scope="col">Due</th><th scope="col">Reason or error</th><th scope="col">Retry</th></tr></thead>
<tbody>${workflow.tasks.map(
        (task) =>
          html`<tr><td>${task.integrationName}</td><td>${task.action}</td><td>${task.status}</td><td class="num">${task.attempts}</td><td>${task.runAt ? timeOf(task.runAt) : ''}</td><td>${why(task)}${waitingSecret(page, task)}</td><td>${retry(page, task)}</td></tr>`,
      )}</tbody></table>`
}
<p><a href="/console/workflows">All workflows</a></p>`;
}
