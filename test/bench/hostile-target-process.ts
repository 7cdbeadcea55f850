/**
 * The isolation bench's hostile target in a process of its own, as a real target is: its answers
 * are built, encoded and written on another event loop, so the bench measures what the service
 * does with them, not the target's own work landing on the service's thread. Serves
 * `/<calm|huge|deep|wide>/users` on 127.0.0.1 (one calm user until `GET /arm`) and prints its port.
 * Run by isolation.bench.ts: `node --import tsx hostile-target-process.ts <users>`.
 */
import { createServer } from 'node:http';
import { hostileAnswer, type HostileKind } from '../hostile/hostile-harness.js';

const users = Number(process.argv[2] ?? 250_000);
const CALM: Buffer = Buffer.from(JSON.stringify({ users: [{ id: 'c1', email: 'calm@example.com', name: 'Calm' }] }));
const answers = new Map<string, Buffer>();
let armed = false;

const server = createServer((request, response) => {
  const [, kind, last] = (request.url ?? '/').split('?')[0]!.split('/');
  if (kind === 'arm') {
    armed = true;
    response.writeHead(204).end();
    return;
  }
  if (last !== 'users') {
    response.writeHead(404).end();
    return;
  }
  let body: Buffer = CALM;
  if (armed && (kind === 'huge' || kind === 'deep' || kind === 'wide')) {
    body = answers.get(kind) ?? Buffer.from(hostileAnswer(kind as HostileKind, users));
    answers.set(kind, body);
  }
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
