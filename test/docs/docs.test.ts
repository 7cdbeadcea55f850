/**
 * The docs against the code: the generated pages (error tables, spec reference, CLI reference) are
 * what the generator makes of the code now; the hand-written tables that name spec fields and the
 * commands the docs tell people to run name only what exists; and every relative link in
 * README.md and docs/ resolves, to a file and, for a Markdown anchor, to one of its headings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliCommandNames } from '../../scripts/docs/cli-reference.js';
import { headingAnchor } from '../../scripts/docs/spec-reference.js';
import { GENERATED_PAGES, ROOT } from '../../scripts/generate-docs.js';

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  return ['README.md', ...docs.map((file) => join('docs', file))].sort();
}

/** The text outside fenced code blocks (links and headings in code are examples, not links). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchors of a page's headings, a repeated heading numbered `-1`, `-2`... */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = headingAnchor(match[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Relative links of a page: `[text](target)`, not web addresses. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

/** Shell lines of a page's `sh` blocks. */
function shellLines(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((match) => match[1]!.split('\n')).filter((line) => !line.trimStart().startsWith('#'));
}

describe('generated pages', () => {
  for (const [page, render] of Object.entries(GENERATED_PAGES)) {
    it(`${page} is what \`npm run docs:generate\` makes of the code`, async () => {
      expect(readFileSync(join(ROOT, page), 'utf8'), `${page} is stale: run npm run docs:generate`).toBe(await render());
    }, 60_000);
  }

  it('the API error table lists every code of the HTTP problem table (which the type system holds to every ServiceError code)', async () => {
    const { PROBLEM_CODES } = await import('../../src/service/http/problem-codes.js');
    const page = readFileSync(join(ROOT, 'docs/api/errors.md'), 'utf8');
    for (const [code, { status }] of Object.entries(PROBLEM_CODES)) expect(page).toContain(`| ${status} | \`${code}\``);
  });
});

describe('hand-written tables and commands', () => {
  it("the spec guide's top-level table names only fields of the schema, and all of them", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema/connector-spec.schema.json'), 'utf8')) as { properties: Record<string, unknown> };
    const guide = readFileSync(join(ROOT, 'docs/connector-authors/spec.md'), 'utf8');
    const table = guide.split('**Top level**')[1]!.split('\n\n')[1]!;
    const fields = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!).filter((field) => !field.includes('.'));
    expect(fields.sort()).toEqual(
      Object.keys(schema.properties)
        .filter((field) => field !== '$schema')
        .sort(),
    );
  });

  it('every `connector` command the README and docs tell people to run exists', async () => {
    const { commands, service } = await cliCommandNames();
    const used: string[] = [];
    for (const file of markdownFiles()) {
      for (const line of shellLines(readFileSync(join(ROOT, file), 'utf8'))) {
        for (const match of line.matchAll(/(?:npx connector|npm run (?:--silent )?connector --) ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)) {
          const [, command, sub] = match;
          used.push(command!);
          expect(commands, `${file}: ${line}`).toContain(command);
          if (command === 'service' && sub !== undefined) expect(service, `${file}: ${line}`).toContain(sub);
        }
      }
    }
    expect(used.length).toBeGreaterThan(10);
  }, 60_000);
});

describe('links', () => {
  it('there are pages and links to check', () => {
    expect(markdownFiles().length).toBeGreaterThan(20);
    expect(markdownFiles().flatMap((file) => relativeLinks(readFileSync(join(ROOT, file), 'utf8'))).length).toBeGreaterThan(50);
  });

  it('every relative link in README.md and docs/ resolves', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const link of relativeLinks(text)) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURIComponent(path));
        if (!relative(ROOT, target) || relative(ROOT, target).startsWith('..') || !existsSync(target)) {
          broken.push(`${file}: ${link} (no such file)`);
          continue;
        }
        if (anchor !== undefined && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(anchor))
          broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a broken link and a missing heading are caught', () => {
    expect(anchors('# Egress policy\n## Egress policy\n```\n# not a heading\n```\n')).toEqual(new Set(['egress-policy', 'egress-policy-1']));
    expect(relativeLinks('[a](b.md) [c](https://x.example)\n```\n[d](e.md)\n```\n')).toEqual(['b.md']);
  });
});

/** `docs/<page>.md "Heading"` citations in a text: the page and each quoted heading after it (`"A", "B"`). */
function citations(text: string): { page: string; heading: string }[] {
  return [...text.matchAll(/(docs\/[\w/-]+\.md),? ((?:"[^"\n]+"(?: \d+(?:-\d+)?)?(?:,| and)? ?)+)/g)].flatMap((match) =>
    [...match[2]!.matchAll(/"([^"\n]+)"/g)].map((heading) => ({ page: match[1]!, heading: heading[1]! })),
  );
}

describe('citations of the docs in code comments', () => {
  it('are read from a comment as page and headings', () => {
    expect(citations('// (docs/contributors/product-rules.md, "Limits" 1-2, "Setup order") and docs/a.md "B" 4')).toEqual([
      { page: 'docs/contributors/product-rules.md', heading: 'Limits' },
      { page: 'docs/contributors/product-rules.md', heading: 'Setup order' },
      { page: 'docs/a.md', heading: 'B' },
    ]);
  });

  it('name pages and headings that exist', () => {
    const files = ['src', 'test', 'scripts'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|mjs|sql)$/.test(file) && !file.includes('node_modules'))
        .map((file) => join(dir, file)),
    );
    const broken: string[] = [];
    for (const file of files) {
      if (file === 'test/docs/docs.test.ts') continue;
      for (const { page, heading } of citations(readFileSync(join(ROOT, file), 'utf8'))) {
        if (!existsSync(join(ROOT, page))) broken.push(`${file}: ${page} (no such page)`);
        else if (!anchors(readFileSync(join(ROOT, page), 'utf8')).has(headingAnchor(heading))) broken.push(`${file}: ${page} "${heading}" (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
