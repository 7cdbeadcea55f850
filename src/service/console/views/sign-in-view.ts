/**
 * The sign-in page: a tenant API token, or an operator's username and password. Neither secret is
 * ever echoed back (also not after a failed attempt); a failed password sign-in says the same
 * whether the username exists or not.
 */
import { html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

export type SignInMethod = 'token' | 'password';

export function signInView(input: { csrf: string; failed?: SignInMethod; username?: string; signedOut?: boolean; retryAfterSeconds?: number }): SafeHtml {
  if (input.retryAfterSeconds !== undefined)
    return html`${throttledNotice(input.retryAfterSeconds)}
${forms(input)}`;
  return html`${input.failed === 'token' && html`<div class="error" role="alert"><p>That token was not accepted: it is unknown, revoked or mistyped.</p><p>Paste a tenant API token (it starts with lcs_); an operator creates one with <code>connector service token create</code>.</p></div>`}
${input.failed === 'password' && html`<div class="error" role="alert"><p>That username and password were not accepted.</p><p>Check both and try again; an operator creates accounts with <code>connector service operator create</code>.</p></div>`}
${input.signedOut && html`<p class="notice" role="status">You are signed out.</p>`}
${forms(input)}`;
}

/** Said alike for every username, known or not: the throttle counts both. */
function throttledNotice(seconds: number): SafeHtml {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return html`<div class="error" role="alert"><p>Too many sign-in attempts: this one was not checked.</p><p>Wait ${String(minutes)} minute${minutes === 1 ? '' : 's'} and try again; an operator can also create a new account or token with <code>connector service</code>.</p></div>`;
}

function forms(input: { csrf: string; username?: string }): SafeHtml {
  return html`<section><h2 id="sign-in-token">With an API token</h2>
<form method="post" action="/console/sign-in">
  ${csrfField(input.csrf)}
  <input type="hidden" name="method" value="token">
  <p><label for="token">API token</label>
  <input type="password" id="token" name="token" required autocomplete="off" spellcheck="false" aria-describedby="token-help">
  <span id="token-help" class="muted">An admin token configures and starts syncs; a viewer token only reads. The token is not stored in your browser.</span></p>
  <p><button type="submit">Sign in with the token</button></p>
</form></section>
<section><h2 id="sign-in-password">With a username and password</h2>
<form method="post" action="/console/sign-in">
  ${csrfField(input.csrf)}
  <input type="hidden" name="method" value="password">
  <p><label for="username">Username</label>
  <input type="text" id="username" name="username" value="${input.username ?? ''}" required autocomplete="username" autocapitalize="none" spellcheck="false"></p>
  <p><label for="password">Password</label>
  <input type="password" id="password" name="password" required autocomplete="current-password" aria-describedby="password-help">
  <span id="password-help" class="muted">An account of your tenant, admin or viewer, created by an operator.</span></p>
  <p><button type="submit">Sign in with the password</button></p>
</form></section>`;
}
