/** An integration's workflow settings on its setup page: deactivate instead of delete when offboarding, and how many of its tasks run at once. */
import { INPUT_RULES, rangeText } from '../../input-rules.js';
import type { WorkflowSettings } from '../../workflows/workflow-operations.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

/**
 * Keep accounts is offered only where Deactivate User is enabled (`canDeactivate`): offboarding
 * deactivates with it; without it the box would only turn every offboarding into a manual task.
 */
export function workflowSettingsView(input: { integrationId: string; settings: WorkflowSettings; canDeactivate: boolean; csrf: string }): SafeHtml {
  const { settings } = input;
  const keep =
    input.canDeactivate || settings.keepAccounts
      ? html`<p><label class="check"><input type="checkbox" name="keepAccounts" value="true"${settings.keepAccounts ? html` checked` : ''}> Keep accounts: offboarding deactivates them instead of deleting</label></p>`
      : html`<p class="muted">Keep accounts (deactivate instead of delete) needs the Deactivate User action enabled; offboarding deletes the accounts here.</p>`;
  return html`<form method="post" action="${consoleUrl(['integrations', input.integrationId, 'workflow-settings'])}">
${csrfField(input.csrf)}
${keep}
<p><label for="max-concurrency">Tasks of this application at once (optional)</label><input type="text" inputmode="numeric" id="max-concurrency" name="maxConcurrency" value="${settings.maxConcurrency ?? ''}" aria-describedby="max-concurrency-help"><br><span class="muted" id="max-concurrency-help">${rangeText(INPUT_RULES.workflowConcurrency)}; empty uses the connector's own limit, else 10.</span></p>
<p><button type="submit" class="secondary">Save workflow settings</button></p>
</form>`;
}
