/**
 * A bounded barrier for a fake target's handler: each request that arrives waits until `size` are
 * in flight at once, then all go on together. The wait is bounded (`boundMs`, 5 s by default), so a
 * client that sends one request at a time shows in the case's peak instead of hanging the case;
 * however slowly a loaded machine opens the sockets, the requests a client sends together meet.
 *
 * The handler keeps its own count and passes the number in flight, its own request included:
 * `await crowd(inFlight)`.
 */
export function crowdOf(size: number, boundMs = 5_000): (inFlight: number) => Promise<void> {
  let gather!: () => void;
  const together = new Promise<void>((resolve) => (gather = resolve));
  return async (inFlight) => {
    if (inFlight >= size) gather();
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)));
    await Promise.race([together, bound]);
    clearTimeout(timer);
  };
}
