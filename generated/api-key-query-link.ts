// Generated from specs/examples/api-key-query-link.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Learning platform (API key in query, Link header). */
export type ApiKeyQueryLinkInputs = {
  /** API key (secret) */
  token: string;
};

/** Standard actions Learning platform (API key in query, Link header) defines. */
export type ApiKeyQueryLinkActionName = 'importUsers' | 'createUser' | 'deleteUser';

/** Custom actions Learning platform (API key in query, Link header) defines. */
export type ApiKeyQueryLinkCustomActionName = never;

/** Learning platform (API key in query, Link header) (custom), compiled from specs/examples/api-key-query-link.yaml. */
export const apiKeyQueryLinkConnector: CompiledConnector<ApiKeyQueryLinkInputs, ApiKeyQueryLinkActionName, ApiKeyQueryLinkCustomActionName> = {
  source: "specs/examples/api-key-query-link.yaml",
  spec: {
    "specVersion": 1,
    "id": "api-key-query-link",
    "name": "Learning platform (API key in query, Link header)",
    "type": "custom",
    "baseUrl": "https://learn.example.com",
    "inputs": {
      "token": {
        "label": "API key",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "apiKey",
      "in": "query",
      "name": "api_key",
      "key": "token",
      "value": "{{ .Key }}"
    },
    "errors": {
      "message": ".message"
    },
    "actions": {
      "importUsers": {
        "path": "/v2/learners",
        "records": ".",
        "mapping": {
          "id": ".uuid",
          "email": ".email_address // \"\"",
          "name": ".full_name // \"\""
        },
        "pagination": {
          "type": "link",
          "rel": "next",
          "sizeParam": "per_page",
          "size": 25,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET"
      },
      "createUser": {
        "method": "POST",
        "path": "/v2/learners",
        "body": "{ \"email_address\": {{user.email}}, \"full_name\": {{user.name}} }",
        "result": ".",
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/v2/learners/{account.id}",
        "success": [
          200
        ],
        "contentType": "application/json",
        "absentOn": [
          404
        ]
      }
    }
  },
};
