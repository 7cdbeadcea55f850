/**
 * `npm run demo -- --serve`: keeps the incident platform simulator running on 127.0.0.1 so an
 * operator can try the `connector` commands against it, and prints what to type. The keys are the
 * simulator's fixed demo keys, not secrets, so printing them is the point.
 */
import {
  DEMO_FULL_ACCESS_KEY,
  DEMO_READ_ONLY_KEY,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../simulators/incident-platform/index.js';

export const DEMO_USERS = 36;

/** The lines to print: where the simulator listens, the keys and the commands to try. */
export function describeServedDemo(origin: string): string[] {
  const env = `CONNECTOR_INPUT_TOKEN=${DEMO_FULL_ACCESS_KEY}`;
  const target = `--base-url ${origin}`;
  return [
    `Incident platform simulator (PagerDuty REST API v2) on ${origin} with ${DEMO_USERS} users`,
    `Base URL:        ${origin}`,
    `Demo token:      ${DEMO_FULL_ACCESS_KEY} (full access), ${DEMO_READ_ONLY_KEY} (read-only)`,
    '',
    'Try, in another terminal:',
    `  ${env} npm run connector -- test incident-platform importUsers ${target}`,
    `  ${env} npm run connector -- preview incident-platform ${target}`,
    `  ${env} npm run connector -- run incident-platform importUsers ${target}`,
    `  ${env} npm run --silent connector -- run incident-platform importUsers ${target} --json > accounts.json`,
    `  ${env} npm run connector -- run incident-platform createUser --person ann.json ${target} --dry-run`,
    '',
    'Serving until Ctrl-C.',
  ];
}

/**
 * Starts the simulator, prints the banner, and resolves once a stop signal has closed it.
 * `signals` is injectable so a test can stop it without a real signal.
 */
export async function serveDemo({
  write,
  signals = process,
}: {
  write: (line: string) => void;
  signals?: Pick<NodeJS.Process, 'once' | 'off'>;
}): Promise<void> {
  const simulator: IncidentPlatformSimulator = await startIncidentPlatform({ users: seedUsers({ count: DEMO_USERS }) });
  for (const line of describeServedDemo(simulator.server.origin)) write(line);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (received: NodeJS.Signals): void => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      resolve(received);
    };
    signals.once('SIGINT', stop);
    signals.once('SIGTERM', stop);
  });
  // Open keep-alive connections are destroyed, so the process ends at once.
  await simulator.close();
  write(`${signal}: simulator stopped`);
}
