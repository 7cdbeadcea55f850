/**
 * What the runtime reports to `options.logger` besides the text line: a small structured event,
 * so a host counts retries or pages without matching the wording of log lines. Events hold
 * counts and codes, never a URL or a header, so they carry nothing to redact but `reason`.
 */
export type RuntimeEvent =
  | {
      type: 'retry';
      action: string;
      /** The attempt about to be made (2 for the first retry). */
      attempt: number;
      maxAttempts: number;
      delayMs: number;
      /** `status 503`, or the transport's code (`ECONNRESET`, `TIMEOUT`, ...). */
      reason: string;
    }
  | {
      type: 'page';
      action: 'importUsers';
      /** 1-based page number. */
      page: number;
      /** Records the page held; `accounts` of them had a usable id. */
      records: number;
      accounts: number;
    }
  | {
      type: 'warning';
      action: 'importUsers';
      /** What to check (already redacted); also in the import's summary(). */
      message: string;
    };

/** `(line, event)`: every line is redacted; `event` is present for retries, import pages and import warnings. */
export type RuntimeLogger = (line: string, event?: RuntimeEvent) => void;

/** The one free-text field, redacted like the line (a transport code could echo a value). */
export function redactEvent(event: RuntimeEvent, redactor: { redact(text: string): string }): RuntimeEvent {
  if (event.type === 'retry') return { ...event, reason: redactor.redact(event.reason) };
  if (event.type === 'warning') return { ...event, message: redactor.redact(event.message) };
  return event;
}
