// Generated from specs/prebuilt/okta.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Okta. */
export type OktaInputs = {
  /** Okta org URL The org's address, e.g. https://acme.okta.com (no path). */
  baseUrl: string;
  /** API token (secret) Created by an admin under Security > API > Tokens; it acts with that admin's permissions (a super or org admin, or a custom role that may manage users) and is shown once. */
  token: string;
};

/** Standard actions Okta defines. */
export type OktaActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Okta defines. */
export type OktaCustomActionName = never;

/** Okta (prebuilt), compiled from specs/prebuilt/okta.yaml. */
export const oktaConnector: CompiledConnector<OktaInputs, OktaActionName, OktaCustomActionName> = {
  source: "specs/prebuilt/okta.yaml",
  spec: {
    "specVersion": 1,
    "id": "okta",
    "name": "Okta",
    "description": "Imports every user of an Okta org, deactivated (DEPROVISIONED) ones included, with their state (STAGED and PROVISIONED are invited, SUSPENDED and DEPROVISIONED deactivated); creates users staged, activates them with Okta's activation email (the person sets a password and only then is active), deactivates and deletes them. Delete is deactivate-then-delete, as Okta requires. Admin is not reported: the user list carries no admin role assignments (reading them takes one request per user).",
    "type": "prebuilt",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "Okta org URL",
        "help": "The org's address, e.g. https://acme.okta.com (no path).",
        "required": true,
        "secret": false
      },
      "token": {
        "label": "API token",
        "help": "Created by an admin under Security > API > Tokens; it acts with that admin's permissions (a super or org admin, or a custom role that may manage users) and is shown once.",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "apiKey",
      "in": "header",
      "name": "Authorization",
      "value": "SSWS {{ .Key }}",
      "key": "token"
    },
    "errors": {
      "message": "if (.errorCauses // []) | length > 0 then .errorSummary + \": \" + ([.errorCauses[].errorSummary] | join(\"; \")) else .errorSummary end",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Okta refused the API token.",
          "hint": "Check that the token is pasted whole and still exists under Security > API > Tokens (unused tokens expire after 30 days)."
        },
        {
          "status": 403,
          "when": ".errorCode == \"E0000006\"",
          "code": "FORBIDDEN",
          "message": "The API token's admin may not do this.",
          "hint": "The token acts with the permissions of the admin who created it; use a token of an admin who may manage users."
        },
        {
          "status": 429,
          "code": "RATE_LIMITED",
          "message": "Okta's rate limit for this endpoint was reached and did not reset within the retry budget.",
          "hint": "Try again after a minute, or ask Okta for a higher rate limit."
        }
      ]
    },
    "retryOn": [
      {
        "status": 429,
        "waitHeader": "x-rate-limit-reset"
      }
    ],
    "supports": [
      "importUsers",
      "createUser",
      "activateUser",
      "deactivateUser",
      "deleteUser"
    ],
    "actions": {
      "importUsers": {
        "path": "/api/v1/users",
        "mapping": {
          "id": ".id",
          "email": ".profile.email // \"\"",
          "name": "[.profile.firstName, .profile.lastName] | map(select(. != null and . != \"\")) | join(\" \")",
          "state": "{\"STAGED\": \"invited\", \"PROVISIONED\": \"invited\", \"SUSPENDED\": \"deactivated\", \"DEPROVISIONED\": \"deactivated\"}[.status] // \"active\"",
          "active": ".status as $s | [\"ACTIVE\", \"RECOVERY\", \"PASSWORD_EXPIRED\", \"LOCKED_OUT\"] | any(. == $s)",
          "status": ".status",
          "login": ".profile.login"
        },
        "pagination": {
          "type": "link",
          "sizeParam": "limit",
          "size": 200,
          "rel": "next",
          "maxPages": 10000
        },
        "additionalLists": [
          {
            "path": "/api/v1/users",
            "query": {
              "search": "status eq \"DEPROVISIONED\""
            },
            "mapping": {
              "id": ".id",
              "email": ".profile.email // \"\"",
              "name": "[.profile.firstName, .profile.lastName] | map(select(. != null and . != \"\")) | join(\" \")",
              "state": "{\"STAGED\": \"invited\", \"PROVISIONED\": \"invited\", \"SUSPENDED\": \"deactivated\", \"DEPROVISIONED\": \"deactivated\"}[.status] // \"active\"",
              "active": ".status as $s | [\"ACTIVE\", \"RECOVERY\", \"PASSWORD_EXPIRED\", \"LOCKED_OUT\"] | any(. == $s)",
              "status": ".status",
              "login": ".profile.login"
            },
            "pagination": {
              "type": "link",
              "sizeParam": "limit",
              "size": 200,
              "rel": "next",
              "maxPages": 10000
            },
            "contentType": "application/json",
            "records": ".",
            "method": "GET",
            "idempotent": true
          }
        ],
        "contentType": "application/json",
        "records": ".",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "createsInactive": "always",
        "path": "/api/v1/users?activate=false",
        "requires": [
          "user.email"
        ],
        "body": "{\n  \"profile\": {\n    \"firstName\": {{default (truncate user.firstName 50) (truncate (firstWord user.name) 50)}},\n    \"lastName\": {{default (truncate user.lastName 50) (truncate (restWords user.name) 50)}},\n    \"email\": {{user.email}},\n    \"login\": {{user.email}}\n  }\n}\n",
        "success": [
          200
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 400,
              "when": "[.errorCauses[]?.errorSummary] | join(\" \") | test(\"already exists\")",
              "code": "CONFLICT",
              "message": "An Okta user with this login already exists."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "activateUser": {
        "method": "POST",
        "path": "/api/v1/users/{account.id}/lifecycle/activate",
        "query": {
          "sendEmail": "true"
        },
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 403,
            "when": ".errorCode == \"E0000016\"",
            "means": "alreadyDone"
          },
          {
            "status": 404,
            "when": ".errorCode == \"E0000007\"",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json",
        "idempotent": false
      },
      "deactivateUser": {
        "method": "POST",
        "path": "/api/v1/users/{account.id}/lifecycle/deactivate",
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 403,
            "when": ".errorCode == \"E0000038\"",
            "means": "alreadyDone"
          },
          {
            "status": 404,
            "when": ".errorCode == \"E0000007\"",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json",
        "idempotent": false
      },
      "deleteUser": {
        "steps": [
          {
            "method": "DELETE",
            "path": "/api/v1/users/{account.id}",
            "success": [
              204
            ],
            "outcomes": [
              {
                "status": 404,
                "when": ".errorCode == \"E0000007\"",
                "means": "alreadyAbsent"
              }
            ],
            "contentType": "application/json",
            "idempotent": true
          },
          {
            "method": "DELETE",
            "path": "/api/v1/users/{account.id}",
            "success": [
              204
            ],
            "outcomes": [
              {
                "status": 404,
                "when": ".errorCode == \"E0000007\"",
                "means": "alreadyDone"
              }
            ],
            "contentType": "application/json",
            "idempotent": true
          }
        ],
        "contentType": "application/json"
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      ".errorCode == \"E0000006\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"errorCode","start":0},"start":0},"right":{"type":"Literal","value":"E0000006","start":14},"start":11},
      ".errorCode == \"E0000007\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"errorCode","start":0},"start":0},"right":{"type":"Literal","value":"E0000007","start":14},"start":11},
      ".errorCode == \"E0000016\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"errorCode","start":0},"start":0},"right":{"type":"Literal","value":"E0000016","start":14},"start":11},
      ".errorCode == \"E0000038\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"errorCode","start":0},"start":0},"right":{"type":"Literal","value":"E0000038","start":14},"start":11},
      "[.errorCauses[]?.errorSummary] | join(\" \") | test(\"already exists\")": {"type":"Pipe","left":{"type":"Array","body":{"type":"Index","target":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"errorCauses","start":1},"start":1},"right":{"type":"Try","body":{"type":"Iterate","target":{"type":"Identity","start":15},"start":13},"start":15},"start":15},"index":{"type":"Literal","value":"errorSummary","start":16},"start":16},"start":0},"right":{"type":"Pipe","left":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":38}],"start":33},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"already exists","start":50}],"start":45},"start":33},"start":0},
      "if (.errorCauses // []) | length > 0 then .errorSummary + \": \" + ([.errorCauses[].errorSummary] | join(\"; \")) else .errorSummary end": {"type":"If","cond":{"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":4},"index":{"type":"Literal","value":"errorCauses","start":4},"start":4},"right":{"type":"Array","start":20},"start":17},"right":{"type":"Binary","op":">","left":{"type":"Call","name":"length","args":[],"start":26},"right":{"type":"Literal","value":0,"start":35},"start":33},"start":3},"then":{"type":"Binary","op":"+","left":{"type":"Binary","op":"+","left":{"type":"Index","target":{"type":"Identity","start":42},"index":{"type":"Literal","value":"errorSummary","start":42},"start":42},"right":{"type":"Literal","value":": ","start":58},"start":56},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Index","target":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":67},"index":{"type":"Literal","value":"errorCauses","start":67},"start":67},"start":79},"index":{"type":"Literal","value":"errorSummary","start":81},"start":81},"start":66},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":"; ","start":103}],"start":98},"start":66},"start":63},"otherwise":{"type":"Index","target":{"type":"Identity","start":115},"index":{"type":"Literal","value":"errorSummary","start":115},"start":115},"start":0},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ([.profile.firstName, .profile.lastName] | map(select(. != null and . != \"\")) | join(\" \")\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ({\"STAGED\": \"invited\", \"PROVISIONED\": \"invited\", \"SUSPENDED\": \"deactivated\", \"DEPROVISIONED\": \"deactivated\"}[.status] // \"active\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status as $s | [\"ACTIVE\", \"RECOVERY\", \"PASSWORD_EXPIRED\", \"LOCKED_OUT\"] | any(. == $s)\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Index","target":{"type":"Identity","start":260},"index":{"type":"Literal","value":"id","start":260},"start":260}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":275},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":290},"right":{"type":"Literal","value":"string","start":298},"start":295},"then":{"type":"Identity","start":312},"otherwise":{"type":"Call","name":"tojson","args":[],"start":319},"start":287}}],"start":274},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":346},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":350},"index":{"type":"Literal","value":"profile","start":350},"start":350},"index":{"type":"Literal","value":"email","start":358},"start":358},"right":{"type":"Literal","value":"","start":368},"start":365}],"start":340},"start":339},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":382},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":397},"right":{"type":"Literal","value":"string","start":405},"start":402},"then":{"type":"Identity","start":419},"otherwise":{"type":"Call","name":"tojson","args":[],"start":426},"start":394}}],"start":381},"start":335},"start":332},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":453},{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":458},"index":{"type":"Literal","value":"profile","start":458},"start":458},"index":{"type":"Literal","value":"firstName","start":466},"start":466},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":478},"index":{"type":"Literal","value":"profile","start":478},"start":478},"index":{"type":"Literal","value":"lastName","start":486},"start":486},"start":476},"start":457},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Identity","start":510},"right":{"type":"Literal","value":null,"start":515},"start":512},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":524},"right":{"type":"Literal","value":"","start":529},"start":526},"start":520}],"start":503}],"start":499},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":541}],"start":536},"start":499},"start":457}],"start":447},"start":446},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":557},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":572},"right":{"type":"Literal","value":"string","start":580},"start":577},"then":{"type":"Identity","start":594},"otherwise":{"type":"Call","name":"tojson","args":[],"start":601},"start":569}}],"start":556},"start":442},"start":439},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":628},{"type":"Alt","left":{"type":"Index","target":{"type":"Object","entries":[{"key":{"type":"Literal","value":"STAGED","start":633},"value":{"type":"Literal","value":"invited","start":643}},{"key":{"type":"Literal","value":"PROVISIONED","start":654},"value":{"type":"Literal","value":"invited","start":669}},{"key":{"type":"Literal","value":"SUSPENDED","start":680},"value":{"type":"Literal","value":"deactivated","start":693}},{"key":{"type":"Literal","value":"DEPROVISIONED","start":708},"value":{"type":"Literal","value":"deactivated","start":725}}],"start":632},"index":{"type":"Index","target":{"type":"Identity","start":740},"index":{"type":"Literal","value":"status","start":740},"start":740},"start":739},"right":{"type":"Literal","value":"active","start":752},"start":749}],"start":622},"start":621},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":772},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":787},"right":{"type":"Literal","value":"string","start":795},"start":792},"then":{"type":"Identity","start":809},"otherwise":{"type":"Call","name":"tojson","args":[],"start":816},"start":784}}],"start":771},"start":617},"start":614},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":843},{"type":"Bind","source":{"type":"Index","target":{"type":"Identity","start":847},"index":{"type":"Literal","value":"status","start":847},"start":847},"patterns":[{"type":"VarPattern","name":"s","start":858}],"body":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Literal","value":"ACTIVE","start":864},"right":{"type":"Literal","value":"RECOVERY","start":874},"start":872},"right":{"type":"Literal","value":"PASSWORD_EXPIRED","start":886},"start":884},"right":{"type":"Literal","value":"LOCKED_OUT","start":906},"start":904},"start":863},"right":{"type":"Call","name":"any","args":[{"type":"Binary","op":"==","left":{"type":"Identity","start":926},"right":{"type":"Var","name":"s","start":931},"start":928}],"start":922},"start":863},"start":855}],"start":837},"start":836},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":946},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":961},"right":{"type":"Literal","value":"string","start":969},"start":966},"then":{"type":"Identity","start":983},"otherwise":{"type":"Call","name":"tojson","args":[],"start":990},"start":958}}],"start":945},"start":832},"start":829},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1017},{"type":"Index","target":{"type":"Identity","start":1021},"index":{"type":"Literal","value":"status","start":1021},"start":1021}],"start":1011},"start":1010},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1040},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1055},"right":{"type":"Literal","value":"string","start":1063},"start":1060},"then":{"type":"Identity","start":1077},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1084},"start":1052}}],"start":1039},"start":1006},"start":1003},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1111},{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1115},"index":{"type":"Literal","value":"profile","start":1115},"start":1115},"index":{"type":"Literal","value":"login","start":1123},"start":1123}],"start":1105},"start":1104},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1141},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1156},"right":{"type":"Literal","value":"string","start":1164},"start":1161},"then":{"type":"Identity","start":1178},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1185},"start":1153}}],"start":1140},"start":1100},"start":1097},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":1207},"value":{"type":"Object","entries":[],"start":1212}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ([.profile.firstName, .profile.lastName] | map(select(. != null and . != \"\")) | join(\" \")\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ({\"STAGED\": \"invited\", \"PROVISIONED\": \"invited\", \"SUSPENDED\": \"deactivated\", \"DEPROVISIONED\": \"deactivated\"}[.status] // \"active\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status as $s | [\"ACTIVE\", \"RECOVERY\", \"PASSWORD_EXPIRED\", \"LOCKED_OUT\"] | any(. == $s)\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.status\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":365},"index":{"type":"Literal","value":"profile","start":365},"start":365},"index":{"type":"Literal","value":"email","start":373},"start":373},"right":{"type":"Literal","value":"","start":383},"start":380}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":397},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":412},"right":{"type":"Literal","value":"string","start":420},"start":417},"then":{"type":"Identity","start":434},"otherwise":{"type":"Call","name":"tojson","args":[],"start":441},"start":409}}],"start":396},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":468},{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":473},"index":{"type":"Literal","value":"profile","start":473},"start":473},"index":{"type":"Literal","value":"firstName","start":481},"start":481},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":493},"index":{"type":"Literal","value":"profile","start":493},"start":493},"index":{"type":"Literal","value":"lastName","start":501},"start":501},"start":491},"start":472},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Identity","start":525},"right":{"type":"Literal","value":null,"start":530},"start":527},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":539},"right":{"type":"Literal","value":"","start":544},"start":541},"start":535}],"start":518}],"start":514},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":556}],"start":551},"start":514},"start":472}],"start":462},"start":461},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":572},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":587},"right":{"type":"Literal","value":"string","start":595},"start":592},"then":{"type":"Identity","start":609},"otherwise":{"type":"Call","name":"tojson","args":[],"start":616},"start":584}}],"start":571},"start":457},"start":454},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":643},{"type":"Alt","left":{"type":"Index","target":{"type":"Object","entries":[{"key":{"type":"Literal","value":"STAGED","start":648},"value":{"type":"Literal","value":"invited","start":658}},{"key":{"type":"Literal","value":"PROVISIONED","start":669},"value":{"type":"Literal","value":"invited","start":684}},{"key":{"type":"Literal","value":"SUSPENDED","start":695},"value":{"type":"Literal","value":"deactivated","start":708}},{"key":{"type":"Literal","value":"DEPROVISIONED","start":723},"value":{"type":"Literal","value":"deactivated","start":740}}],"start":647},"index":{"type":"Index","target":{"type":"Identity","start":755},"index":{"type":"Literal","value":"status","start":755},"start":755},"start":754},"right":{"type":"Literal","value":"active","start":767},"start":764}],"start":637},"start":636},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":787},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":802},"right":{"type":"Literal","value":"string","start":810},"start":807},"then":{"type":"Identity","start":824},"otherwise":{"type":"Call","name":"tojson","args":[],"start":831},"start":799}}],"start":786},"start":632},"start":629},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":858},{"type":"Bind","source":{"type":"Index","target":{"type":"Identity","start":862},"index":{"type":"Literal","value":"status","start":862},"start":862},"patterns":[{"type":"VarPattern","name":"s","start":873}],"body":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Literal","value":"ACTIVE","start":879},"right":{"type":"Literal","value":"RECOVERY","start":889},"start":887},"right":{"type":"Literal","value":"PASSWORD_EXPIRED","start":901},"start":899},"right":{"type":"Literal","value":"LOCKED_OUT","start":921},"start":919},"start":878},"right":{"type":"Call","name":"any","args":[{"type":"Binary","op":"==","left":{"type":"Identity","start":941},"right":{"type":"Var","name":"s","start":946},"start":943}],"start":937},"start":878},"start":870}],"start":852},"start":851},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":961},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":976},"right":{"type":"Literal","value":"string","start":984},"start":981},"then":{"type":"Identity","start":998},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1005},"start":973}}],"start":960},"start":847},"start":844},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1032},{"type":"Index","target":{"type":"Identity","start":1036},"index":{"type":"Literal","value":"status","start":1036},"start":1036}],"start":1026},"start":1025},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1055},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1070},"right":{"type":"Literal","value":"string","start":1078},"start":1075},"then":{"type":"Identity","start":1092},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1099},"start":1067}}],"start":1054},"start":1021},"start":1018},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1126},{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1130},"index":{"type":"Literal","value":"profile","start":1130},"start":1130},"index":{"type":"Literal","value":"login","start":1138},"start":1138}],"start":1120},"start":1119},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1156},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1171},"right":{"type":"Literal","value":"string","start":1179},"start":1176},"then":{"type":"Identity","start":1193},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1200},"start":1168}}],"start":1155},"start":1115},"start":1112},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1222},"value":{"type":"Object","entries":[],"start":1227}}],"start":0},
    },
  },
};
