/**
 * A bounded poll: reads until `done` holds, at most `timeoutMs` (default 45 s, inside the 60 s test
 * timeout so that the failure names what was awaited and its last value), never a bare sleep.
 */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 45_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= deadline) throw new Error(`${what}: not there after ${timeoutMs} ms; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
