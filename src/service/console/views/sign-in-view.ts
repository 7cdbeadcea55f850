/** The sign-in form: a tenant API token, never echoed back (also not after a failed attempt). */
import { html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

export function signInView(input: { csrf: string; failed?: boolean; signedOut?: boolean }): SafeHtml {
  return html`${input.failed && html`<div class="error" role="alert"><p>That token was not accepted: it is unknown, revoked or mistyped.</p><p>Paste a tenant API token (it starts with lcs_); an operator creates one with <code>connector service token create</code>.</p></div>`}
${input.signedOut && html`<p class="notice" role="status">You are signed out.</p>`}
<form method="post" action="/console/sign-in">
  ${csrfField(input.csrf)}
  <p><label for="token">API token</label>
  <input type="password" id="token" name="token" required autocomplete="off" spellcheck="false" aria-describedby="token-help">
  <span id="token-help" class="muted">An admin token configures and starts syncs; a viewer token only reads. The token is not stored in your browser.</span></p>
  <p><button type="submit">Sign in</button></p>
</form>`;
}
