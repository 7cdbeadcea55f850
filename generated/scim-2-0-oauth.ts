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
        "contentType": "application/json",
        "idempotent": true
      },
      "createUser": {
        "createsInactive": "whenAsked",
        "method": "POST",
        "path": "/Users",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:schemas:core:2.0:User\"],\n  \"userName\": {{user.email}},\n  \"name\": {\n    \"formatted\": {{user.name}},\n    \"givenName\": {{user.firstName}},\n    \"familyName\": {{user.lastName}}\n  },\n  \"displayName\": {{user.name}},\n  \"emails\": [{\"value\": {{user.email}}, \"type\": \"work\", \"primary\": true}],\n  \"active\": {{create.active}}\n}\n",
        "success": [
          201
        ],
        "result": ".",
        "idempotent": false
      },
      "activateUser": {
        "method": "PATCH",
        "path": "/Users/{account.id}",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\n  \"Operations\": [{\"op\": \"replace\", \"path\": \"active\", \"value\": true}]\n}\n",
        "idempotent": true,
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
        "idempotent": true,
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
        "outcomes": [
          {
            "status": 404,
            "when": "(.schemas // []) | any(. == \"urn:ietf:params:scim:api:messages:2.0:Error\")",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json",
        "idempotent": true
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      "(.schemas // []) | any(. == \"urn:ietf:params:scim:api:messages:2.0:Error\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"schemas","start":1},"start":1},"right":{"type":"Array","start":13},"start":10},"right":{"type":"Call","name":"any","args":[{"type":"Binary","op":"==","left":{"type":"Identity","start":23},"right":{"type":"Literal","value":"urn:ietf:params:scim:api:messages:2.0:Error","start":28},"start":25}],"start":19},"start":0},
      ".detail // .scimType // .error // empty": {"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"detail","start":0},"start":0},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":11},"index":{"type":"Literal","value":"scimType","start":11},"start":11},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":24},"index":{"type":"Literal","value":"error","start":24},"start":24},"right":{"type":"Call","name":"empty","args":[],"start":34},"start":31},"start":21},"start":8},
      ".scimType == \"uniqueness\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"scimType","start":0},"start":0},"right":{"type":"Literal","value":"uniqueness","start":13},"start":10},
      "{\"r\": ((try [limit(1; (.Resources // []\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ((.emails // []) as $emails | ([$emails[] | select(.primary == true or .primary == \"true\" or .primary == \"True\")][0].value)\n  // $emails[0].value\n  // (.userName | select(type == \"string\" and test(\"^[^@\\\\s]+@[^@\\\\s]+$\")))\n  // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ([.displayName, .name.formatted,\n ([.name.givenName, .name.familyName] | map(select(type == \"string\" and . != \"\")) | join(\" \"))]\n| map(select(type == \"string\" and . != \"\")) | .[0] // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.active | if type == \"boolean\" then . elif type == \"string\" then ascii_downcase == \"true\" else null end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.userName\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"totalResults\": (try [limit(1; (.totalResults\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"Resources","start":23},"start":23},"right":{"type":"Array","start":37},"start":34}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Bind","source":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":366},"index":{"type":"Literal","value":"emails","start":366},"start":366},"right":{"type":"Array","start":377},"start":374},"patterns":[{"type":"VarPattern","name":"emails","start":384}],"body":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Var","name":"emails","start":396},"start":403},"right":{"type":"Call","name":"select","args":[{"type":"Or","left":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":415},"index":{"type":"Literal","value":"primary","start":415},"start":415},"right":{"type":"Literal","value":true,"start":427},"start":424},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":435},"index":{"type":"Literal","value":"primary","start":435},"start":435},"right":{"type":"Literal","value":"true","start":447},"start":444},"start":432},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":457},"index":{"type":"Literal","value":"primary","start":457},"start":457},"right":{"type":"Literal","value":"True","start":469},"start":466},"start":454}],"start":408},"start":396},"start":395},"index":{"type":"Literal","value":0,"start":478},"start":477},"index":{"type":"Literal","value":"value","start":480},"start":480},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Var","name":"emails","start":493},"index":{"type":"Literal","value":0,"start":501},"start":500},"index":{"type":"Literal","value":"value","start":503},"start":503},"right":{"type":"Alt","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":516},"index":{"type":"Literal","value":"userName","start":516},"start":516},"right":{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":535},"right":{"type":"Literal","value":"string","start":543},"start":540},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"^[^@\\s]+@[^@\\s]+$","start":561}],"start":556},"start":552}],"start":528},"start":516},"right":{"type":"Literal","value":"","start":591},"start":588},"start":512},"start":490},"start":381}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":605},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":620},"right":{"type":"Literal","value":"string","start":628},"start":625},"then":{"type":"Identity","start":642},"otherwise":{"type":"Call","name":"tojson","args":[],"start":649},"start":617}}],"start":604},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":676},{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Index","target":{"type":"Identity","start":681},"index":{"type":"Literal","value":"displayName","start":681},"start":681},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":695},"index":{"type":"Literal","value":"name","start":695},"start":695},"index":{"type":"Literal","value":"formatted","start":700},"start":700},"start":693},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":715},"index":{"type":"Literal","value":"name","start":715},"start":715},"index":{"type":"Literal","value":"givenName","start":720},"start":720},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":732},"index":{"type":"Literal","value":"name","start":732},"start":732},"index":{"type":"Literal","value":"familyName","start":737},"start":737},"start":730},"start":714},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":763},"right":{"type":"Literal","value":"string","start":771},"start":768},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":784},"right":{"type":"Literal","value":"","start":789},"start":786},"start":780}],"start":756}],"start":752},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":801}],"start":796},"start":752},"start":714},"start":710},"start":680},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":821},"right":{"type":"Literal","value":"string","start":829},"start":826},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":842},"right":{"type":"Literal","value":"","start":847},"start":844},"start":838}],"start":814}],"start":810},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":854},"index":{"type":"Literal","value":0,"start":856},"start":855},"right":{"type":"Literal","value":"","start":862},"start":859},"start":810},"start":680}],"start":670},"start":669},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":876},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":891},"right":{"type":"Literal","value":"string","start":899},"start":896},"then":{"type":"Identity","start":913},"otherwise":{"type":"Call","name":"tojson","args":[],"start":920},"start":888}}],"start":875},"start":665},"start":662},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":947},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":951},"index":{"type":"Literal","value":"active","start":951},"start":951},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":964},"right":{"type":"Literal","value":"boolean","start":972},"start":969},"then":{"type":"Identity","start":987},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":994},"right":{"type":"Literal","value":"string","start":1002},"start":999},"then":{"type":"Binary","op":"==","left":{"type":"Call","name":"ascii_downcase","args":[],"start":1016},"right":{"type":"Literal","value":"true","start":1034},"start":1031},"otherwise":{"type":"Literal","value":null,"start":1046},"start":989},"start":961},"start":951}],"start":941},"start":940},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1066},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1081},"right":{"type":"Literal","value":"string","start":1089},"start":1086},"then":{"type":"Identity","start":1103},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1110},"start":1078}}],"start":1065},"start":936},"start":933},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1137},{"type":"Index","target":{"type":"Identity","start":1141},"index":{"type":"Literal","value":"userName","start":1141},"start":1141}],"start":1131},"start":1130},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1162},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1177},"right":{"type":"Literal","value":"string","start":1185},"start":1182},"then":{"type":"Identity","start":1199},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1206},"start":1174}}],"start":1161},"start":1126},"start":1123},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1228},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"totalResults","start":1234},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1262},{"type":"Index","target":{"type":"Identity","start":1266},"index":{"type":"Literal","value":"totalResults","start":1266},"start":1266}],"start":1256},"start":1255},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1291},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1306},"right":{"type":"Literal","value":"string","start":1314},"start":1311},"then":{"type":"Identity","start":1328},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1335},"start":1303}}],"start":1290},"start":1251}}],"start":1233}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ((.emails // []) as $emails | ([$emails[] | select(.primary == true or .primary == \"true\" or .primary == \"True\")][0].value)\n  // $emails[0].value\n  // (.userName | select(type == \"string\" and test(\"^[^@\\\\s]+@[^@\\\\s]+$\")))\n  // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ([.displayName, .name.formatted,\n ([.name.givenName, .name.familyName] | map(select(type == \"string\" and . != \"\")) | join(\" \"))]\n| map(select(type == \"string\" and . != \"\")) | .[0] // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.active | if type == \"boolean\" then . elif type == \"string\" then ascii_downcase == \"true\" else null end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.userName\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Bind","source":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":366},"index":{"type":"Literal","value":"emails","start":366},"start":366},"right":{"type":"Array","start":377},"start":374},"patterns":[{"type":"VarPattern","name":"emails","start":384}],"body":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Var","name":"emails","start":396},"start":403},"right":{"type":"Call","name":"select","args":[{"type":"Or","left":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":415},"index":{"type":"Literal","value":"primary","start":415},"start":415},"right":{"type":"Literal","value":true,"start":427},"start":424},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":435},"index":{"type":"Literal","value":"primary","start":435},"start":435},"right":{"type":"Literal","value":"true","start":447},"start":444},"start":432},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":457},"index":{"type":"Literal","value":"primary","start":457},"start":457},"right":{"type":"Literal","value":"True","start":469},"start":466},"start":454}],"start":408},"start":396},"start":395},"index":{"type":"Literal","value":0,"start":478},"start":477},"index":{"type":"Literal","value":"value","start":480},"start":480},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Var","name":"emails","start":493},"index":{"type":"Literal","value":0,"start":501},"start":500},"index":{"type":"Literal","value":"value","start":503},"start":503},"right":{"type":"Alt","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":516},"index":{"type":"Literal","value":"userName","start":516},"start":516},"right":{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":535},"right":{"type":"Literal","value":"string","start":543},"start":540},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"^[^@\\s]+@[^@\\s]+$","start":561}],"start":556},"start":552}],"start":528},"start":516},"right":{"type":"Literal","value":"","start":591},"start":588},"start":512},"start":490},"start":381}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":605},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":620},"right":{"type":"Literal","value":"string","start":628},"start":625},"then":{"type":"Identity","start":642},"otherwise":{"type":"Call","name":"tojson","args":[],"start":649},"start":617}}],"start":604},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":676},{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Index","target":{"type":"Identity","start":681},"index":{"type":"Literal","value":"displayName","start":681},"start":681},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":695},"index":{"type":"Literal","value":"name","start":695},"start":695},"index":{"type":"Literal","value":"formatted","start":700},"start":700},"start":693},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":715},"index":{"type":"Literal","value":"name","start":715},"start":715},"index":{"type":"Literal","value":"givenName","start":720},"start":720},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":732},"index":{"type":"Literal","value":"name","start":732},"start":732},"index":{"type":"Literal","value":"familyName","start":737},"start":737},"start":730},"start":714},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":763},"right":{"type":"Literal","value":"string","start":771},"start":768},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":784},"right":{"type":"Literal","value":"","start":789},"start":786},"start":780}],"start":756}],"start":752},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":801}],"start":796},"start":752},"start":714},"start":710},"start":680},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":821},"right":{"type":"Literal","value":"string","start":829},"start":826},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":842},"right":{"type":"Literal","value":"","start":847},"start":844},"start":838}],"start":814}],"start":810},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":854},"index":{"type":"Literal","value":0,"start":856},"start":855},"right":{"type":"Literal","value":"","start":862},"start":859},"start":810},"start":680}],"start":670},"start":669},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":876},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":891},"right":{"type":"Literal","value":"string","start":899},"start":896},"then":{"type":"Identity","start":913},"otherwise":{"type":"Call","name":"tojson","args":[],"start":920},"start":888}}],"start":875},"start":665},"start":662},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":947},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":951},"index":{"type":"Literal","value":"active","start":951},"start":951},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":964},"right":{"type":"Literal","value":"boolean","start":972},"start":969},"then":{"type":"Identity","start":987},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":994},"right":{"type":"Literal","value":"string","start":1002},"start":999},"then":{"type":"Binary","op":"==","left":{"type":"Call","name":"ascii_downcase","args":[],"start":1016},"right":{"type":"Literal","value":"true","start":1034},"start":1031},"otherwise":{"type":"Literal","value":null,"start":1046},"start":989},"start":961},"start":951}],"start":941},"start":940},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1066},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1081},"right":{"type":"Literal","value":"string","start":1089},"start":1086},"then":{"type":"Identity","start":1103},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1110},"start":1078}}],"start":1065},"start":936},"start":933},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1137},{"type":"Index","target":{"type":"Identity","start":1141},"index":{"type":"Literal","value":"userName","start":1141},"start":1141}],"start":1131},"start":1130},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1162},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1177},"right":{"type":"Literal","value":"string","start":1185},"start":1182},"then":{"type":"Identity","start":1199},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1206},"start":1174}}],"start":1161},"start":1126},"start":1123},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1228},"value":{"type":"Object","entries":[],"start":1233}}],"start":0},
    },
  },
};
