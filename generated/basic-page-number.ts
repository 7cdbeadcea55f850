// Generated from specs/examples/basic-page-number.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Help desk (basic auth, page numbers). */
export type BasicPageNumberInputs = {
  /** Admin email */
  username: string;
  /** Password or API token (secret) */
  password: string;
};

/** Standard actions Help desk (basic auth, page numbers) defines. */
export type BasicPageNumberActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Help desk (basic auth, page numbers) defines. */
export type BasicPageNumberCustomActionName = never;

/** Help desk (basic auth, page numbers) (custom), compiled from specs/examples/basic-page-number.yaml. */
export const basicPageNumberConnector: CompiledConnector<BasicPageNumberInputs, BasicPageNumberActionName, BasicPageNumberCustomActionName> = {
  source: "specs/examples/basic-page-number.yaml",
  spec: {
    "specVersion": 1,
    "id": "basic-page-number",
    "name": "Help desk (basic auth, page numbers)",
    "description": "Agents of a help desk; suspended agents are deactivated accounts.",
    "type": "custom",
    "baseUrl": "https://desk.example.com",
    "inputs": {
      "username": {
        "label": "Admin email",
        "required": true,
        "type": "string",
        "secret": false
      },
      "password": {
        "label": "Password or API token",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "basic",
      "username": "username",
      "password": "password"
    },
    "headers": {
      "Accept": "application/json"
    },
    "errors": {
      "message": ".error.message"
    },
    "actions": {
      "importUsers": {
        "method": "GET",
        "path": "/api/agents",
        "records": ".agents",
        "mapping": {
          "id": ".id",
          "email": ".email // \"\"",
          "name": ".name // \"\"",
          "active": ".suspended | not"
        },
        "pagination": {
          "type": "page",
          "pageParam": "page",
          "firstPage": 1,
          "sizeParam": "per_page",
          "size": 10,
          "totalPages": ".total_pages",
          "maxPages": 10000
        },
        "contentType": "application/json"
      },
      "createUser": {
        "method": "POST",
        "path": "/api/agents",
        "body": "{ \"agent\": { \"email\": {{user.email}}, \"name\": {{user.name}} } }\n",
        "result": ".agent",
        "contentType": "application/json"
      },
      "activateUser": {
        "method": "PUT",
        "path": "/api/agents/{account.id}",
        "body": "{ \"agent\": { \"suspended\": false } }",
        "idempotent": true,
        "result": ".agent",
        "contentType": "application/json"
      },
      "deactivateUser": {
        "method": "PUT",
        "path": "/api/agents/{account.id}",
        "body": "{ \"agent\": { \"suspended\": true } }",
        "idempotent": true,
        "result": ".agent",
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/api/agents/{account.id}",
        "contentType": "application/json",
        "absentOn": [
          404
        ]
      }
    }
  },
};
