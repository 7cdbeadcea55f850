// Generated from specs/scim/scim-2.0.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of SCIM 2.0. */
export type Scim20Inputs = {
  /** SCIM base URL The tenant's SCIM endpoint, e.g. https://example.com/scim/v2 (without /Users). */
  baseUrl: string;
  /** Bearer token (secret) The SCIM API token issued by the application. */
  token: string;
};

/** Standard actions SCIM 2.0 defines. */
export type Scim20ActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions SCIM 2.0 defines. */
export type Scim20CustomActionName = never;

/** SCIM 2.0 (scim), compiled from specs/scim/scim-2.0.yaml. */
export const scim20Connector: CompiledConnector<Scim20Inputs, Scim20ActionName, Scim20CustomActionName> = {
  source: "specs/scim/scim-2.0.yaml",
  spec: {
    "specVersion": 1,
    "id": "scim-2-0",
    "name": "SCIM 2.0",
    "description": "Imports, creates, activates, deactivates and deletes users of any SCIM 2.0 service provider (RFC 7644 /Users endpoint) with a bearer token. Some applications create users inactive; use Activate User to switch them on at a chosen time.",
    "type": "scim",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "SCIM base URL",
        "help": "The tenant's SCIM endpoint, e.g. https://example.com/scim/v2 (without /Users).",
        "required": true,
        "secret": false
      },
      "token": {
        "label": "Bearer token",
        "help": "The SCIM API token issued by the application.",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "bearer",
      "token": "token",
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
          "message": "The SCIM service provider refused the bearer token.",
          "hint": "Check the token and that SCIM provisioning is enabled for the tenant (some applications need a particular plan)."
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
