/**
 * The progress line of a long import: pages, accounts, rate and retries, redrawn in place on stderr.
 *
 * Only when stderr is a TTY: redirected to a file or a CI log, a line rewritten with carriage
 * returns is noise. It never touches stdout, so `--json` and `--ndjson` stay parseable.
 */
import type { RuntimeEvent } from '../index.js';

export interface ProgressStats {
  pages: number;
  accounts: number;
  retries: number;
}

export interface Progress {
  /** Adds to the counters and redraws (at most every `intervalMs`). */
  add(delta: Partial<ProgressStats>): void;
  /** Counts what the runtime reports as structured events: each retry (pages come from the import loop). */
  observe(event: RuntimeEvent | undefined): void;
  /** Erases the line; call before printing anything else to stderr, and at the end. */
  clear(): void;
  readonly stats: ProgressStats;
}

const ERASE_LINE = '\r\u001b[2K';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The text of the progress line; `elapsedMs` gives the rate. */
export function formatProgressLine({ label, stats, elapsedMs }: { label: string; stats: ProgressStats; elapsedMs: number }): string {
  const parts = [plural(stats.pages, 'page'), plural(stats.accounts, 'account')];
  if (elapsedMs > 0) parts.push(`${Math.round((stats.accounts * 1000) / elapsedMs)} accounts/s`);
  if (stats.retries > 0) parts.push(plural(stats.retries, 'retry').replace('retrys', 'retries'));
  return `${label}: ${parts.join(', ')}`;
}

export function createProgress({
  stream,
  label,
  now = Date.now,
  intervalMs = 100,
}: {
  stream: { write(text: string): unknown; isTTY?: boolean };
  label: string;
  now?: () => number;
  intervalMs?: number;
}): Progress {
  const stats: ProgressStats = { pages: 0, accounts: 0, retries: 0 };
  const enabled = stream.isTTY === true;
  const started = now();
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let shown = false;
  const progress: Progress = {
    stats,
    observe(event) {
      if (event?.type === 'retry') progress.add({ retries: 1 });
    },
    add(delta) {
      stats.pages += delta.pages ?? 0;
      stats.accounts += delta.accounts ?? 0;
      stats.retries += delta.retries ?? 0;
      if (!enabled) return;
      const time = now();
      // A retry is news worth showing at once; pages arrive too fast to redraw for each.
      if (time - lastDrawn < intervalMs && (delta.retries ?? 0) === 0) return;
      lastDrawn = time;
      shown = true;
      stream.write(`${ERASE_LINE}${formatProgressLine({ label, stats, elapsedMs: time - started })}`);
    },
    clear() {
      if (!shown) return;
      shown = false;
      stream.write(ERASE_LINE);
    },
  };
  return progress;
}
