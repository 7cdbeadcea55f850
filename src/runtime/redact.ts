/**
 * Redaction: one Redactor per connection. Every secret input value, and every token obtained at
 * run time, is replaced by `***` in text that leaves the runtime (errors, log lines, test output).
 * Secrets are also matched in the encoded forms they take in URLs, form bodies and JSON, and in
 * any letter case. Redaction is for text, never for data: imported accounts and rendered payloads
 * are not rewritten (a password `acme` must not turn the account `acme-1` into `***-1`), and
 * values shorter than MIN_SECRET_LENGTH are not matched at all (a one-letter token would mangle
 * every message). Credentials in headers and credential-named query parameters are masked by
 * name, whatever their length.
 */

const MASK = '***';
/** Shorter secret values are not searched for in text: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 6;
/** Query parameter names whose values are credentials even when nobody registered them. */
const SECRET_PARAM = /(^|[_-])(api[_-]?key|apikey|key|token|access[_-]?token|secret|client[_-]?secret|password|signature|sig|auth)$/iu;

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Every form, longest first (so `Bearer abc` is masked whole before `abc`), case-insensitive. */
  private pattern: RegExp | undefined;

  /** Registers a secret value (and its URL-, form- and JSON-encoded forms). Short values are ignored. */
  registerSecret(value: string | undefined): void {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) return;
    const forms = [
      value,
      encodeURIComponent(value),
      new URLSearchParams({ v: value }).toString().slice(2),
      JSON.stringify(value).slice(1, -1),
    ];
    let changed = false;
    for (const form of forms) {
      if (form === '' || this.secrets.has(form)) continue;
      this.secrets.add(form);
      changed = true;
    }
    if (!changed) return;
    const ordered = [...this.secrets].sort((a, b) => b.length - a.length);
    this.pattern = new RegExp(ordered.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|'), 'giu');
  }

  /** The text with every registered secret replaced by `***`, in any letter case. */
  redact(text: string): string {
    return this.pattern === undefined ? text : text.replace(this.pattern, MASK);
  }

  /**
   * A target's body for an error excerpt: a JSON body is decoded first, so a secret the target
   * echoed with JSON escapes (`\/`, `\u0061`) is found, then encoded again.
   */
  redactBody(text: string): string {
    if (this.pattern === undefined) return text;
    const trimmed = text.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"')) {
      try {
        return JSON.stringify(this.redactValue(JSON.parse(text) as unknown));
      } catch {
        // Not JSON after all (or cut short): plain text matching below.
      }
    }
    return this.redact(text);
  }

  /** A URL for printing: registered secrets masked, and values of credential-like query parameters too. */
  redactUrl(url: URL | string): string {
    let parsed: URL;
    try {
      parsed = new URL(String(url));
    } catch {
      return this.redact(String(url));
    }
    if (parsed.username !== '' || parsed.password !== '') {
      parsed.username = parsed.username === '' ? '' : MASK;
      parsed.password = parsed.password === '' ? '' : MASK;
    }
    const entries = [...parsed.searchParams.entries()];
    if (entries.some(([name]) => SECRET_PARAM.test(name))) {
      parsed.search = entries
        .map(([name, value]) => `${encodeURIComponent(name)}=${SECRET_PARAM.test(name) ? MASK : encodeURIComponent(value)}`)
        .join('&');
    }
    return this.redact(parsed.toString()).replaceAll('%2A%2A%2A', MASK);
  }

  /** Deep copy of a JSON-like value with every string redacted (keys too). */
  redactValue<T>(value: T): T {
    return redactDeep(value, this) as T;
  }

  /** Header map (names lower-cased) with credentials masked. */
  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      result[name.toLowerCase()] = /^(authorization|proxy-authorization|cookie|set-cookie)$/iu.test(name) ? MASK : this.redact(value);
    }
    return result;
  }
}

function redactDeep(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return redactor.redact(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redactor));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, redactor.redact(key), {
        value: redactDeep(item, redactor),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}
