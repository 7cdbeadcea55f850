/**
 * HTTP exchanges for people, in the manner of `curl -v`: `>` lines for the request, `<` lines for
 * the response, then the body (JSON pretty-printed). Used by `run --dry-run`, `test` and
 * `preview --payload` (every step of an action of several requests). The runtime has already redacted headers, URL and body, and put `***`
 * where the credentials go in a request it did not send.
 */
import { stringifyJson } from './format-json.js';
import { sanitizeLines, sanitizeText } from './format-table.js';

export interface ShownRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface ShownResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/** A body as text: JSON values pretty-printed, a string that holds JSON pretty-printed too. */
export function formatBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') {
    try {
      return `${stringifyJson(JSON.parse(body), 2)}\n`;
    } catch {
      // Not JSON: shown as text, with control characters neutralised line by line.
      return `${sanitizeLines(body)}\n`;
    }
  }
  return `${stringifyJson(body, 2)}\n`;
}

// Names in lower case (as HTTP/2 and undici send them): a rendered request and a sent one look alike.
function headerLines(prefix: string, headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => `${prefix} ${sanitizeText(name.toLowerCase())}: ${sanitizeText(value)}`);
}

/** The request line, headers and body of a request that was (or would be) sent. */
export function formatRenderedRequest(request: ShownRequest): string {
  const lines = [`> ${request.method} ${sanitizeText(request.url)}`, ...headerLines('>', request.headers)];
  const body = formatBody(request.body);
  return `${lines.join('\n')}\n${body === '' ? '' : `\n${body}`}`;
}

/**
 * An action's request for a dry run or a payload preview: an action of several requests shows
 * each step in order, under a heading, since a later step's condition and templates can depend on
 * the earlier answers that a dry run does not have.
 */
export function formatRenderedAction(request: ShownRequest & { steps?: ShownRequest[] }): string {
  const steps = request.steps ?? [];
  if (steps.length <= 1) return formatRenderedRequest(request);
  return steps
    .map((step, index) => {
      const note = index === 0 ? '' : ' (sent if its condition holds; rendered without the earlier answers)';
      return `# step ${index + 1} of ${steps.length}${note}\n${formatRenderedRequest(step)}`;
    })
    .join('\n');
}

/** The status line, headers and body of a response. */
export function formatResponse(response: ShownResponse): string {
  const lines = [`< ${response.status}`, ...headerLines('<', response.headers)];
  const body = formatBody(response.body);
  return `${lines.join('\n')}\n${body === '' ? '' : `\n${body}`}`;
}
