// Generated from specs/prebuilt/gitlab.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of GitLab. */
export type GitlabInputs = {
  /** GitLab API URL The instance's address followed by /api/v4, for example https://gitlab.example.com/api/v4. */
  baseUrl: string;
  /** Access token (secret) A personal access token of an administrator (User settings > Access tokens), or of an administrator service account, with the api scope (and admin_mode where Admin Mode is on). A token with read_api only, or of a user who is not an administrator, supports Import Users only. */
  token: string;
};

/** Standard actions GitLab defines. */
export type GitlabActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions GitLab defines. */
export type GitlabCustomActionName = never;

/** GitLab (prebuilt), compiled from specs/prebuilt/gitlab.yaml. */
export const gitlabConnector: CompiledConnector<GitlabInputs, GitlabActionName, GitlabCustomActionName> = {
  source: "specs/prebuilt/gitlab.yaml",
  spec: {
    "specVersion": 1,
    "id": "gitlab",
    "name": "GitLab",
    "description": "Imports, creates, blocks (deactivate), unblocks, reactivates or approves (activate) and deletes the users of a self-managed GitLab instance or GitLab Dedicated, with admin from GitLab's administrator flag and each user's state (blocked, LDAP-blocked, banned and deactivated are deactivated; pending an administrator's approval is invited). Groups, projects and memberships are neither read nor changed. A token that may only read (read_api scope, or a user who is not an administrator) supports Import Users only.",
    "type": "prebuilt",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "GitLab API URL",
        "help": "The instance's address followed by /api/v4, for example https://gitlab.example.com/api/v4.",
        "required": true,
        "secret": false
      },
      "token": {
        "label": "Access token",
        "help": "A personal access token of an administrator (User settings > Access tokens), or of an administrator service account, with the api scope (and admin_mode where Admin Mode is on). A token with read_api only, or of a user who is not an administrator, supports Import Users only.",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "apiKey",
      "in": "header",
      "name": "PRIVATE-TOKEN",
      "key": "token",
      "value": "{{ .Key }}"
    },
    "errors": {
      "message": "if type != \"object\" then tostring elif .message != null then (.message | if type == \"object\" then [to_entries[] | \"\\(.key) \\(.value | if type == \"array\" then map(tostring) | join(\", \") else tostring end)\"] | join(\"; \") else tostring end) elif .error_description != null then (.error_description | tostring) elif .error != null then (.error | tostring) else tostring end",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "GitLab refused the access token.",
          "hint": "Check that the token is pasted whole, has not expired and has not been revoked (User settings > Access tokens)."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "The access token may not do this.",
          "hint": "Use a token of an administrator with the api scope (and admin_mode where Admin Mode is on); a read_api token, or one of a user who is not an administrator, allows Import Users only."
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
    "probe": {
      "description": "Add a system hook with an empty body, which an administrator's api token is refused for its content (400, url missing) and any other token for its rights (403).",
      "method": "POST",
      "path": "/hooks",
      "body": "{}",
      "answers": [
        {
          "status": 403,
          "means": "readOnly",
          "reason": "The access token may not manage the instance: it has the read_api scope only, or its user is not an administrator (or lacks admin_mode where Admin Mode is on). GitLab lets it import users only."
        },
        {
          "status": 400,
          "means": "writeAllowed"
        }
      ]
    },
    "actions": {
      "importUsers": {
        "path": "/users",
        "query": {
          "pagination": "keyset",
          "order_by": "id",
          "sort": "asc",
          "exclude_internal": "true",
          "without_project_bots": "true"
        },
        "records": ".",
        "mapping": {
          "id": ".id | tostring",
          "email": ".email // \"\"",
          "name": "if (.name // \"\") != \"\" then .name else (.username // \"\") end",
          "admin": ".is_admin == true",
          "state": "if .state == \"active\" then \"active\" elif .state == \"blocked_pending_approval\" then \"invited\" else \"deactivated\" end",
          "active": ".state == \"active\"",
          "username": ".username",
          "gitlabState": ".state",
          "lastSignInAt": ".last_sign_in_at"
        },
        "pagination": {
          "type": "link",
          "sizeParam": "per_page",
          "size": 100,
          "rel": "next",
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "path": "/users",
        "requires": [
          "user.email"
        ],
        "body": "{\n  \"email\": {{user.email}},\n  \"name\": {{default user.name user.email}},\n  \"username\": {{default user.username (localPart user.email)}},\n  \"reset_password\": true,\n  \"skip_confirmation\": true,\n  \"admin\": {{#if user.admin}}true{{else}}false{{/if}}\n}\n",
        "success": [
          201
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 409,
              "code": "CONFLICT",
              "message": "A GitLab user with this email or username already exists."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "deactivateUser": {
        "method": "POST",
        "path": "/users/{account.id}/block",
        "success": [
          201
        ],
        "idempotent": true,
        "outcomes": [
          {
            "status": 404,
            "when": "(.message // \"\") | test(\"User Not Found\")",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json"
      },
      "activateUser": {
        "steps": [
          {
            "method": "POST",
            "path": "/users/{account.id}/unblock",
            "when": "(.account.gitlabState // \"\") as $state | $state != \"deactivated\" and $state != \"blocked_pending_approval\"",
            "success": [
              201
            ],
            "idempotent": true,
            "outcomes": [
              {
                "status": 404,
                "when": "(.message // \"\") | test(\"User Not Found\")",
                "means": "alreadyAbsent"
              }
            ],
            "contentType": "application/json"
          },
          {
            "method": "POST",
            "path": "/users/{account.id}/activate",
            "when": "(.account.gitlabState // \"\") == \"deactivated\"",
            "success": [
              201
            ],
            "idempotent": true,
            "outcomes": [
              {
                "status": 404,
                "when": "(.message // \"\") | test(\"User Not Found\")",
                "means": "alreadyAbsent"
              }
            ],
            "contentType": "application/json"
          },
          {
            "method": "POST",
            "path": "/users/{account.id}/approve",
            "when": "(.account.gitlabState // \"\") == \"blocked_pending_approval\"",
            "success": [
              201
            ],
            "idempotent": true,
            "outcomes": [
              {
                "status": 404,
                "when": "(.message // \"\") | test(\"User Not Found\")",
                "means": "alreadyAbsent"
              },
              {
                "status": 409,
                "when": "(.message // \"\") | test(\"not pending approval\")",
                "means": "alreadyDone"
              }
            ],
            "contentType": "application/json"
          }
        ],
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/users/{account.id}",
        "success": [
          204
        ],
        "outcomes": [
          {
            "status": 404,
            "when": "(.message // \"\") | test(\"User Not Found\")",
            "means": "alreadyAbsent"
          }
        ],
        "errors": {
          "rules": [
            {
              "status": 409,
              "code": "CONFLICT",
              "message": "GitLab does not delete the sole owner of a group.",
              "hint": "Give the group another owner (or delete the group) in GitLab, then delete the user again."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": true
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      "(.account.gitlabState // \"\") == \"blocked_pending_approval\"": {"type":"Binary","op":"==","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"account","start":1},"start":1},"index":{"type":"Literal","value":"gitlabState","start":9},"start":9},"right":{"type":"Literal","value":"","start":25},"start":22},"right":{"type":"Literal","value":"blocked_pending_approval","start":32},"start":29},
      "(.account.gitlabState // \"\") == \"deactivated\"": {"type":"Binary","op":"==","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"account","start":1},"start":1},"index":{"type":"Literal","value":"gitlabState","start":9},"start":9},"right":{"type":"Literal","value":"","start":25},"start":22},"right":{"type":"Literal","value":"deactivated","start":32},"start":29},
      "(.account.gitlabState // \"\") as $state | $state != \"deactivated\" and $state != \"blocked_pending_approval\"": {"type":"Bind","source":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"account","start":1},"start":1},"index":{"type":"Literal","value":"gitlabState","start":9},"start":9},"right":{"type":"Literal","value":"","start":25},"start":22},"patterns":[{"type":"VarPattern","name":"state","start":32}],"body":{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Var","name":"state","start":41},"right":{"type":"Literal","value":"deactivated","start":51},"start":48},"right":{"type":"Binary","op":"!=","left":{"type":"Var","name":"state","start":69},"right":{"type":"Literal","value":"blocked_pending_approval","start":79},"start":76},"start":65},"start":29},
      "(.message // \"\") | test(\"User Not Found\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"message","start":1},"start":1},"right":{"type":"Literal","value":"","start":13},"start":10},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"User Not Found","start":24}],"start":19},"start":0},
      "(.message // \"\") | test(\"not pending approval\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"message","start":1},"start":1},"right":{"type":"Literal","value":"","start":13},"start":10},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"not pending approval","start":24}],"start":19},"start":0},
      "if type != \"object\" then tostring elif .message != null then (.message | if type == \"object\" then [to_entries[] | \"\\(.key) \\(.value | if type == \"array\" then map(tostring) | join(\", \") else tostring end)\"] | join(\"; \") else tostring end) elif .error_description != null then (.error_description | tostring) elif .error != null then (.error | tostring) else tostring end": {"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Call","name":"type","args":[],"start":3},"right":{"type":"Literal","value":"object","start":11},"start":8},"then":{"type":"Call","name":"tostring","args":[],"start":25},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":39},"index":{"type":"Literal","value":"message","start":39},"start":39},"right":{"type":"Literal","value":null,"start":51},"start":48},"then":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":62},"index":{"type":"Literal","value":"message","start":62},"start":62},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":76},"right":{"type":"Literal","value":"object","start":84},"start":81},"then":{"type":"Pipe","left":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Call","name":"to_entries","args":[],"start":99},"start":109},"right":{"type":"Str","parts":[{"type":"Index","target":{"type":"Identity","start":117},"index":{"type":"Literal","value":"key","start":117},"start":117}," ",{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":125},"index":{"type":"Literal","value":"value","start":125},"start":125},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":137},"right":{"type":"Literal","value":"array","start":145},"start":142},"then":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"tostring","args":[],"start":162}],"start":158},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":", ","start":179}],"start":174},"start":158},"otherwise":{"type":"Call","name":"tostring","args":[],"start":190},"start":134},"start":125}],"start":114},"start":99},"start":98},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":"; ","start":213}],"start":208},"start":98},"otherwise":{"type":"Call","name":"tostring","args":[],"start":224},"start":73},"start":62},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":243},"index":{"type":"Literal","value":"error_description","start":243},"start":243},"right":{"type":"Literal","value":null,"start":265},"start":262},"then":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":276},"index":{"type":"Literal","value":"error_description","start":276},"start":276},"right":{"type":"Call","name":"tostring","args":[],"start":297},"start":276},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":312},"index":{"type":"Literal","value":"error","start":312},"start":312},"right":{"type":"Literal","value":null,"start":322},"start":319},"then":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":333},"index":{"type":"Literal","value":"error","start":333},"start":333},"right":{"type":"Call","name":"tostring","args":[],"start":342},"start":333},"otherwise":{"type":"Call","name":"tostring","args":[],"start":357},"start":307},"start":238},"start":34},"start":0},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.username // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.is_admin == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .state == \"active\" then \"active\" elif .state == \"blocked_pending_approval\" then \"invited\" else \"deactivated\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.state == \"active\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.username\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.state\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.last_sign_in_at\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":260},"index":{"type":"Literal","value":"id","start":260},"start":260},"right":{"type":"Call","name":"tostring","args":[],"start":266},"start":260}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":286},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":301},"right":{"type":"Literal","value":"string","start":309},"start":306},"then":{"type":"Identity","start":323},"otherwise":{"type":"Call","name":"tojson","args":[],"start":330},"start":298}}],"start":285},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":357},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":361},"index":{"type":"Literal","value":"email","start":361},"start":361},"right":{"type":"Literal","value":"","start":371},"start":368}],"start":351},"start":350},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":385},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":400},"right":{"type":"Literal","value":"string","start":408},"start":405},"then":{"type":"Identity","start":422},"otherwise":{"type":"Call","name":"tojson","args":[],"start":429},"start":397}}],"start":384},"start":346},"start":343},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":456},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":464},"index":{"type":"Literal","value":"name","start":464},"start":464},"right":{"type":"Literal","value":"","start":473},"start":470},"right":{"type":"Literal","value":"","start":480},"start":477},"then":{"type":"Index","target":{"type":"Identity","start":488},"index":{"type":"Literal","value":"name","start":488},"start":488},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":500},"index":{"type":"Literal","value":"username","start":500},"start":500},"right":{"type":"Literal","value":"","start":513},"start":510},"start":460}],"start":450},"start":449},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":532},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":547},"right":{"type":"Literal","value":"string","start":555},"start":552},"then":{"type":"Identity","start":569},"otherwise":{"type":"Call","name":"tojson","args":[],"start":576},"start":544}}],"start":531},"start":445},"start":442},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":603},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":607},"index":{"type":"Literal","value":"is_admin","start":607},"start":607},"right":{"type":"Literal","value":true,"start":620},"start":617}],"start":597},"start":596},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":636},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":651},"right":{"type":"Literal","value":"string","start":659},"start":656},"then":{"type":"Identity","start":673},"otherwise":{"type":"Call","name":"tojson","args":[],"start":680},"start":648}}],"start":635},"start":592},"start":589},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":707},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":714},"index":{"type":"Literal","value":"state","start":714},"start":714},"right":{"type":"Literal","value":"active","start":724},"start":721},"then":{"type":"Literal","value":"active","start":738},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":752},"index":{"type":"Literal","value":"state","start":752},"start":752},"right":{"type":"Literal","value":"blocked_pending_approval","start":762},"start":759},"then":{"type":"Literal","value":"invited","start":794},"otherwise":{"type":"Literal","value":"deactivated","start":809},"start":747},"start":711}],"start":701},"start":700},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":838},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":853},"right":{"type":"Literal","value":"string","start":861},"start":858},"then":{"type":"Identity","start":875},"otherwise":{"type":"Call","name":"tojson","args":[],"start":882},"start":850}}],"start":837},"start":696},"start":693},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":909},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":913},"index":{"type":"Literal","value":"state","start":913},"start":913},"right":{"type":"Literal","value":"active","start":923},"start":920}],"start":903},"start":902},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":943},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":958},"right":{"type":"Literal","value":"string","start":966},"start":963},"then":{"type":"Identity","start":980},"otherwise":{"type":"Call","name":"tojson","args":[],"start":987},"start":955}}],"start":942},"start":898},"start":895},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1014},{"type":"Index","target":{"type":"Identity","start":1018},"index":{"type":"Literal","value":"username","start":1018},"start":1018}],"start":1008},"start":1007},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1039},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1054},"right":{"type":"Literal","value":"string","start":1062},"start":1059},"then":{"type":"Identity","start":1076},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1083},"start":1051}}],"start":1038},"start":1003},"start":1000},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1110},{"type":"Index","target":{"type":"Identity","start":1114},"index":{"type":"Literal","value":"state","start":1114},"start":1114}],"start":1104},"start":1103},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1132},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1147},"right":{"type":"Literal","value":"string","start":1155},"start":1152},"then":{"type":"Identity","start":1169},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1176},"start":1144}}],"start":1131},"start":1099},"start":1096},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1203},{"type":"Index","target":{"type":"Identity","start":1207},"index":{"type":"Literal","value":"last_sign_in_at","start":1207},"start":1207}],"start":1197},"start":1196},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1235},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1250},"right":{"type":"Literal","value":"string","start":1258},"start":1255},"then":{"type":"Identity","start":1272},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1279},"start":1247}}],"start":1234},"start":1192},"start":1189},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":1301},"value":{"type":"Object","entries":[],"start":1306}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.username // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.is_admin == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .state == \"active\" then \"active\" elif .state == \"blocked_pending_approval\" then \"invited\" else \"deactivated\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.state == \"active\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.username\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.state\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.last_sign_in_at\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275},"right":{"type":"Call","name":"tostring","args":[],"start":281},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":301},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":316},"right":{"type":"Literal","value":"string","start":324},"start":321},"then":{"type":"Identity","start":338},"otherwise":{"type":"Call","name":"tojson","args":[],"start":345},"start":313}}],"start":300},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":372},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":376},"index":{"type":"Literal","value":"email","start":376},"start":376},"right":{"type":"Literal","value":"","start":386},"start":383}],"start":366},"start":365},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":400},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":415},"right":{"type":"Literal","value":"string","start":423},"start":420},"then":{"type":"Identity","start":437},"otherwise":{"type":"Call","name":"tojson","args":[],"start":444},"start":412}}],"start":399},"start":361},"start":358},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":471},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":479},"index":{"type":"Literal","value":"name","start":479},"start":479},"right":{"type":"Literal","value":"","start":488},"start":485},"right":{"type":"Literal","value":"","start":495},"start":492},"then":{"type":"Index","target":{"type":"Identity","start":503},"index":{"type":"Literal","value":"name","start":503},"start":503},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":515},"index":{"type":"Literal","value":"username","start":515},"start":515},"right":{"type":"Literal","value":"","start":528},"start":525},"start":475}],"start":465},"start":464},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":547},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":562},"right":{"type":"Literal","value":"string","start":570},"start":567},"then":{"type":"Identity","start":584},"otherwise":{"type":"Call","name":"tojson","args":[],"start":591},"start":559}}],"start":546},"start":460},"start":457},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":618},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":622},"index":{"type":"Literal","value":"is_admin","start":622},"start":622},"right":{"type":"Literal","value":true,"start":635},"start":632}],"start":612},"start":611},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":651},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":666},"right":{"type":"Literal","value":"string","start":674},"start":671},"then":{"type":"Identity","start":688},"otherwise":{"type":"Call","name":"tojson","args":[],"start":695},"start":663}}],"start":650},"start":607},"start":604},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":722},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":729},"index":{"type":"Literal","value":"state","start":729},"start":729},"right":{"type":"Literal","value":"active","start":739},"start":736},"then":{"type":"Literal","value":"active","start":753},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":767},"index":{"type":"Literal","value":"state","start":767},"start":767},"right":{"type":"Literal","value":"blocked_pending_approval","start":777},"start":774},"then":{"type":"Literal","value":"invited","start":809},"otherwise":{"type":"Literal","value":"deactivated","start":824},"start":762},"start":726}],"start":716},"start":715},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":853},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":868},"right":{"type":"Literal","value":"string","start":876},"start":873},"then":{"type":"Identity","start":890},"otherwise":{"type":"Call","name":"tojson","args":[],"start":897},"start":865}}],"start":852},"start":711},"start":708},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":924},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":928},"index":{"type":"Literal","value":"state","start":928},"start":928},"right":{"type":"Literal","value":"active","start":938},"start":935}],"start":918},"start":917},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":958},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":973},"right":{"type":"Literal","value":"string","start":981},"start":978},"then":{"type":"Identity","start":995},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1002},"start":970}}],"start":957},"start":913},"start":910},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1029},{"type":"Index","target":{"type":"Identity","start":1033},"index":{"type":"Literal","value":"username","start":1033},"start":1033}],"start":1023},"start":1022},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1054},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1069},"right":{"type":"Literal","value":"string","start":1077},"start":1074},"then":{"type":"Identity","start":1091},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1098},"start":1066}}],"start":1053},"start":1018},"start":1015},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1125},{"type":"Index","target":{"type":"Identity","start":1129},"index":{"type":"Literal","value":"state","start":1129},"start":1129}],"start":1119},"start":1118},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1147},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1162},"right":{"type":"Literal","value":"string","start":1170},"start":1167},"then":{"type":"Identity","start":1184},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1191},"start":1159}}],"start":1146},"start":1114},"start":1111},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1218},{"type":"Index","target":{"type":"Identity","start":1222},"index":{"type":"Literal","value":"last_sign_in_at","start":1222},"start":1222}],"start":1212},"start":1211},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1250},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1265},"right":{"type":"Literal","value":"string","start":1273},"start":1270},"then":{"type":"Identity","start":1287},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1294},"start":1262}}],"start":1249},"start":1207},"start":1204},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1316},"value":{"type":"Object","entries":[],"start":1321}}],"start":0},
    },
  },
};
