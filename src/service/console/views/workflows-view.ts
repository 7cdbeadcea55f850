/** The workflows list, newest first: kind, person, status and how far its tasks are. */
import { workflowSubject, type Workflow, type WorkflowStatus } from '../../workflows/workflow-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { timeOf } from './format.js';

function taskSummary(workflow: Workflow): string {
  const counts = new Map<string, number>();
  for (const task of workflow.tasks) counts.set(task.status, (counts.get(task.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
}

export function workflowsView(input: {
  workflows: Workflow[];
  people: Map<string, string>;
  next?: string;
  status?: WorkflowStatus;
  statuses: readonly WorkflowStatus[];
}): SafeHtml {
  const filter = html`<form class="row" method="get" action="/console/workflows" aria-label="Filter workflows">
  <div><label for="status">Status</label><select id="status" name="status"><option value="">any</option>${input.statuses.map((status) => html`<option value="${status}"${status === input.status ? html` selected` : ''}>${status}</option>`)}</select></div>
  <div><button type="submit" class="secondary">Filter</button></div>
</form>`;
  if (input.workflows.length === 0) return html`${filter}<p>${input.status ? 'No workflow has this status.' : 'No workflows yet.'}</p>`;
  return html`${filter}<table><caption>Workflows, newest first</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Kind</th><th scope="col">Person</th><th scope="col">Status</th><th scope="col">Tasks</th><th scope="col">Applications</th><th scope="col">Started by</th></tr></thead>
<tbody>${input.workflows.map(
    (
      workflow,
    ) => html`<tr><td><a href="${consoleUrl(['workflows', workflow.id])}">${timeOf(workflow.createdAt)}</a></td><td>${workflow.kind}</td><td>${workflowSubject(workflow, workflow.personId === null ? undefined : input.people.get(workflow.personId))}</td><td>${workflow.status}</td>
<td>${taskSummary(workflow)}</td><td>${[...new Set(workflow.tasks.map((task) => task.integrationName))].join(', ')}</td><td>${workflow.createdBy}</td></tr>`,
  )}</tbody></table>
${input.next && html`<nav class="pager" aria-label="Pages of workflows"><a href="${consoleUrl(['workflows'], { status: input.status, cursor: input.next })}">Next page</a></nav>`}`;
}
