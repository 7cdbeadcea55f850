/**
 * docs/connector-authors/limits.md states the limits and egress ranges of the code: each default
 * below is read from its one place in src/ and must appear in the page as written there, so a
 * changed value fails here until the page says it too (issue 27: the docs list every limit and
 * every range the egress policy handles).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANSWER_LIMITS } from '../../src/jq/index.js';
import { DEFAULT_ISOLATION_LIMITS } from '../../src/jq/isolate/jq-isolate.js';
import { DEFAULT_LIMITS } from '../../src/jq/runtime.js';
import { NON_PUBLIC } from '../../src/runtime/http/egress-policy.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUTS } from '../../src/runtime/http/http-transport.js';

const page = readFileSync(new URL('../../docs/connector-authors/limits.md', import.meta.url), 'utf8');
const number = (value: number) => value.toLocaleString('en-US');
const size = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`);
const seconds = (ms: number) => `${ms / 1000} s`;

describe('limits.md states the code’s limits', () => {
  it.each<readonly [string, string]>([
    ...Object.entries(DEFAULT_LIMITS).map(([name, value]) => [name, `\`${name}\` ${number(value)}`] as const),
    ['maxDepth (answer)', `\`maxDepth\` ${number(DEFAULT_ANSWER_LIMITS.maxDepth)}`],
    ['maxFields', `\`maxFields\` ${number(DEFAULT_ANSWER_LIMITS.maxFields)}`],
    ['maxItems', `\`maxItems\` ${number(DEFAULT_ANSWER_LIMITS.maxItems)}`],
    ['maxStringChars', `\`maxStringChars\` ${number(DEFAULT_ANSWER_LIMITS.maxStringChars)}`],
    ['maxChars', `\`maxChars\` ${size(DEFAULT_ANSWER_LIMITS.maxChars)}`],
    ['timeoutMs', `\`timeoutMs\` ${number(DEFAULT_ISOLATION_LIMITS.timeoutMs)} ms`],
    ['maxMemoryMb', `\`maxMemoryMb\` ${DEFAULT_ISOLATION_LIMITS.maxMemoryMb} MiB`],
    ['maxResponseBytes', `\`maxResponseBytes\` ${size(DEFAULT_MAX_RESPONSE_BYTES)}`],
    ...Object.entries(DEFAULT_TIMEOUTS).map(([name, value]) => [name, `\`${name}\` ${seconds(value)}`] as const),
  ])('%s', (_name, written) => {
    expect(page).toContain(written);
  });
});

describe('limits.md lists every range the egress policy refuses', () => {
  it.each(NON_PUBLIC.map(([address, prefix, kind, what]) => [`${address}/${prefix}`, kind, what] as const))('%s (%s, %s)', (range, kind) => {
    // The two single IPv6 addresses are written as addresses.
    const written = kind === 'ipv6' && range.endsWith('/128') ? `\`${range.slice(0, -4)}\`` : `\`${range}\``;
    expect(page).toContain(written);
  });

  it.each(['`::ffff:0:0/96`', '`::/96`', '`::ffff:0:0:0/96`', '`2002::/16`', '`64:ff9b::/96`', '`64:ff9b:1::/48`', '`2001::/32`', '`2000::/3`'])(
    'the IPv4-in-IPv6 range %s',
    (range) => {
      expect(page).toContain(range);
    },
  );
});
