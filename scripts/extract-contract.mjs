#!/usr/bin/env node
/**
 * Cuts a vendor's OpenAPI description down to the operations a connector uses and the components
 * they reference (transitively), and writes the contract fixture the contract tests read
 * (test/contracts/fixtures/<connector>.json). The description itself is fetched by hand (its
 * repository, commit and file are recorded in the fixture); this script only selects.
 *
 *   node scripts/extract-contract.mjs --openapi <file.json|yaml> --out <fixture.json> \
 *     --vendor <name> --repository <owner/name> --commit <sha> --file <path in repository> \
 *     [--base-path /v1.0] [--authorization '<regex>'] [--authorization-header <name>] \
 *     [--append <operations written from reference pages.json>] \
 *     --operation 'GET /api/v1/users' --operation 'POST /api/v1/users' ...
 *
 * A Swagger 2.0 description (`swagger: '2.0'`, GitLab's) is cut the same way: each operation keeps
 * its `consumes` and its parameters as written (`in: body`, `formData`), the `#/definitions/` it
 * refers to are kept under `definitions`, and the fixture says `"dialect": "swagger-2.0"` so the
 * contract harness reads it as such (test/contracts/harness/swagger2.ts). `--append` adds the
 * operations a vendor documents only in its reference pages (a JSON file with `operations`, and
 * optionally `source` fields, `documentedLimits` and `definitions`), written in the same dialect.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

function parseArgs(argv) {
  const options = { operation: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/u, '');
    if (name === 'operation') options.operation.push(argv[i + 1]);
    else options[name] = argv[i + 1];
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const text = readFileSync(options.openapi, 'utf8');
const doc = options.openapi.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 });
const swagger2 = doc.swagger === '2.0';
const REF_PREFIX = swagger2 ? '#/definitions/' : '#/components/';

const refs = new Set();
function collectRefs(value) {
  if (Array.isArray(value)) return value.forEach(collectRefs);
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith(REF_PREFIX) && !refs.has(inner)) {
      refs.add(inner);
      collectRefs(resolve(inner));
    } else collectRefs(inner);
  }
}
function resolve(ref) {
  return ref
    .slice(2)
    .split('/')
    .reduce((node, part) => node?.[part.replace(/~1/gu, '/').replace(/~0/gu, '~')], doc);
}

// Descriptions, examples and responses are not judged; dropping them keeps the fixture small. The
// keys of `properties` are property names, never dropped (a property may be called `description`).
function strip(value, names = false) {
  if (Array.isArray(value)) return value.map((inner) => strip(inner));
  if (value === null || typeof value !== 'object') return value;
  const kept = {};
  for (const [key, inner] of Object.entries(value)) {
    if (names) {
      kept[key] = strip(inner);
      continue;
    }
    if (
      [
        'description',
        'example',
        'examples',
        'x-codeSamples',
        'x-codegen-request-body-name',
        'externalDocs',
        'summary',
        'tags',
        'responses',
        'x-github',
        'x-okta-lifecycle',
        'security',
        'x-codegen',
        'x-stackQL-resource',
        'x-stackQL-method',
        'x-stackQL-verb',
      ].includes(key)
    )
      continue;
    kept[key] = strip(inner, key === 'properties');
  }
  return kept;
}

const operations = [];
for (const wanted of options.operation) {
  const [method, path] = wanted.split(' ');
  const item = doc.paths?.[path];
  const operation = item?.[method.toLowerCase()];
  if (!operation) throw new Error(`${options.file}: no operation ${wanted}`);
  const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
  const cut = strip({
    operationId: operation.operationId,
    method,
    path,
    ...(swagger2 && operation.consumes ? { consumes: operation.consumes } : {}),
    parameters,
    requestBody: operation.requestBody,
  });
  collectRefs(cut);
  operations.push(cut);
}
const components = {};
const definitions = {};
for (const ref of [...refs].sort()) {
  if (swagger2) {
    definitions[ref.split('/')[2]] = strip(resolve(ref));
    continue;
  }
  const [, , section, name] = ref.split('/');
  components[section] ??= {};
  components[section][name] = strip(resolve(ref));
}
const appended = options.append ? JSON.parse(readFileSync(options.append, 'utf8')) : {};
// Refs inside kept components were collected from the unstripped text: resolve again from the cut.
const fixture = {
  vendor: options.vendor,
  source: {
    repository: options.repository,
    commit: options.commit,
    file: options.file,
    url: `https://github.com/${options.repository}/blob/${options.commit}/${options.file}`,
    ...(options.package ? { package: options.package } : {}),
    ...(options.append ? { ...appended.source, appendedFrom: options.append } : {}),
  },
  ...(swagger2 ? { dialect: 'swagger-2.0', ...(doc.consumes ? { consumes: doc.consumes } : {}) } : {}),
  ...(options['base-path'] ? { basePath: options['base-path'] } : {}),
  ...(options.authorization ? { authorization: { header: options['authorization-header'] ?? 'authorization', pattern: options.authorization } } : {}),
  ...(appended.documentedLimits ? { documentedLimits: appended.documentedLimits } : {}),
  operations: [...operations, ...(appended.operations ?? [])],
  ...(swagger2 ? { definitions: { ...definitions, ...appended.definitions } } : { components }),
};
writeFileSync(options.out, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(
  `${options.out}: ${fixture.operations.length} operations (${operations.length} cut, ${fixture.operations.length - operations.length} appended), ${refs.size} ${swagger2 ? 'definitions' : 'components'}`,
);
