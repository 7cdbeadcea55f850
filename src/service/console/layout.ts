/**
 * The page shell: language, title, a skip link, the navigation of a signed-in operator with the
 * sign-out form, and one `main` with the page's `h1`. Every page goes through it.
 */
import type { Caller } from '../tokens/api-tokens.js';
import { html, type SafeHtml } from './html.js';

export type Section = 'integrations' | 'people' | 'access-grid' | 'workflows' | 'audit' | 'tokens' | 'reviews' | 'profiles';

/** `adminOnly`: shown to admins only (the page refuses viewers anyway). */
const SECTIONS: readonly { id: Section; label: string; href: string; adminOnly?: boolean }[] = [
  { id: 'integrations', label: 'Integrations', href: '/console/integrations' },
  { id: 'people', label: 'People', href: '/console/people' },
  { id: 'access-grid', label: 'Access Grid', href: '/console/access-grid' },
  { id: 'profiles', label: 'Profiles', href: '/console/profiles' },
  { id: 'workflows', label: 'Workflows', href: '/console/workflows' },
  { id: 'reviews', label: 'Reviews', href: '/console/reviews' },
  { id: 'audit', label: 'Audit log', href: '/console/audit' },
  { id: 'tokens', label: 'API tokens', href: '/console/tokens', adminOnly: true },
];

export interface PageInput {
  title: string;
  body: SafeHtml;
  /** The signed-in operator (navigation and sign-out); none on the sign-in and error pages before sign-in. */
  caller?: Caller;
  csrf?: string;
  section?: Section;
}

/** The hidden CSRF field every POST form carries. */
export const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

function header(input: PageInput): SafeHtml {
  if (!input.caller || input.csrf === undefined) return html`<header><a class="brand" href="/console">Operator console</a></header>`;
  return html`<header>
  <a class="brand" href="/console">Operator console</a>
  <nav aria-label="Main"><ul>${SECTIONS.filter((section) => !section.adminOnly || input.caller?.role === 'admin').map((section) => html`<li><a href="${section.href}"${section.id === input.section ? html` aria-current="page"` : ''}>${section.label}</a></li>`)}</ul></nav>
  <div class="who"><span>${input.caller.name} (${input.caller.role})</span>
    <form class="inline" method="post" action="/console/sign-out">${csrfField(input.csrf)}<button type="submit">Sign out</button></form></div>
</header>`;
}

export function renderPage(input: PageInput): string {
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title} · Operator console</title>
<link rel="stylesheet" href="/console/assets/console.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(input)}
<main id="main">
<h1>${input.title}</h1>
${input.body}
</main>
</body>
</html>
`}`;
}
