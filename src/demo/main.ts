/**
 * `npm run demo`: the main job end to end, with nothing to configure. The service on an embedded
 * database syncs the simulated incident platform (PagerDuty REST API v2 users, on 127.0.0.1) into
 * its Accounts list and Access Grid (service-demo.ts).
 * `npm run demo -- --toolkit` runs the connector alone: imports the users, creates one, deletes one.
 * `npm run demo -- --serve` instead keeps the simulator running for the `connector` commands.
 */
import { connect } from '../index.js';
import { isConnectorError } from '../runtime/errors.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform } from '../simulators/incident-platform/index.js';
import { formatTable } from './format-table.js';
import { loadIncidentPlatformConnector } from './load-connector.js';
import { DEMO_USERS, serveDemo } from './serve.js';
import { ALLOW_LOOPBACK } from '../runtime/http/egress-policy.js';
import { runServiceDemo } from './service-demo.js';

const NEW_HIRE = { email: 'nia.park@example.com', name: 'Nia Park', firstName: 'Nia', lastName: 'Park', admin: false };

interface ShownAccount {
  id: string;
  email: string;
  name: string;
  [extra: string]: unknown;
}

const describe = (account: ShownAccount): string => `${account.id} ${account.name} <${account.email || 'no email'}>`;

async function runToolkitDemo(write: (line: string) => void): Promise<void> {
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: DEMO_USERS }) });
  const { connector, from } = await loadIncidentPlatformConnector();
  const client = connect(
    connector,
    { token: DEMO_FULL_ACCESS_KEY },
    { baseUrl: simulator.server.origin, egress: ALLOW_LOOPBACK, actor: { email: 'operator@example.com', name: 'Demo Operator' } },
  );
  try {
    write(`Incident platform simulator (PagerDuty REST API v2) on ${simulator.server.origin} with ${DEMO_USERS} users`);
    write(`Connector ${connector.spec.id} (${connector.spec.name}) from ${from}; token: demo key`);
    write('');

    let pages = 0;
    let withoutEmail = 0;
    const imported: ShownAccount[] = [];
    for await (const page of client.importUsers()) {
      pages += 1;
      imported.push(...page.accounts);
      withoutEmail += page.accounts.filter((account) => account.email === '').length;
    }
    write(`1. Import Users: ${imported.length} accounts in ${pages} page(s); ${withoutEmail} without an email address`);

    const created = await client.createUser(NEW_HIRE);
    const createdAccount = created.account as ShownAccount | undefined;
    write(`2. Create User: HTTP ${created.status}, created ${createdAccount === undefined ? NEW_HIRE.email : describe(createdAccount)}`);

    const leaver = imported.find((account) => account.role === 'user' && account.email !== '');
    if (leaver === undefined) throw new Error('the simulator has no plain user to delete');
    const deleted = await client.deleteUser(leaver);
    write(`3. Delete User: HTTP ${deleted.status}, deleted ${describe(leaver)}`);
    const again = await client.deleteUser(leaver);
    write(`   Delete again: ${again.alreadyAbsent === true ? 'already absent (offboarding is idempotent)' : `HTTP ${again.status}`}`);

    const accounts: ShownAccount[] = await client.importUsers().collect();
    write('');
    write(`Accounts now (${accounts.length}):`);
    write(
      formatTable(accounts, [
        { title: 'ID', value: (account) => account.id },
        { title: 'NAME', value: (account) => account.name },
        { title: 'EMAIL', value: (account) => account.email || '(none)' },
        { title: 'ROLE', value: (account) => String(account.role ?? '') },
        { title: 'ADMIN', value: (account) => (account.admin === true ? 'yes' : 'no') },
      ]),
    );
  } finally {
    await client.close();
    await simulator.close();
  }
}

const USAGE = [
  'Usage: npm run demo [-- --toolkit | --serve]',
  '  (no option)  the service on an embedded database: tenant, people, the incident platform integration, tested auth, Import Users (syncs at once), the Accounts list and the Access Grid',
  '  --toolkit    the connector alone against the simulator: import, create and delete users',
  '  --serve      keep the simulator running and print the commands to try; Ctrl-C stops it',
  '',
].join('\n');

const args = process.argv.slice(2);
const write = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
try {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) process.stdout.write(USAGE);
  else if (args.length === 1 && args[0] === '--serve') await serveDemo({ write });
  else if (args.length === 1 && args[0] === '--toolkit') await runToolkitDemo(write);
  else if (args.length === 0) await runServiceDemo(write);
  else {
    process.stderr.write(`demo: unknown argument "${args.find((arg) => arg !== '--serve' && arg !== '--toolkit') ?? args[0]}"\n${USAGE}`);
    process.exitCode = 2;
  }
} catch (error) {
  const message = isConnectorError(error) ? `${error.code}: ${error.message}${error.hint ? ` (${error.hint})` : ''}` : String(error);
  process.stderr.write(`demo failed: ${message}\n`);
  process.exitCode = 1;
}
