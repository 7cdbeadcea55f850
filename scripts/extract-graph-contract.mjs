#!/usr/bin/env node
/**
 * Cuts Microsoft Graph's CSDL ($metadata, microsoftgraph/msgraph-metadata
 * clean_v10_metadata/cleanMetadata.xml) down to what the entra-id connector sends, as the contract
 * fixture test/contracts/fixtures/entra-id.json: the `users` entity set (list, create, update,
 * delete), the bound action revokeSignInSessions, and the user and passwordProfile types as JSON
 * schemas. What the CSDL cannot say (properties required on create, $top's range, the token
 * request of the Microsoft identity platform) is added from Microsoft's reference pages, each with
 * its URL, by --overlay <file.json>.
 *
 *   node scripts/extract-graph-contract.mjs --csdl cleanMetadata.xml --commit <sha> --overlay overlay.json --out fixture.json
 */
import { readFileSync, writeFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const args = Object.fromEntries(argv.flatMap((value, index) => (index % 2 === 0 ? [[value.replace(/^--/u, ''), argv[index + 1]]] : [])));
const csdl = readFileSync(args.csdl, 'utf8');

function typeBlock(kind, name) {
  const match = new RegExp(`<${kind} Name="${name}"([^>]*)>([\\s\\S]*?)</${kind}>`, 'u').exec(csdl);
  if (!match) throw new Error(`CSDL: no ${kind} ${name}`);
  return { attributes: match[1], body: match[2] };
}

const EDM = {
  'Edm.String': { type: 'string' },
  'Edm.Boolean': { type: 'boolean' },
  'Edm.Int32': { type: 'integer' },
  'Edm.Int64': { type: 'integer' },
  'Edm.DateTimeOffset': { type: 'string', format: 'date-time' },
  'Edm.Guid': { type: 'string' },
  'Edm.Binary': { type: 'string' },
  'Edm.Date': { type: 'string' },
  'Edm.Double': { type: 'number' },
};

function propertySchema(type, nullable) {
  const collection = /^Collection\((.+)\)$/u.exec(type);
  if (collection) return { type: 'array', items: propertySchema(collection[1], false) };
  const base = EDM[type] ?? (type.startsWith('graph.') ? { $ref: `#/components/schemas/${type.slice('graph.'.length)}` } : {});
  return nullable && !base.$ref ? { ...base, nullable: true } : base;
}

/** Structural properties of an entity or complex type and its base types (navigation properties are not in a body). */
function properties(kind, name) {
  const { attributes, body } = typeBlock(kind, name);
  const base = /BaseType="graph\.([^"]+)"/u.exec(attributes)?.[1];
  const own = {};
  for (const match of body.matchAll(/<Property Name="([^"]+)" Type="([^"]+)"([^/]*)\/>/gu)) {
    own[match[1]] = propertySchema(match[2], !/Nullable="false"/u.test(match[3]));
  }
  return base ? { ...properties('EntityType', base), ...own } : own;
}

const referenced = new Set();
const schemas = {};
function addSchema(kind, name) {
  if (schemas[name]) return;
  schemas[name] = { type: 'object', properties: properties(kind, name) };
  for (const ref of JSON.stringify(schemas[name]).matchAll(/#\/components\/schemas\/([A-Za-z]+)/gu)) referenced.add(ref[1]);
}
addSchema('EntityType', 'user');
addSchema('ComplexType', 'passwordProfile');
// Complex types the user's properties name (assignedLicenses, employeeOrgData, ...): kept, as schemas without their own closure.
for (const name of [...referenced]) if (!schemas[name]) schemas[name] = { type: 'object' };
if (!/<Action Name="revokeSignInSessions" IsBound="true">\s*<Parameter Name="bindingParameter" Type="graph\.user"/u.test(csdl))
  throw new Error('CSDL: revokeSignInSessions is not bound to user');
if (!/<EntitySet Name="users" EntityType="microsoft\.graph\.user">/u.test(csdl)) throw new Error('CSDL: no users entity set');

const overlay = JSON.parse(readFileSync(args.overlay, 'utf8'));
// `$select` names properties of the user type (OData 4.01 "System Query Option $select").
const names = Object.keys(schemas.user.properties).join('|');
for (const operation of overlay.operations) {
  for (const parameter of operation.parameters ?? []) {
    if (parameter['x-select-of'] === 'user') parameter.schema = { type: 'string', pattern: `^(${names})(,(${names}))*$` };
  }
}
const fixture = {
  vendor: 'Microsoft Graph v1.0 and the Microsoft identity platform',
  source: {
    repository: 'microsoftgraph/msgraph-metadata',
    commit: args.commit,
    file: 'clean_v10_metadata/cleanMetadata.xml',
    url: `https://github.com/microsoftgraph/msgraph-metadata/blob/${args.commit}/clean_v10_metadata/cleanMetadata.xml`,
    csdl: [
      'EntitySet users (microsoft.graph.user)',
      'EntityType user (BaseType directoryObject, entity)',
      'ComplexType passwordProfile',
      'Action revokeSignInSessions (bound to graph.user)',
    ],
  },
  ...overlay.head,
  operations: overlay.operations,
  components: { schemas: { ...schemas, ...(overlay.schemas ?? {}) } },
};
writeFileSync(args.out, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`${args.out}: ${fixture.operations.length} operations, user with ${Object.keys(schemas.user.properties).length} properties`);
