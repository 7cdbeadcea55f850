/**
 * Redaction: one Redactor per connection. Every secret input value, and every token obtained at
 * run time, is replaced by `***` in any string that leaves the runtime (errors, log lines, test
 * output). Secrets are also matched in the encoded forms they take in URLs, form bodies and JSON.
 */

const MASK = '***';
/** Query parameter names whose values are credentials even when nobody registered them. */
const SECRET_PARAM = /(^|[_-])(api[_-]?key|apikey|key|token|access[_-]?token|secret|client[_-]?secret|password|signature|sig|auth)$/iu;

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Longest first, so `Bearer abc` is masked whole before `abc` alone. */
  private ordered: string[] = [];

  /** Registers a secret value (and its URL-, form- and JSON-encoded forms). Empty values are ignored. */
  registerSecret(value: string | undefined): void {
    if (value === undefined || value === '') return;
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
    if (changed) this.ordered = [...this.secrets].sort((a, b) => b.length - a.length);
  }

  /** The text with every registered secret replaced by `***`. */
  redact(text: string): string {
    let result = text;
    for (const secret of this.ordered) {
      if (result.includes(secret)) result = result.split(secret).join(MASK);
    }
    return result;
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

  /** Redacts the fields of a record in place (cheap when nothing matches; used for every imported account). */
  redactRecord(record: Record<string, unknown>): void {
    if (this.ordered.length === 0) return;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string') record[key] = this.redact(value);
      else if (value !== null && typeof value === 'object') record[key] = this.redactValue(value);
    }
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
