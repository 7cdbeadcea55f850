import { EXIT_OK, type CliIO } from '../../command.js';
import type { Service, ServiceOptions } from '../../../service/index.js';
import { reportServiceFailure } from './storage-flags.js';

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

/**
 * The life of a long-running service process (`start`, `worker`): open the service, `begin` its
 * work, wait for SIGINT or SIGTERM, run the stop `begin` returned, close. The signal handlers are
 * installed before the database opens, so a signal during start-up stops it once it is up.
 */
export async function runServiceUntilSignal(input: {
  options: ServiceOptions;
  io: CliIO;
  begin: (service: Service) => Promise<() => Promise<void>>;
}): Promise<number> {
  const { options, io } = input;
  const stopped = untilSignal();
  const { openService } = await import('../../../service/index.js');
  let service: Service;
  try {
    service = await openService(options);
  } catch (error) {
    stopped.cancel();
    return reportServiceFailure(error, io);
  }
  try {
    const stop = await input.begin(service);
    const signal = await stopped.signal;
    io.stderr.write(`${signal}: stopping\n`);
    await stop();
    return EXIT_OK;
  } catch (error) {
    return reportServiceFailure(error, io);
  } finally {
    stopped.cancel();
    await service.close();
  }
}
