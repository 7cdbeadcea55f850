/** Resolves on the first SIGINT or SIGTERM (tests send SIGTERM); `cancel` removes the handlers. */
export function untilSignal(): { signal: Promise<string>; cancel(): void } {
  let stop: (signal: string) => void = () => undefined;
  const cancel = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
  const signal = new Promise<string>((resolve) => {
    stop = (name: string) => {
      cancel();
      resolve(name);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { signal, cancel };
}
