/** An integration's workflow settings on its setup page: deactivate instead of delete when offboarding, and how many of its tasks run at once. */
import { INPUT_RULES, rangeText } from '../../input-rules.js';
import type { WorkflowSettings } from '../../workflows/workflow-operations.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

export function workflowSettingsView(input: { integrationId: string; settings: WorkflowSettings; csrf: string }): SafeHtml {
  const { settings } = input;
  return html`<form method="post" action="${consoleUrl(['integrations', input.integrationId, 'workflow-settings'])}">
${csrfField(input.csrf)}
<p><label class="check"><input type="checkbox" name="keepAccounts" value="true"${settings.keepAccounts ? html` checked` : ''}> Keep accounts: offboarding deactivates them instead of deleting</label></p>
<p><label for="max-concurrency">Tasks of this application at once (optional)</label><input type="text" inputmode="numeric" id="max-concurrency" name="maxConcurrency" value="${settings.maxConcurrency ?? ''}" aria-describedby="max-concurrency-help"><br><span class="muted" id="max-concurrency-help">${rangeText(INPUT_RULES.workflowConcurrency)}; empty uses the connector's own limit, else 10.</span></p>
<p><button type="submit" class="secondary">Save workflow settings</button></p>
</form>`;
}
