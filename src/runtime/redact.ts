/**
 * Redaction: one Redactor per connection. Every secret input value, and every token obtained at
 * run time, is replaced by `***` in text that leaves the runtime (errors, log lines, test output,
 * API answers, the audit log, the console). This is the one redaction module: the auth layer's
 * helpers (auth/redact-secrets.ts) are built on it, so every path masks the same spellings.
 *
 * A secret is matched in every encoding it travels in (`secretSpellings`): URL- and form-encoded,
 * JSON-escaped, hex, and base64 (standard and URL-safe) — also inside a longer base64 text such as
 * `Basic base64(user:pass)` or a target echoing a whole header encoded, at each of the three byte
 * alignments it can sit at — and in any letter case. Redaction is for text, never for data:
 * imported accounts and rendered payloads are not rewritten (a password `acme` must not turn the
 * account `acme-1` into `***-1`), and values shorter than MIN_SECRET_LENGTH are not matched at all
 * (a one-letter token would mangle every message). Credentials in headers and credential-named
 * query parameters are masked by name, whatever their length.
 */

const MASK = '***';
/** Shorter secret values are not searched for in text: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 6;
/** Query parameter names whose values are credentials even when nobody registered them. */
const SECRET_PARAM = /(^|[_-])(api[_-]?key|apikey|key|token|access[_-]?token|secret|client[_-]?secret|password|signature|sig|auth)$/iu;

/** How a secret is spelled inside a URL: percent-encoded, and form-encoded (a query parameter), where either differs from the raw value. */
export function urlEncodedSpellings(secret: string): string[] {
  const percentEncoded = encodeURIComponent(secret);
  const formEncoded = new URLSearchParams([['', secret]]).toString().slice(1);
  return [...new Set([percentEncoded, formEncoded])].filter((spelling) => spelling !== secret);
}

/**
 * The base64 characters that depend on the secret's bytes alone when it sits `offset` bytes (0, 1
 * or 2) past a 3-byte boundary of a longer encoded text: character i covers bits 6i..6i+5, so the
 * ones wholly inside the secret's bits are the same whatever precedes and follows it.
 */
function base64Fragment(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
    .toString('base64')
    .replace(/=+$/u, '');
  const first = Math.ceil((offset * 8) / 6);
  const end = Math.floor(((offset + bytes.length) * 8) / 6);
  return encoded.slice(first, end);
}

/**
 * Every spelling of `secret` text may carry: raw, percent- and form-encoded, JSON-escaped (with
 * and without `\/`), hex, base64 whole (standard and URL-safe, with padding) and its fragments at
 * the three alignments inside a longer base64 text, each of those percent-encoded too.
 */
export function secretSpellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const json = JSON.stringify(secret).slice(1, -1);
  const base64 = [bytes.toString('base64'), ...[0, 1, 2].map((offset) => base64Fragment(bytes, offset))];
  const base64Both = base64.flatMap((form) => [form, form.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/u, '')]);
  const spellings = [
    secret,
    ...urlEncodedSpellings(secret),
    json,
    json.replaceAll('/', '\\/'),
    bytes.toString('hex'),
    ...base64Both,
    ...base64Both.flatMap(urlEncodedSpellings),
  ];
  return [...new Set(spellings)].filter((spelling) => spelling !== '');
}

export class Redactor {
  private readonly secrets = new Set<string>();
  /** The values registered already: a provider adds the same credential to every request, and its spellings are computed once. */
  private readonly registered = new Set<string>();
  /** Every form, longest first (so `Bearer abc` is masked whole before `abc`), case-insensitive. */
  private pattern: RegExp | undefined;

  /** Registers a secret value in every spelling of `secretSpellings`. Short values are ignored. */
  registerSecret(value: string | undefined): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || this.registered.has(value)) return;
    this.registered.add(value);
    const forms = secretSpellings(value);
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
      parsed.search = entries.map(([name, value]) => `${encodeURIComponent(name)}=${SECRET_PARAM.test(name) ? MASK : encodeURIComponent(value)}`).join('&');
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
