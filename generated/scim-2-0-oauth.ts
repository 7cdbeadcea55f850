// Generated from specs/scim/scim-2.0-oauth.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of SCIM 2.0 (OAuth 2.0 client credentials). */
export type Scim20OauthInputs = {
  /** SCIM base URL The tenant's SCIM endpoint, e.g. https://example.com/scim/v2 (without /Users). */
  baseUrl: string;
  /** Token URL The tenant's OAuth 2.0 token endpoint, e.g. https://login.example.com/oauth2/token. */
  tokenUrl: string;
  /** Client ID The ID of the OAuth client registered for SCIM provisioning in the application. */
  clientId: string;
  /** Client secret (secret) The secret of that OAuth client. */
  clientSecret: string;
};

/** Standard actions SCIM 2.0 (OAuth 2.0 client credentials) defines. */
export type Scim20OauthActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions SCIM 2.0 (OAuth 2.0 client credentials) defines. */
export type Scim20OauthCustomActionName = never;

/** SCIM 2.0 (OAuth 2.0 client credentials) (scim), compiled from specs/scim/scim-2.0-oauth.yaml. */
export const scim20OauthConnector: CompiledConnector<Scim20OauthInputs, Scim20OauthActionName, Scim20OauthCustomActionName> = {
  source: "specs/scim/scim-2.0-oauth.yaml",
  spec: {
    "specVersion": 1,
    "id": "scim-2-0-oauth",
    "name": "SCIM 2.0 (OAuth 2.0 client credentials)",
    "description": "Imports, creates, activates, deactivates and deletes users of any SCIM 2.0 service provider (RFC 7644 /Users endpoint), authenticating with OAuth 2.0 client credentials at the tenant's token endpoint. Some applications create users inactive; use Activate User to switch them on at a chosen time.",
    "type": "scim",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "SCIM base URL",
        "help": "The tenant's SCIM endpoint, e.g. https://example.com/scim/v2 (without /Users).",
        "required": true,
        "secret": false
      },
      "tokenUrl": {
        "type": "url",
        "label": "Token URL",
        "help": "The tenant's OAuth 2.0 token endpoint, e.g. https://login.example.com/oauth2/token.",
        "required": true,
        "secret": false
      },
      "clientId": {
        "label": "Client ID",
        "help": "The ID of the OAuth client registered for SCIM provisioning in the application.",
        "required": true,
        "type": "string",
        "secret": false
      },
      "clientSecret": {
        "label": "Client secret",
        "help": "The secret of that OAuth client.",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "oauth2",
      "grant": "client_credentials",
      "tokenUrl": "{inputs.tokenUrl}",
      "clientAuth": "client_secret_basic",
      "pkce": true,
      "header": "Authorization",
      "prefix": "Bearer "
    },
    "headers": {
      "Accept": "application/scim+json"
    },
    "errors": {
      "message": ".detail // .scimType // .error // empty",
      "rules": [
        {
          "status": 409,
          "when": ".scimType == \"uniqueness\"",
          "code": "CONFLICT",
          "message": "A user with this userName already exists in the application.",
          "hint": "Import Users to link the existing account instead of creating it again."
        },
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "The SCIM service provider refused the access token.",
          "hint": "Check that the OAuth client may use the tenant's SCIM API (its grants or scopes) and that SCIM provisioning is enabled for the tenant (some applications need a particular plan)."
        }
      ]
    },
    "actions": {
      "importUsers": {
        "method": "GET",
        "path": "/Users",
        "records": ".Resources // []",
        "mapping": {
          "id": ".id",
          "email": "(.emails // []) as $emails | ([$emails[] | select(.primary == true or .primary == \"true\" or .primary == \"True\")][0].value)\n  // $emails[0].value\n  // (.userName | select(type == \"string\" and test(\"^[^@\\\\s]+@[^@\\\\s]+$\")))\n  // \"\"",
          "name": "[.displayName, .name.formatted,\n ([.name.givenName, .name.familyName] | map(select(type == \"string\" and . != \"\")) | join(\" \"))]\n| map(select(type == \"string\" and . != \"\")) | .[0] // \"\"",
          "active": ".active | if type == \"boolean\" then . elif type == \"string\" then ascii_downcase == \"true\" else null end",
          "userName": ".userName"
        },
        "pagination": {
          "type": "scim",
          "count": 100,
          "maxPages": 10000
        },
        "contentType": "application/json"
      },
      "createUser": {
        "method": "POST",
        "path": "/Users",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:schemas:core:2.0:User\"],\n  \"userName\": {{user.email}},\n  \"name\": {\n    \"formatted\": {{user.name}},\n    \"givenName\": {{user.firstName}},\n    \"familyName\": {{user.lastName}}\n  },\n  \"displayName\": {{user.name}},\n  \"emails\": [{\"value\": {{user.email}}, \"type\": \"work\", \"primary\": true}],\n  \"active\": true\n}\n",
        "success": [
          201
        ],
        "result": "."
      },
      "activateUser": {
        "method": "PATCH",
        "path": "/Users/{account.id}",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\n  \"Operations\": [{\"op\": \"replace\", \"path\": \"active\", \"value\": true}]\n}\n",
        "success": [
          200,
          204
        ],
        "result": "."
      },
      "deactivateUser": {
        "method": "PATCH",
        "path": "/Users/{account.id}",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\n  \"Operations\": [{\"op\": \"replace\", \"path\": \"active\", \"value\": false}]\n}\n",
        "success": [
          200,
          204
        ],
        "result": "."
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/Users/{account.id}",
        "success": [
          204
        ],
        "absentOn": [
          404
        ],
        "contentType": "application/json"
      }
    }
  },
};
