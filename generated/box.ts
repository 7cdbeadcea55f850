// Generated from specs/prebuilt/box.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Box. */
export type BoxInputs = {
  /** Client ID From the Box Developer Console > My Apps > your Custom App (Server Authentication with Client Credentials Grant) > Configuration > OAuth 2.0 Credentials. */
  clientId: string;
  /** Client secret (secret) The client secret shown beside the client ID (Box asks for two-factor verification to reveal it). */
  clientSecret: string;
  /** Enterprise ID Your enterprise's ID (Developer Console > your app > General Settings, or Admin Console > Account & Billing). The token is issued for the app's service account in this enterprise. */
  enterpriseId: string;
};

/** Standard actions Box defines. */
export type BoxActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Box defines. */
export type BoxCustomActionName = 'setCoadmin' | 'deleteWithContent';

/** Box (prebuilt), compiled from specs/prebuilt/box.yaml. */
export const boxConnector: CompiledConnector<BoxInputs, BoxActionName, BoxCustomActionName> = {
  source: "specs/prebuilt/box.yaml",
  spec: {
    "specVersion": 1,
    "id": "box",
    "name": "Box",
    "description": "Imports, creates, reactivates (activate), deactivates and deletes the managed users of a Box enterprise, with admin from the enterprise role (admin or co-admin) and each user's status (inactive is deactivated; the two restricted statuses, which may still sign in, are active and kept as boxStatus). Create User makes a managed user, co-admin when the person is an admin, and Box emails them to set a password. Delete User refuses a user who still owns content (Box's default); the custom action \"Delete with their files\" uses Box's force. Grants or revokes co-admin from a workflow (custom action). Groups, folders and app users are not changed.",
    "type": "prebuilt",
    "baseUrl": "https://api.box.com/2.0",
    "inputs": {
      "clientId": {
        "label": "Client ID",
        "help": "From the Box Developer Console > My Apps > your Custom App (Server Authentication with Client Credentials Grant) > Configuration > OAuth 2.0 Credentials.",
        "required": true,
        "type": "string",
        "secret": false
      },
      "clientSecret": {
        "label": "Client secret",
        "help": "The client secret shown beside the client ID (Box asks for two-factor verification to reveal it).",
        "secret": true,
        "required": true,
        "type": "string"
      },
      "enterpriseId": {
        "label": "Enterprise ID",
        "help": "Your enterprise's ID (Developer Console > your app > General Settings, or Admin Console > Account & Billing). The token is issued for the app's service account in this enterprise.",
        "required": true,
        "type": "string",
        "secret": false
      }
    },
    "auth": {
      "type": "oauth2",
      "grant": "client_credentials",
      "tokenUrl": "/oauth2/token",
      "clientAuth": "client_secret_post",
      "tokenParams": {
        "box_subject_type": "enterprise",
        "box_subject_id": "{inputs.enterpriseId}"
      },
      "pkce": true,
      "header": "Authorization",
      "prefix": "Bearer "
    },
    "errors": {
      "message": "if type == \"object\" then (.message // .error_description // .error // tostring) | tostring else tostring end",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Box refused the access token.",
          "hint": "Check the client ID and secret, the enterprise ID, and that the app is authorized in the Admin Console (Apps > Custom Apps Manager)."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "The app's service account may not do this.",
          "hint": "The app needs the \"Manage users\" scope and the App Access Level \"App + Enterprise Access\", re-authorized by an admin after the change; without them Import Users only."
        }
      ]
    },
    "probe": {
      "description": "Create User with an empty body: Box judges the app's rights first (403 when it may not manage users) and then the content, refusing a user without a name (400), so nothing is created.",
      "method": "POST",
      "path": "/users",
      "body": "{}",
      "answers": [
        {
          "status": 403,
          "means": "readOnly",
          "reason": "Box refused user management to this app (it lacks the \"Manage users\" scope or enterprise access); Import Users only."
        },
        {
          "status": 400,
          "means": "writeAllowed"
        }
      ]
    },
    "supports": [
      "importUsers",
      "createUser",
      "activateUser",
      "deactivateUser",
      "deleteUser"
    ],
    "actions": {
      "importUsers": {
        "path": "/users",
        "query": {
          "user_type": "managed",
          "usemarker": "true",
          "fields": "id,type,name,login,status,role,created_at,modified_at"
        },
        "records": ".entries",
        "mapping": {
          "id": ".id",
          "email": ".login // \"\"",
          "name": "if (.name // \"\") != \"\" then .name else (.login // \"\") end",
          "admin": ".role == \"admin\" or .role == \"coadmin\"",
          "state": "if .status == \"inactive\" then \"deactivated\" else \"active\" end",
          "active": ".status != \"inactive\"",
          "boxStatus": ".status",
          "role": ".role",
          "createdAt": ".created_at"
        },
        "pagination": {
          "type": "cursor",
          "cursor": ".next_marker",
          "param": "marker",
          "sizeParam": "limit",
          "size": 1000,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "createsInactive": "whenAsked",
        "method": "POST",
        "path": "/users",
        "requires": [
          "user.email"
        ],
        "body": "{\n  \"name\": {{truncate (default user.name user.email) 50}},\n  \"login\": {{user.email}},\n  \"role\": {{#if user.admin}}\"coadmin\"{{else}}\"user\"{{/if}},\n  \"status\": {{#if create.inactive}}\"inactive\"{{else}}\"active\"{{/if}}\n}\n",
        "success": [
          201
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 409,
              "code": "CONFLICT",
              "message": "A Box user with this login (email) already exists.",
              "hint": "Import Users to link the existing account; a login stays taken until its user is deleted."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "deactivateUser": {
        "method": "PUT",
        "path": "/users/{account.id}",
        "body": "{\"status\": \"inactive\"}",
        "idempotent": true,
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 404,
            "when": "type == \"object\" and .code == \"not_found\"",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json"
      },
      "activateUser": {
        "method": "PUT",
        "path": "/users/{account.id}",
        "body": "{\"status\": \"active\"}",
        "idempotent": true,
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 404,
            "when": "type == \"object\" and .code == \"not_found\"",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/users/{account.id}",
        "query": {
          "notify": "false",
          "force": "false"
        },
        "success": [
          204
        ],
        "outcomes": [
          {
            "status": 404,
            "when": "type == \"object\" and .code == \"not_found\"",
            "means": "alreadyAbsent"
          }
        ],
        "errors": {
          "rules": [
            {
              "status": 400,
              "code": "CONFLICT",
              "message": "Box will not delete a user who still owns content.",
              "hint": "Transfer their content in the Admin Console (Users & Groups > the user > Transfer content), or run \"Delete with their files\"."
            },
            {
              "status": 403,
              "when": "(.message // \"\") | test(\"retention|legal hold|transfer\"; \"i\")",
              "code": "CONFLICT",
              "message": "Box will not delete this user while their content is under a retention or legal hold policy.",
              "hint": "Transfer their content to another user first, then delete again."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": true
      },
      "custom": {
        "setCoadmin": {
          "label": "Grant or revoke Box co-admin",
          "description": "Sets the user's enterprise role to co-admin or back to user (Box's primary admin cannot be changed through the API).",
          "plan": "business",
          "method": "PUT",
          "path": "/users/{account.id}",
          "variables": {
            "coadmin": {
              "type": "boolean",
              "required": true,
              "description": "true for co-admin, false for user"
            }
          },
          "body": "{\"role\": {{#if vars.coadmin}}\"coadmin\"{{else}}\"user\"{{/if}}}",
          "result": ".",
          "contentType": "application/json",
          "idempotent": true
        },
        "deleteWithContent": {
          "label": "Delete with their files",
          "description": "Deletes the user and every file and folder they own (Box's force); nothing is transferred.",
          "plan": "business",
          "method": "DELETE",
          "path": "/users/{account.id}",
          "query": {
            "notify": "false",
            "force": "true"
          },
          "success": [
            204
          ],
          "contentType": "application/json",
          "idempotent": true
        }
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      "(.message // \"\") | test(\"retention|legal hold|transfer\"; \"i\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"message","start":1},"start":1},"right":{"type":"Literal","value":"","start":13},"start":10},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"retention|legal hold|transfer","start":24},{"type":"Literal","value":"i","start":57}],"start":19},"start":0},
      ".": {"type":"Identity","start":0},
      "if type == \"object\" then (.message // .error_description // .error // tostring) | tostring else tostring end": {"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":3},"right":{"type":"Literal","value":"object","start":11},"start":8},"then":{"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":26},"index":{"type":"Literal","value":"message","start":26},"start":26},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":38},"index":{"type":"Literal","value":"error_description","start":38},"start":38},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":60},"index":{"type":"Literal","value":"error","start":60},"start":60},"right":{"type":"Call","name":"tostring","args":[],"start":70},"start":67},"start":57},"start":35},"right":{"type":"Call","name":"tostring","args":[],"start":82},"start":25},"otherwise":{"type":"Call","name":"tostring","args":[],"start":96},"start":0},
      "type == \"object\" and .code == \"not_found\"": {"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":0},"right":{"type":"Literal","value":"object","start":8},"start":5},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":21},"index":{"type":"Literal","value":"code","start":21},"start":21},"right":{"type":"Literal","value":"not_found","start":30},"start":27},"start":17},
      "{\"r\": ((try [limit(1; (.entries\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.login // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\" or .role == \"coadmin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .status == \"inactive\" then \"deactivated\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status != \"inactive\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.created_at\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"cursor\": (try [limit(1; (.next_marker\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), \"cursor found\": (try [limit(1; (try (first(path(.next_marker\n)) as $p | if ($p | length) == 0 then true else (getpath($p[:-1]) | if type == \"object\" or type == \"array\" then has($p[-1]) else false end) end) catch null\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"entries","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":43},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":58},"right":{"type":"Literal","value":"string","start":66},"start":63},"then":{"type":"Identity","start":80},"otherwise":{"type":"Call","name":"tojson","args":[],"start":87},"start":55}}],"start":42},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":106},"right":{"type":"Literal","value":"object","start":114},"start":111},"then":{"type":"Identity","start":128},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":135},"right":{"type":"Literal","value":0,"start":145},"start":142},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":153},"value":{"type":"Literal","value":"no output","start":162}}],"start":152},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":181},"index":{"type":"Literal","value":0,"start":183},"start":182},"right":{"type":"Call","name":"type","args":[],"start":188},"start":181},"right":{"type":"Literal","value":"array","start":197},"start":194},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":211},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":221},"index":{"type":"Literal","value":0,"start":223},"start":222},"right":{"type":"Call","name":"type","args":[],"start":228},"start":221}}],"start":210},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":241},"index":{"type":"Literal","value":0,"start":243},"start":242},"start":245},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":263},{"type":"Index","target":{"type":"Identity","start":267},"index":{"type":"Literal","value":"id","start":267},"start":267}],"start":257},"start":256},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":282},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":297},"right":{"type":"Literal","value":"string","start":305},"start":302},"then":{"type":"Identity","start":319},"otherwise":{"type":"Call","name":"tojson","args":[],"start":326},"start":294}}],"start":281},"start":252},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":353},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":357},"index":{"type":"Literal","value":"login","start":357},"start":357},"right":{"type":"Literal","value":"","start":367},"start":364}],"start":347},"start":346},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":381},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":396},"right":{"type":"Literal","value":"string","start":404},"start":401},"then":{"type":"Identity","start":418},"otherwise":{"type":"Call","name":"tojson","args":[],"start":425},"start":393}}],"start":380},"start":342},"start":339},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":452},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":460},"index":{"type":"Literal","value":"name","start":460},"start":460},"right":{"type":"Literal","value":"","start":469},"start":466},"right":{"type":"Literal","value":"","start":476},"start":473},"then":{"type":"Index","target":{"type":"Identity","start":484},"index":{"type":"Literal","value":"name","start":484},"start":484},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":496},"index":{"type":"Literal","value":"login","start":496},"start":496},"right":{"type":"Literal","value":"","start":506},"start":503},"start":456}],"start":446},"start":445},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":525},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":540},"right":{"type":"Literal","value":"string","start":548},"start":545},"then":{"type":"Identity","start":562},"otherwise":{"type":"Call","name":"tojson","args":[],"start":569},"start":537}}],"start":524},"start":441},"start":438},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":596},{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":600},"index":{"type":"Literal","value":"role","start":600},"start":600},"right":{"type":"Literal","value":"admin","start":609},"start":606},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":620},"index":{"type":"Literal","value":"role","start":620},"start":620},"right":{"type":"Literal","value":"coadmin","start":629},"start":626},"start":617}],"start":590},"start":589},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":650},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":665},"right":{"type":"Literal","value":"string","start":673},"start":670},"then":{"type":"Identity","start":687},"otherwise":{"type":"Call","name":"tojson","args":[],"start":694},"start":662}}],"start":649},"start":585},"start":582},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":721},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":728},"index":{"type":"Literal","value":"status","start":728},"start":728},"right":{"type":"Literal","value":"inactive","start":739},"start":736},"then":{"type":"Literal","value":"deactivated","start":755},"otherwise":{"type":"Literal","value":"active","start":774},"start":725}],"start":715},"start":714},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":798},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":813},"right":{"type":"Literal","value":"string","start":821},"start":818},"then":{"type":"Identity","start":835},"otherwise":{"type":"Call","name":"tojson","args":[],"start":842},"start":810}}],"start":797},"start":710},"start":707},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":869},{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":873},"index":{"type":"Literal","value":"status","start":873},"start":873},"right":{"type":"Literal","value":"inactive","start":884},"start":881}],"start":863},"start":862},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":906},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":921},"right":{"type":"Literal","value":"string","start":929},"start":926},"then":{"type":"Identity","start":943},"otherwise":{"type":"Call","name":"tojson","args":[],"start":950},"start":918}}],"start":905},"start":858},"start":855},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":977},{"type":"Index","target":{"type":"Identity","start":981},"index":{"type":"Literal","value":"status","start":981},"start":981}],"start":971},"start":970},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1000},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1015},"right":{"type":"Literal","value":"string","start":1023},"start":1020},"then":{"type":"Identity","start":1037},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1044},"start":1012}}],"start":999},"start":966},"start":963},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1071},{"type":"Index","target":{"type":"Identity","start":1075},"index":{"type":"Literal","value":"role","start":1075},"start":1075}],"start":1065},"start":1064},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1092},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1107},"right":{"type":"Literal","value":"string","start":1115},"start":1112},"then":{"type":"Identity","start":1129},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1136},"start":1104}}],"start":1091},"start":1060},"start":1057},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1163},{"type":"Index","target":{"type":"Identity","start":1167},"index":{"type":"Literal","value":"created_at","start":1167},"start":1167}],"start":1157},"start":1156},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1190},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1205},"right":{"type":"Literal","value":"string","start":1213},"start":1210},"then":{"type":"Identity","start":1227},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1234},"start":1202}}],"start":1189},"start":1152},"start":1149},"start":250},"start":241},"start":240},"start":175},"start":130},"start":103},"start":7}},{"key":{"type":"Literal","value":"x","start":1256},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"cursor","start":1262},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1284},{"type":"Index","target":{"type":"Identity","start":1288},"index":{"type":"Literal","value":"next_marker","start":1288},"start":1288}],"start":1278},"start":1277},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1312},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1327},"right":{"type":"Literal","value":"string","start":1335},"start":1332},"then":{"type":"Identity","start":1349},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1356},"start":1324}}],"start":1311},"start":1273}},{"key":{"type":"Literal","value":"cursor found","start":1371},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1399},{"type":"Try","body":{"type":"Bind","source":{"type":"Call","name":"first","args":[{"type":"Call","name":"path","args":[{"type":"Index","target":{"type":"Identity","start":1419},"index":{"type":"Literal","value":"next_marker","start":1419},"start":1419}],"start":1414}],"start":1408},"patterns":[{"type":"VarPattern","name":"p","start":1438}],"body":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Pipe","left":{"type":"Var","name":"p","start":1447},"right":{"type":"Call","name":"length","args":[],"start":1452},"start":1447},"right":{"type":"Literal","value":0,"start":1463},"start":1460},"then":{"type":"Literal","value":true,"start":1470},"otherwise":{"type":"Pipe","left":{"type":"Call","name":"getpath","args":[{"type":"Slice","target":{"type":"Var","name":"p","start":1489},"to":{"type":"Neg","body":{"type":"Literal","value":1,"start":1494},"start":1493},"start":1491}],"start":1481},"right":{"type":"If","cond":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1503},"right":{"type":"Literal","value":"object","start":1511},"start":1508},"right":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1523},"right":{"type":"Literal","value":"array","start":1531},"start":1528},"start":1520},"then":{"type":"Call","name":"has","args":[{"type":"Index","target":{"type":"Var","name":"p","start":1548},"index":{"type":"Neg","body":{"type":"Literal","value":1,"start":1552},"start":1551},"start":1550}],"start":1544},"otherwise":{"type":"Literal","value":false,"start":1561},"start":1500},"start":1481},"start":1443},"start":1435},"handler":{"type":"Literal","value":null,"start":1583},"start":1403}],"start":1393},"start":1392},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1599},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1614},"right":{"type":"Literal","value":"string","start":1622},"start":1619},"then":{"type":"Identity","start":1636},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1643},"start":1611}}],"start":1598},"start":1388}}],"start":1261}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.login // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\" or .role == \"coadmin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .status == \"inactive\" then \"deactivated\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status != \"inactive\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.created_at\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":365},"index":{"type":"Literal","value":"login","start":365},"start":365},"right":{"type":"Literal","value":"","start":375},"start":372}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":389},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":404},"right":{"type":"Literal","value":"string","start":412},"start":409},"then":{"type":"Identity","start":426},"otherwise":{"type":"Call","name":"tojson","args":[],"start":433},"start":401}}],"start":388},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":460},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":468},"index":{"type":"Literal","value":"name","start":468},"start":468},"right":{"type":"Literal","value":"","start":477},"start":474},"right":{"type":"Literal","value":"","start":484},"start":481},"then":{"type":"Index","target":{"type":"Identity","start":492},"index":{"type":"Literal","value":"name","start":492},"start":492},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":504},"index":{"type":"Literal","value":"login","start":504},"start":504},"right":{"type":"Literal","value":"","start":514},"start":511},"start":464}],"start":454},"start":453},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":533},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":548},"right":{"type":"Literal","value":"string","start":556},"start":553},"then":{"type":"Identity","start":570},"otherwise":{"type":"Call","name":"tojson","args":[],"start":577},"start":545}}],"start":532},"start":449},"start":446},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":604},{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":608},"index":{"type":"Literal","value":"role","start":608},"start":608},"right":{"type":"Literal","value":"admin","start":617},"start":614},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":628},"index":{"type":"Literal","value":"role","start":628},"start":628},"right":{"type":"Literal","value":"coadmin","start":637},"start":634},"start":625}],"start":598},"start":597},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":658},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":673},"right":{"type":"Literal","value":"string","start":681},"start":678},"then":{"type":"Identity","start":695},"otherwise":{"type":"Call","name":"tojson","args":[],"start":702},"start":670}}],"start":657},"start":593},"start":590},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":729},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":736},"index":{"type":"Literal","value":"status","start":736},"start":736},"right":{"type":"Literal","value":"inactive","start":747},"start":744},"then":{"type":"Literal","value":"deactivated","start":763},"otherwise":{"type":"Literal","value":"active","start":782},"start":733}],"start":723},"start":722},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":806},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":821},"right":{"type":"Literal","value":"string","start":829},"start":826},"then":{"type":"Identity","start":843},"otherwise":{"type":"Call","name":"tojson","args":[],"start":850},"start":818}}],"start":805},"start":718},"start":715},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":877},{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":881},"index":{"type":"Literal","value":"status","start":881},"start":881},"right":{"type":"Literal","value":"inactive","start":892},"start":889}],"start":871},"start":870},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":914},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":929},"right":{"type":"Literal","value":"string","start":937},"start":934},"then":{"type":"Identity","start":951},"otherwise":{"type":"Call","name":"tojson","args":[],"start":958},"start":926}}],"start":913},"start":866},"start":863},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":985},{"type":"Index","target":{"type":"Identity","start":989},"index":{"type":"Literal","value":"status","start":989},"start":989}],"start":979},"start":978},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1008},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1023},"right":{"type":"Literal","value":"string","start":1031},"start":1028},"then":{"type":"Identity","start":1045},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1052},"start":1020}}],"start":1007},"start":974},"start":971},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1079},{"type":"Index","target":{"type":"Identity","start":1083},"index":{"type":"Literal","value":"role","start":1083},"start":1083}],"start":1073},"start":1072},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1100},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1115},"right":{"type":"Literal","value":"string","start":1123},"start":1120},"then":{"type":"Identity","start":1137},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1144},"start":1112}}],"start":1099},"start":1068},"start":1065},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1171},{"type":"Index","target":{"type":"Identity","start":1175},"index":{"type":"Literal","value":"created_at","start":1175},"start":1175}],"start":1165},"start":1164},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1198},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1213},"right":{"type":"Literal","value":"string","start":1221},"start":1218},"then":{"type":"Identity","start":1235},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1242},"start":1210}}],"start":1197},"start":1160},"start":1157},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1264},"value":{"type":"Object","entries":[],"start":1269}}],"start":0},
    },
  },
};
