/**
 * The docs' connector table (docs/connectors/README.md, between its catalog markers), rendered
 * from the catalogue entries and, per connector, the source of truth its contract fixture records
 * (test/contracts/fixtures/<id>.json: the vendor's description, its repository, commit and file).
 */
import type { CatalogEntry } from './catalog-entry.js';

export const CATALOG_START = '<!-- catalog:start (generated from specs/prebuilt/ and the contract fixtures: npx tsx scripts/write-connector-catalog.ts) -->';
export const CATALOG_END = '<!-- catalog:end -->';

/** Where a connector's requests are judged from: the `source` of its contract fixture. */
export interface SourceOfTruth {
  vendor: string;
  source: { repository?: string; commit?: string; file?: string; url?: string; pages?: string[]; kind?: string };
}

const ACTION_LABELS: Record<string, string> = {
  importUsers: 'Import Users',
  createUser: 'Create User',
  activateUser: 'Activate User',
  deactivateUser: 'Deactivate User',
  deleteUser: 'Delete User',
};

function cell(text: string): string {
  return text.replace(/\|/gu, '\\|').replace(/\s+/gu, ' ').trim();
}

function describeSource(truth: SourceOfTruth | undefined): string {
  if (!truth) return 'none recorded';
  const { source } = truth;
  if (source.repository && source.url) {
    const commit = source.commit && /^[0-9a-f]{40}$/u.test(source.commit) ? source.commit.slice(0, 7) : (source.commit ?? '');
    return `${cell(truth.vendor)}: [${source.repository} \`${source.file ?? ''}\`](${source.url.replace(/ /gu, '%20')}) (${commit})`;
  }
  const pages = source.pages ?? [];
  return `${cell(truth.vendor)}: reference pages${pages.length > 0 ? ` (${pages.map((page, index) => `[${index + 1}](${page})`).join(', ')})` : ''}`;
}

/** The generated block of docs/connectors/README.md, markers included. */
export function renderCatalogTable(input: { entries: CatalogEntry[]; sources: Record<string, SourceOfTruth | undefined> }): string {
  const rows = input.entries.map((entry) => {
    const actions = [...entry.actions.map((action) => ACTION_LABELS[action] ?? action), ...entry.customActions.map((name) => `custom: ${name}`)].join(', ');
    return `| [${cell(entry.name)}](${entry.id}.md) | \`${entry.id}\` | ${actions} | ${cell(entry.auth)} | ${describeSource(input.sources[entry.id])} |`;
  });
  return [CATALOG_START, '', '| Connector | Id | Actions | Auth | Source of truth |', '|---|---|---|---|---|', ...rows, '', CATALOG_END].join('\n');
}

/** The generated block inside a README's text, or undefined when the markers are missing. */
export function catalogBlockOf(text: string): string | undefined {
  const start = text.indexOf(CATALOG_START);
  const end = text.indexOf(CATALOG_END);
  return start < 0 || end < start ? undefined : text.slice(start, end + CATALOG_END.length);
}
