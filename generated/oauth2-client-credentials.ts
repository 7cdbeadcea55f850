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
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "path": "/api/people",
        "body": "{ \"work_email\": {{user.email}}, \"display_name\": {{user.name}} }",
        "result": ".person",
        "contentType": "application/json",
        "idempotent": false
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/api/people/{account.id}",
        "outcomes": [
          {
            "status": 404,
            "when": ".error == \"not_found\"",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json",
        "idempotent": true
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
          "contentType": "application/json",
          "idempotent": false
        }
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      ".error == \"insufficient_scope\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"right":{"type":"Literal","value":"insufficient_scope","start":10},"start":7},
      ".error == \"not_found\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"right":{"type":"Literal","value":"not_found","start":10},"start":7},
      ".error_description // .error": {"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error_description","start":0},"start":0},"right":{"type":"Index","target":{"type":"Identity","start":22},"index":{"type":"Literal","value":"error","start":22},"start":22},"start":19},
      ".order": {"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"order","start":0},"start":0},
      "{\"r\": ((try [limit(1; (.data\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.work_email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.display_name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"total\": (try [limit(1; (.total\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"data","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":40},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":55},"right":{"type":"Literal","value":"string","start":63},"start":60},"then":{"type":"Identity","start":77},"otherwise":{"type":"Call","name":"tojson","args":[],"start":84},"start":52}}],"start":39},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":103},"right":{"type":"Literal","value":"object","start":111},"start":108},"then":{"type":"Identity","start":125},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":132},"right":{"type":"Literal","value":0,"start":142},"start":139},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":150},"value":{"type":"Literal","value":"no output","start":159}}],"start":149},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":178},"index":{"type":"Literal","value":0,"start":180},"start":179},"right":{"type":"Call","name":"type","args":[],"start":185},"start":178},"right":{"type":"Literal","value":"array","start":194},"start":191},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":208},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":218},"index":{"type":"Literal","value":0,"start":220},"start":219},"right":{"type":"Call","name":"type","args":[],"start":225},"start":218}}],"start":207},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":238},"index":{"type":"Literal","value":0,"start":240},"start":239},"start":242},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":260},{"type":"Index","target":{"type":"Identity","start":264},"index":{"type":"Literal","value":"id","start":264},"start":264}],"start":254},"start":253},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":279},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":294},"right":{"type":"Literal","value":"string","start":302},"start":299},"then":{"type":"Identity","start":316},"otherwise":{"type":"Call","name":"tojson","args":[],"start":323},"start":291}}],"start":278},"start":249},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":350},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":354},"index":{"type":"Literal","value":"work_email","start":354},"start":354},"right":{"type":"Literal","value":"","start":369},"start":366}],"start":344},"start":343},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":383},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":398},"right":{"type":"Literal","value":"string","start":406},"start":403},"then":{"type":"Identity","start":420},"otherwise":{"type":"Call","name":"tojson","args":[],"start":427},"start":395}}],"start":382},"start":339},"start":336},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":454},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":458},"index":{"type":"Literal","value":"display_name","start":458},"start":458},"right":{"type":"Literal","value":"","start":475},"start":472}],"start":448},"start":447},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":489},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":504},"right":{"type":"Literal","value":"string","start":512},"start":509},"then":{"type":"Identity","start":526},"otherwise":{"type":"Call","name":"tojson","args":[],"start":533},"start":501}}],"start":488},"start":443},"start":440},"start":247},"start":238},"start":237},"start":172},"start":127},"start":100},"start":7}},{"key":{"type":"Literal","value":"x","start":555},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"total","start":561},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":582},{"type":"Index","target":{"type":"Identity","start":586},"index":{"type":"Literal","value":"total","start":586},"start":586}],"start":576},"start":575},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":604},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":619},"right":{"type":"Literal","value":"string","start":627},"start":624},"then":{"type":"Identity","start":641},"otherwise":{"type":"Call","name":"tojson","args":[],"start":648},"start":616}}],"start":603},"start":571}}],"start":560}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.person\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.work_email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.display_name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Index","target":{"type":"Identity","start":34},"index":{"type":"Literal","value":"person","start":34},"start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":57},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":72},"right":{"type":"Literal","value":"string","start":80},"start":77},"then":{"type":"Identity","start":94},"otherwise":{"type":"Call","name":"tojson","args":[],"start":101},"start":69}}],"start":56},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":120},"right":{"type":"Literal","value":"object","start":128},"start":125},"then":{"type":"Identity","start":142},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":149},"right":{"type":"Literal","value":0,"start":159},"start":156},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":167},"value":{"type":"Literal","value":"no output","start":176}}],"start":166},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":195},"index":{"type":"Literal","value":0,"start":197},"start":196},"right":{"type":"Call","name":"type","args":[],"start":202},"start":195},"right":{"type":"Literal","value":"array","start":211},"start":208},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":225},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":235},"index":{"type":"Literal","value":0,"start":237},"start":236},"right":{"type":"Call","name":"type","args":[],"start":242},"start":235}}],"start":224},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":255},"index":{"type":"Literal","value":0,"start":257},"start":256},"start":259},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":277},{"type":"Index","target":{"type":"Identity","start":281},"index":{"type":"Literal","value":"id","start":281},"start":281}],"start":271},"start":270},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":296},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":311},"right":{"type":"Literal","value":"string","start":319},"start":316},"then":{"type":"Identity","start":333},"otherwise":{"type":"Call","name":"tojson","args":[],"start":340},"start":308}}],"start":295},"start":266},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":367},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":371},"index":{"type":"Literal","value":"work_email","start":371},"start":371},"right":{"type":"Literal","value":"","start":386},"start":383}],"start":361},"start":360},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":400},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":415},"right":{"type":"Literal","value":"string","start":423},"start":420},"then":{"type":"Identity","start":437},"otherwise":{"type":"Call","name":"tojson","args":[],"start":444},"start":412}}],"start":399},"start":356},"start":353},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":471},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":475},"index":{"type":"Literal","value":"display_name","start":475},"start":475},"right":{"type":"Literal","value":"","start":492},"start":489}],"start":465},"start":464},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":506},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":521},"right":{"type":"Literal","value":"string","start":529},"start":526},"then":{"type":"Identity","start":543},"otherwise":{"type":"Call","name":"tojson","args":[],"start":550},"start":518}}],"start":505},"start":460},"start":457},"start":264},"start":255},"start":254},"start":189},"start":144},"start":117},"start":7}},{"key":{"type":"Literal","value":"x","start":572},"value":{"type":"Object","entries":[],"start":577}}],"start":0},
    },
  },
};
