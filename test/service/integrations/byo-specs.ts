/** Build-your-own specs for the setup-order tests: one aimed at the incident platform simulator, one with errors. */

/** A customer's spec for the incident platform simulator, with one custom action (Business only). */
export const BYO_SPEC = `specVersion: 1
id: acme-pager
name: Acme pager
type: custom
inputs:
  baseUrl: {label: Base URL, type: url, required: true}
  token: {label: API key, secret: true, required: true}
auth:
  type: apiKey
  in: header
  name: Authorization
  value: "Token token={{ .Key }}"
  key: token
headers:
  Accept: application/vnd.pagerduty+json;version=2
actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: '.email // ""', name: '.name // ""'}
  deleteUser:
    method: DELETE
    path: /users/{account.id}
    success: [204]
  custom:
    orderAsset:
      label: Order an asset
      method: POST
      path: /orders
`;

/** Line 5 misspells \`inputs\`; line 12 names an auth type that does not exist. */
export const BROKEN_SPEC = `specVersion: 1
id: broken
name: Broken
type: custom
inptus:
  token: {label: Token, secret: true, required: true}
baseUrl: https://api.example.com
actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: .email, name: .name}
`;
