/**
 * Starting points for `connector new`: one short spec per integration type, each valid as written
 * (a test validates all three), with the fields an author edits first.
 */
import { pascalCaseId } from './naming.js';

export type ScaffoldType = 'prebuilt' | 'scim' | 'custom';
export const SCAFFOLD_TYPES: readonly ScaffoldType[] = ['prebuilt', 'scim', 'custom'];

function title(id: string): string {
  return pascalCaseId(id).replace(/([a-z])([A-Z0-9])/gu, '$1 $2');
}

export function scaffoldSpec(input: { id: string; type: ScaffoldType; schemaPath: string }): string {
  const header = `# yaml-language-server: $schema=${input.schemaPath}\nspecVersion: 1\nid: ${input.id}\nname: ${title(input.id)}\n`;
  if (input.type === 'scim') {
    return `${header}description: Users of ${title(input.id)} over SCIM 2.0 (RFC 7644).
type: scim
inputs:
  baseUrl: {label: SCIM base URL, help: "The tenant's SCIM endpoint, e.g. https://example.com/scim/v2", type: url, required: true}
  token: {label: SCIM token, secret: true, required: true}
auth: {type: bearer}
headers:
  Accept: application/scim+json
actions:
  importUsers:
    path: /Users
    records: .Resources // []
    mapping:
      id: .id
      email: '(.emails // [] | map(select(.primary)) | .[0].value) // .userName // ""'
      name: '.displayName // .userName // ""'
      active: .active
    pagination: {type: scim, count: 100}
  createUser:
    method: POST
    path: /Users
    contentType: application/scim+json
    body: |
      {"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
       "userName": {{user.email}}, "displayName": {{user.name}},
       "emails": [{"value": {{user.email}}, "primary": true}], "active": true}
    result: .
  deleteUser:
    method: DELETE
    path: /Users/{account.id}
`;
  }
  if (input.type === 'prebuilt') {
    return `${header}description: Manages user accounts of ${title(input.id)}.
type: prebuilt
baseUrl: https://api.example.com
inputs:
  token: {label: API key, secret: true, required: true}
auth: {type: bearer}
headers:
  Accept: application/json
supports: [importUsers, createUser, deleteUser]
actions:
  importUsers:
    path: /users
    records: .users
    mapping:
      id: .id
      email: '.email // ""'
      name: '.name // ""'
    pagination: {type: offset, limit: 100, more: .more}
  createUser:
    method: POST
    path: /users
    body: '{"user": {"name": {{user.name}}, "email": {{user.email}} } }'
    result: .user
  deleteUser:
    method: DELETE
    path: /users/{account.id}
`;
  }
  return `${header}type: custom
inputs:
  baseUrl: {label: Base URL, type: url, required: true}
  token: {label: API token, secret: true, required: true}
auth: {type: bearer}
actions:
  importUsers:
    path: /users
    records: .users
    mapping:
      id: .id
      email: '.email // ""'
      name: '.name // ""'
`;
}
