/**
 * The operator console's speed on loopback: the integrations page with 200 integrations, served
 * over a real 127.0.0.1 socket, against the API's JSON list of the same integrations (baseline,
 * same run); and, where Debian's chromium is installed, the time a real browser takes to have the
 * page interactive (DOMContentLoaded and load), against loading the API's JSON in the same browser.
 * The goal: the first page interactive in under 1 s.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHttpApp } from '../../src/service/http/build-app.js';
import { openService } from '../../src/service/index.js';
import { consoleClient } from '../service/console/console-client.js';
import { median } from './median.js';

const INTEGRATIONS = 200;
const RUNS = 40;

async function time(work: () => Promise<unknown>, runs = RUNS): Promise<number> {
  for (let warm = 0; warm < 3; warm += 1) await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const dir = await mkdtemp(join(tmpdir(), 'bench-console-'));
const service = await openService({ dataDir: dir });
try {
  const tenant = await service.tenants.create({ name: 'bench', plan: 'standard', actor: 'bench' });
  const { token } = await service.tokens.create({ tenantId: tenant.id, role: 'viewer', actor: 'bench' });
  for (let index = 0; index < INTEGRATIONS; index += 1) {
    await service.integrations.create({ tenantId: tenant.id, type: 'scim', scimBaseUrl: `https://scim${index}.example.com/v2`, actor: 'bench' });
  }
  const { app } = await buildHttpApp({ service });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const signedIn = consoleClient(app);
  await signedIn.signIn(token);
  const cookie = signedIn.cookie!;

  const page = await time(async () => (await fetch(`${origin}/console/integrations`, { headers: { cookie } })).text());
  const api = await time(async () =>
    (await fetch(`${origin}/v1/integrations?limit=${INTEGRATIONS}`, { headers: { authorization: `Bearer ${token}` } })).text(),
  );
  console.log(`console integrations page, ${INTEGRATIONS} integrations, over HTTP (median of ${RUNS}):`);
  console.log(`  API JSON list (baseline)  ${api.toFixed(1).padStart(7)} ms`);
  console.log(`  console page (HTML)       ${page.toFixed(1).padStart(7)} ms  (${(page / api).toFixed(2)}x)`);

  if (existsSync('/usr/bin/chromium')) {
    const { launchChromium } = await import('../browser/launch-chromium.js');
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const url = new URL(origin);
      await context.addCookies([{ name: cookie.split('=')[0]!, value: cookie.slice(cookie.indexOf('=') + 1), domain: url.hostname, path: '/console' }]);
      const tab = await context.newPage();
      const load = async (target: string, until: 'domcontentloaded' | 'load') => {
        await tab.goto(target, { waitUntil: until });
      };
      const interactive = await time(() => load(`${origin}/console/integrations`, 'domcontentloaded'), 20);
      const loaded = await time(() => load(`${origin}/console/integrations`, 'load'), 20);
      const json = await time(() => load(`${origin}/openapi.json`, 'load'), 20);
      console.log(`in headless chromium (median of 20):`);
      console.log(`  /openapi.json loaded (baseline)      ${json.toFixed(1).padStart(7)} ms`);
      console.log(
        `  console page interactive (DOMContentLoaded) ${interactive.toFixed(1).padStart(7)} ms  (${(interactive / json).toFixed(2)}x); goal < 1000 ms: ${interactive < 1000 ? 'met' : 'NOT met'}`,
      );
      console.log(`  console page loaded (styles, script)         ${loaded.toFixed(1).padStart(7)} ms  (${(loaded / json).toFixed(2)}x)`);
    } finally {
      await browser.close();
    }
  } else {
    console.log('(no /usr/bin/chromium: the browser timing is skipped; apt-get install -y chromium to measure it)');
  }
  await app.close();
} finally {
  await service.close();
  await rm(dir, { recursive: true, force: true });
}
