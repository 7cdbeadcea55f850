// Generated from specs/examples/bearer-cursor.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Team chat (bearer token, cursor pages). */
export type BearerCursorInputs = {
  /** API token (secret) */
  token: string;
};

/** Standard actions Team chat (bearer token, cursor pages) defines. */
export type BearerCursorActionName = 'importUsers' | 'deleteUser';

/** Custom actions Team chat (bearer token, cursor pages) defines. */
export type BearerCursorCustomActionName = never;

/** Team chat (bearer token, cursor pages) (custom), compiled from specs/examples/bearer-cursor.yaml. */
export const bearerCursorConnector: CompiledConnector<BearerCursorInputs, BearerCursorActionName, BearerCursorCustomActionName> = {
  source: "specs/examples/bearer-cursor.yaml",
  spec: {
    "specVersion": 1,
    "id": "bearer-cursor",
    "name": "Team chat (bearer token, cursor pages)",
    "type": "custom",
    "baseUrl": "https://chat.example.com/api/v1",
    "inputs": {
      "token": {
        "label": "API token",
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
    "actions": {
      "importUsers": {
        "path": "/members",
        "records": ".members",
        "mapping": {
          "id": ".id",
          "email": ".profile.email // \"\"",
          "name": ".profile.real_name // \"\""
        },
        "pagination": {
          "type": "cursor",
          "cursor": ".response_metadata.next_cursor",
          "param": "cursor",
          "sizeParam": "limit",
          "size": 20,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/members/{account.id}",
        "contentType": "application/json",
        "absentOn": [
          404
        ]
      }
    }
  },
};
