// Generated from specs/examples/oauth2-client-credentials.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Asset management (OAuth 2.0 client credentials). */
export type Oauth2ClientCredentialsInputs = {
  /** Client ID */
  clientId: string;
  /** Client secret (secret) */
  clientSecret: string;
};

/** Standard actions Asset management (OAuth 2.0 client credentials) defines. */
export type Oauth2ClientCredentialsActionName = 'importUsers' | 'createUser' | 'deleteUser';

/** Custom actions Asset management (OAuth 2.0 client credentials) defines. */
export type Oauth2ClientCredentialsCustomActionName = 'orderAsset';

/** Asset management (OAuth 2.0 client credentials) (custom), compiled from specs/examples/oauth2-client-credentials.yaml. */
export const oauth2ClientCredentialsConnector: CompiledConnector<Oauth2ClientCredentialsInputs, Oauth2ClientCredentialsActionName, Oauth2ClientCredentialsCustomActionName> = {
  source: "specs/examples/oauth2-client-credentials.yaml",
  spec: {
    "specVersion": 1,
    "id": "oauth2-client-credentials",
    "name": "Asset management (OAuth 2.0 client credentials)",
    "description": "People of an asset-management application, and ordering assets for them.",
    "type": "custom",
    "baseUrl": "https://assets.example.com",
    "inputs": {
      "clientId": {
        "label": "Client ID",
        "required": true,
        "type": "string",
        "secret": false
      },
      "clientSecret": {
        "label": "Client secret",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "oauth2",
      "grant": "client_credentials",
      "tokenUrl": "/oauth/token",
      "scopes": [
        "people:read",
        "people:write",
        "assets:write"
      ],
      "clientAuth": "client_secret_basic",
      "pkce": true,
      "header": "Authorization",
      "prefix": "Bearer "
    },
    "errors": {
      "message": ".error_description // .error",
      "rules": [
        {
          "status": 403,
          "when": ".error == \"insufficient_scope\"",
          "code": "FORBIDDEN",
          "message": "The OAuth client lacks a scope this action needs.",
          "hint": "Grant the client the people:read, people:write and assets:write scopes."
        }
      ]
    },
    "actions": {
      "importUsers": {
        "path": "/api/people",
        "records": ".data",
        "mapping": {
          "id": ".id",
          "email": ".work_email // \"\"",
          "name": ".display_name // \"\""
        },
        "pagination": {
          "type": "offset",
          "limit": 5,
          "total": ".total",
          "offsetParam": "offset",
          "limitParam": "limit",
          "concurrency": 1,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET"
      },
      "createUser": {
        "method": "POST",
        "path": "/api/people",
        "body": "{ \"work_email\": {{user.email}}, \"display_name\": {{user.name}} }",
        "result": ".person",
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/api/people/{account.id}",
        "contentType": "application/json",
        "absentOn": [
          404
        ]
      },
      "custom": {
        "orderAsset": {
          "label": "Order an asset",
          "description": "Orders an asset (for example a laptop) for the person being onboarded.",
          "plan": "business",
          "method": "POST",
          "path": "/api/orders",
          "variables": {
            "model": {
              "type": "string",
              "required": true,
              "description": "Asset model, for example Laptop 14"
            },
            "quantity": {
              "type": "number",
              "required": true
            },
            "note": {
              "type": "string",
              "required": false
            }
          },
          "body": "{\n  \"model\": {{vars.model}},\n  \"quantity\": {{vars.quantity}},\n  \"requestedFor\": {{user.email}},\n  \"note\": {{vars.note}}\n}\n",
          "success": [
            201
          ],
          "result": ".order",
          "contentType": "application/json"
        }
      }
    }
  },
};
