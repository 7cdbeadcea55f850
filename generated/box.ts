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
    "description": "Imports, creates, reactivates (activate), deactivates and deletes the managed users of a Box enterprise, with admin from the enterprise role (admin or co-admin) and each user's status (inactive is deactivated; the two restricted statuses, which may still sign in, are active and kept as boxStatus). Create User makes a managed user, co-admin when the person is an admin, and Box emails them to set a password. Delete User refuses a user who still owns content (Box's default); the custom action \"Delete with their files\" uses Box's force. Grants or revokes co-admin from a workflow (custom action). App users and external collaborators are neither imported nor changed; groups and folders are not changed.",
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
          "hint": "Check the client ID and secret, the enterprise ID, and that the app is authorized in the Admin Console (Integrations > Platform Apps Manager)."
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
          "fields": "id,type,name,login,status,role,is_platform_access_only,created_at,modified_at"
        },
        "records": ".entries | map(select(.is_platform_access_only != true))",
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
      "{\"r\": ((try [limit(1; (.entries | map(select(.is_platform_access_only != true))\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.login // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\" or .role == \"coadmin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .status == \"inactive\" then \"deactivated\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status != \"inactive\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.created_at\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"cursor\": (try [limit(1; (.next_marker\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), \"cursor found\": (try [limit(1; (try (first(path(.next_marker\n)) as $p | if ($p | length) == 0 then true else (getpath($p[:-1]) | if type == \"object\" or type == \"array\" then has($p[-1]) else false end) end) catch null\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"entries","start":23},"start":23},"right":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":45},"index":{"type":"Literal","value":"is_platform_access_only","start":45},"start":45},"right":{"type":"Literal","value":true,"start":73},"start":70}],"start":38}],"start":34},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":91},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":106},"right":{"type":"Literal","value":"string","start":114},"start":111},"then":{"type":"Identity","start":128},"otherwise":{"type":"Call","name":"tojson","args":[],"start":135},"start":103}}],"start":90},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":154},"right":{"type":"Literal","value":"object","start":162},"start":159},"then":{"type":"Identity","start":176},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":183},"right":{"type":"Literal","value":0,"start":193},"start":190},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":201},"value":{"type":"Literal","value":"no output","start":210}}],"start":200},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229},"right":{"type":"Literal","value":"array","start":245},"start":242},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":259},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":269},"index":{"type":"Literal","value":0,"start":271},"start":270},"right":{"type":"Call","name":"type","args":[],"start":276},"start":269}}],"start":258},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":289},"index":{"type":"Literal","value":0,"start":291},"start":290},"start":293},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":311},{"type":"Index","target":{"type":"Identity","start":315},"index":{"type":"Literal","value":"id","start":315},"start":315}],"start":305},"start":304},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":330},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":345},"right":{"type":"Literal","value":"string","start":353},"start":350},"then":{"type":"Identity","start":367},"otherwise":{"type":"Call","name":"tojson","args":[],"start":374},"start":342}}],"start":329},"start":300},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":401},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":405},"index":{"type":"Literal","value":"login","start":405},"start":405},"right":{"type":"Literal","value":"","start":415},"start":412}],"start":395},"start":394},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":429},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":444},"right":{"type":"Literal","value":"string","start":452},"start":449},"then":{"type":"Identity","start":466},"otherwise":{"type":"Call","name":"tojson","args":[],"start":473},"start":441}}],"start":428},"start":390},"start":387},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":500},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":508},"index":{"type":"Literal","value":"name","start":508},"start":508},"right":{"type":"Literal","value":"","start":517},"start":514},"right":{"type":"Literal","value":"","start":524},"start":521},"then":{"type":"Index","target":{"type":"Identity","start":532},"index":{"type":"Literal","value":"name","start":532},"start":532},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":544},"index":{"type":"Literal","value":"login","start":544},"start":544},"right":{"type":"Literal","value":"","start":554},"start":551},"start":504}],"start":494},"start":493},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":573},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":588},"right":{"type":"Literal","value":"string","start":596},"start":593},"then":{"type":"Identity","start":610},"otherwise":{"type":"Call","name":"tojson","args":[],"start":617},"start":585}}],"start":572},"start":489},"start":486},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":644},{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":648},"index":{"type":"Literal","value":"role","start":648},"start":648},"right":{"type":"Literal","value":"admin","start":657},"start":654},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":668},"index":{"type":"Literal","value":"role","start":668},"start":668},"right":{"type":"Literal","value":"coadmin","start":677},"start":674},"start":665}],"start":638},"start":637},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":698},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":713},"right":{"type":"Literal","value":"string","start":721},"start":718},"then":{"type":"Identity","start":735},"otherwise":{"type":"Call","name":"tojson","args":[],"start":742},"start":710}}],"start":697},"start":633},"start":630},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":769},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":776},"index":{"type":"Literal","value":"status","start":776},"start":776},"right":{"type":"Literal","value":"inactive","start":787},"start":784},"then":{"type":"Literal","value":"deactivated","start":803},"otherwise":{"type":"Literal","value":"active","start":822},"start":773}],"start":763},"start":762},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":846},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":861},"right":{"type":"Literal","value":"string","start":869},"start":866},"then":{"type":"Identity","start":883},"otherwise":{"type":"Call","name":"tojson","args":[],"start":890},"start":858}}],"start":845},"start":758},"start":755},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":917},{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":921},"index":{"type":"Literal","value":"status","start":921},"start":921},"right":{"type":"Literal","value":"inactive","start":932},"start":929}],"start":911},"start":910},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":954},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":969},"right":{"type":"Literal","value":"string","start":977},"start":974},"then":{"type":"Identity","start":991},"otherwise":{"type":"Call","name":"tojson","args":[],"start":998},"start":966}}],"start":953},"start":906},"start":903},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1025},{"type":"Index","target":{"type":"Identity","start":1029},"index":{"type":"Literal","value":"status","start":1029},"start":1029}],"start":1019},"start":1018},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1048},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1063},"right":{"type":"Literal","value":"string","start":1071},"start":1068},"then":{"type":"Identity","start":1085},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1092},"start":1060}}],"start":1047},"start":1014},"start":1011},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1119},{"type":"Index","target":{"type":"Identity","start":1123},"index":{"type":"Literal","value":"role","start":1123},"start":1123}],"start":1113},"start":1112},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1140},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1155},"right":{"type":"Literal","value":"string","start":1163},"start":1160},"then":{"type":"Identity","start":1177},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1184},"start":1152}}],"start":1139},"start":1108},"start":1105},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1211},{"type":"Index","target":{"type":"Identity","start":1215},"index":{"type":"Literal","value":"created_at","start":1215},"start":1215}],"start":1205},"start":1204},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1238},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1253},"right":{"type":"Literal","value":"string","start":1261},"start":1258},"then":{"type":"Identity","start":1275},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1282},"start":1250}}],"start":1237},"start":1200},"start":1197},"start":298},"start":289},"start":288},"start":223},"start":178},"start":151},"start":7}},{"key":{"type":"Literal","value":"x","start":1304},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"cursor","start":1310},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1332},{"type":"Index","target":{"type":"Identity","start":1336},"index":{"type":"Literal","value":"next_marker","start":1336},"start":1336}],"start":1326},"start":1325},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1360},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1375},"right":{"type":"Literal","value":"string","start":1383},"start":1380},"then":{"type":"Identity","start":1397},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1404},"start":1372}}],"start":1359},"start":1321}},{"key":{"type":"Literal","value":"cursor found","start":1419},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1447},{"type":"Try","body":{"type":"Bind","source":{"type":"Call","name":"first","args":[{"type":"Call","name":"path","args":[{"type":"Index","target":{"type":"Identity","start":1467},"index":{"type":"Literal","value":"next_marker","start":1467},"start":1467}],"start":1462}],"start":1456},"patterns":[{"type":"VarPattern","name":"p","start":1486}],"body":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Pipe","left":{"type":"Var","name":"p","start":1495},"right":{"type":"Call","name":"length","args":[],"start":1500},"start":1495},"right":{"type":"Literal","value":0,"start":1511},"start":1508},"then":{"type":"Literal","value":true,"start":1518},"otherwise":{"type":"Pipe","left":{"type":"Call","name":"getpath","args":[{"type":"Slice","target":{"type":"Var","name":"p","start":1537},"to":{"type":"Neg","body":{"type":"Literal","value":1,"start":1542},"start":1541},"start":1539}],"start":1529},"right":{"type":"If","cond":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1551},"right":{"type":"Literal","value":"object","start":1559},"start":1556},"right":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1571},"right":{"type":"Literal","value":"array","start":1579},"start":1576},"start":1568},"then":{"type":"Call","name":"has","args":[{"type":"Index","target":{"type":"Var","name":"p","start":1596},"index":{"type":"Neg","body":{"type":"Literal","value":1,"start":1600},"start":1599},"start":1598}],"start":1592},"otherwise":{"type":"Literal","value":false,"start":1609},"start":1548},"start":1529},"start":1491},"start":1483},"handler":{"type":"Literal","value":null,"start":1631},"start":1451}],"start":1441},"start":1440},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1647},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1662},"right":{"type":"Literal","value":"string","start":1670},"start":1667},"then":{"type":"Identity","start":1684},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1691},"start":1659}}],"start":1646},"start":1436}}],"start":1309}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.login // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\" or .role == \"coadmin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .status == \"inactive\" then \"deactivated\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status != \"inactive\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.created_at\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":365},"index":{"type":"Literal","value":"login","start":365},"start":365},"right":{"type":"Literal","value":"","start":375},"start":372}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":389},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":404},"right":{"type":"Literal","value":"string","start":412},"start":409},"then":{"type":"Identity","start":426},"otherwise":{"type":"Call","name":"tojson","args":[],"start":433},"start":401}}],"start":388},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":460},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":468},"index":{"type":"Literal","value":"name","start":468},"start":468},"right":{"type":"Literal","value":"","start":477},"start":474},"right":{"type":"Literal","value":"","start":484},"start":481},"then":{"type":"Index","target":{"type":"Identity","start":492},"index":{"type":"Literal","value":"name","start":492},"start":492},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":504},"index":{"type":"Literal","value":"login","start":504},"start":504},"right":{"type":"Literal","value":"","start":514},"start":511},"start":464}],"start":454},"start":453},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":533},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":548},"right":{"type":"Literal","value":"string","start":556},"start":553},"then":{"type":"Identity","start":570},"otherwise":{"type":"Call","name":"tojson","args":[],"start":577},"start":545}}],"start":532},"start":449},"start":446},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":604},{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":608},"index":{"type":"Literal","value":"role","start":608},"start":608},"right":{"type":"Literal","value":"admin","start":617},"start":614},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":628},"index":{"type":"Literal","value":"role","start":628},"start":628},"right":{"type":"Literal","value":"coadmin","start":637},"start":634},"start":625}],"start":598},"start":597},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":658},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":673},"right":{"type":"Literal","value":"string","start":681},"start":678},"then":{"type":"Identity","start":695},"otherwise":{"type":"Call","name":"tojson","args":[],"start":702},"start":670}}],"start":657},"start":593},"start":590},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":729},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":736},"index":{"type":"Literal","value":"status","start":736},"start":736},"right":{"type":"Literal","value":"inactive","start":747},"start":744},"then":{"type":"Literal","value":"deactivated","start":763},"otherwise":{"type":"Literal","value":"active","start":782},"start":733}],"start":723},"start":722},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":806},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":821},"right":{"type":"Literal","value":"string","start":829},"start":826},"then":{"type":"Identity","start":843},"otherwise":{"type":"Call","name":"tojson","args":[],"start":850},"start":818}}],"start":805},"start":718},"start":715},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":877},{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":881},"index":{"type":"Literal","value":"status","start":881},"start":881},"right":{"type":"Literal","value":"inactive","start":892},"start":889}],"start":871},"start":870},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":914},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":929},"right":{"type":"Literal","value":"string","start":937},"start":934},"then":{"type":"Identity","start":951},"otherwise":{"type":"Call","name":"tojson","args":[],"start":958},"start":926}}],"start":913},"start":866},"start":863},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":985},{"type":"Index","target":{"type":"Identity","start":989},"index":{"type":"Literal","value":"status","start":989},"start":989}],"start":979},"start":978},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1008},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1023},"right":{"type":"Literal","value":"string","start":1031},"start":1028},"then":{"type":"Identity","start":1045},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1052},"start":1020}}],"start":1007},"start":974},"start":971},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1079},{"type":"Index","target":{"type":"Identity","start":1083},"index":{"type":"Literal","value":"role","start":1083},"start":1083}],"start":1073},"start":1072},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1100},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1115},"right":{"type":"Literal","value":"string","start":1123},"start":1120},"then":{"type":"Identity","start":1137},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1144},"start":1112}}],"start":1099},"start":1068},"start":1065},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1171},{"type":"Index","target":{"type":"Identity","start":1175},"index":{"type":"Literal","value":"created_at","start":1175},"start":1175}],"start":1165},"start":1164},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1198},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1213},"right":{"type":"Literal","value":"string","start":1221},"start":1218},"then":{"type":"Identity","start":1235},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1242},"start":1210}}],"start":1197},"start":1160},"start":1157},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1264},"value":{"type":"Object","entries":[],"start":1269}}],"start":0},
    },
  },
};
