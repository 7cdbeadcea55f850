// Generated from specs/prebuilt/github-org.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of GitHub organization. */
export type GithubOrgInputs = {
  /** Organization The organization's login, as in https://github.com/<organization>. */
  org: string;
  /** Access token (secret) A fine-grained personal access token (or a GitHub App installation token) for the organization with the "Members" organization permission set to read and write, created by an organization owner; or a classic token with the admin:org scope. Read-only access imports members only. */
  token: string;
};

/** Standard actions GitHub organization defines. */
export type GithubOrgActionName = 'importUsers' | 'createUser' | 'deleteUser';

/** Custom actions GitHub organization defines. */
export type GithubOrgCustomActionName = never;

/** GitHub organization (prebuilt), compiled from specs/prebuilt/github-org.yaml. */
export const githubOrgConnector: CompiledConnector<GithubOrgInputs, GithubOrgActionName, GithubOrgCustomActionName> = {
  source: "specs/prebuilt/github-org.yaml",
  spec: {
    "specVersion": 1,
    "id": "github-org",
    "name": "GitHub organization",
    "description": "Imports the members of a GitHub organization (admin from their role: owners are admins) and its pending invitations (state invited), invites people by email (Create User), and removes members or cancels invitations (Delete User). GitHub keeps member emails private: members are imported with an empty email.",
    "type": "prebuilt",
    "baseUrl": "https://api.github.com",
    "inputs": {
      "org": {
        "label": "Organization",
        "help": "The organization's login, as in https://github.com/<organization>.",
        "required": true,
        "type": "string",
        "secret": false
      },
      "token": {
        "label": "Access token",
        "help": "A fine-grained personal access token (or a GitHub App installation token) for the organization with the \"Members\" organization permission set to read and write, created by an organization owner; or a classic token with the admin:org scope. Read-only access imports members only.",
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
      "Accept": "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28"
    },
    "retryOn": [
      {
        "status": 403,
        "headers": {
          "x-ratelimit-remaining": "0"
        },
        "waitHeader": "x-ratelimit-reset"
      }
    ],
    "errors": {
      "message": "if (.errors // []) | length > 0 then .message + \": \" + ([.errors[] | .message // .code] | join(\"; \")) else .message end",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "GitHub refused the access token.",
          "hint": "Check that the token is pasted whole, has not expired, and was approved for the organization if it requires approval."
        },
        {
          "status": 429,
          "code": "RATE_LIMITED",
          "message": "GitHub's API rate limit for this token is used up and did not reset within the retry budget.",
          "hint": "Try again after the reset time, or use a GitHub App installation token (higher limits)."
        },
        {
          "status": 403,
          "when": ".message | test(\"rate limit\"; \"i\")",
          "code": "RATE_LIMITED",
          "message": "GitHub's API rate limit for this token is used up and did not reset within the retry budget.",
          "hint": "Try again after the reset time, or use a GitHub App installation token (higher limits)."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "The token may not manage this organization's members.",
          "hint": "Use a token of an organization owner with the \"Members\" organization permission set to read and write (classic tokens need admin:org)."
        },
        {
          "status": 404,
          "code": "NOT_FOUND",
          "message": "GitHub does not know this organization, member or invitation, or does not show it to this token.",
          "hint": "Check the organization name and that the token was approved for the organization."
        }
      ]
    },
    "supports": [
      "importUsers",
      "createUser",
      "deleteUser"
    ],
    "actions": {
      "importUsers": {
        "path": "/orgs/{inputs.org}/members",
        "query": {
          "role": "admin"
        },
        "mapping": {
          "id": ".id | tostring",
          "email": "\"\"",
          "name": ".login",
          "login": ".login",
          "admin": "true",
          "pending": "false"
        },
        "pagination": {
          "type": "link",
          "sizeParam": "per_page",
          "size": 100,
          "rel": "next",
          "maxPages": 10000
        },
        "additionalLists": [
          {
            "path": "/orgs/{inputs.org}/members",
            "query": {
              "role": "member"
            },
            "mapping": {
              "id": ".id | tostring",
              "email": "\"\"",
              "name": ".login",
              "login": ".login",
              "admin": "false",
              "pending": "false"
            },
            "pagination": {
              "type": "link",
              "sizeParam": "per_page",
              "size": 100,
              "rel": "next",
              "maxPages": 10000
            },
            "contentType": "application/json",
            "records": ".",
            "method": "GET",
            "idempotent": true
          },
          {
            "path": "/orgs/{inputs.org}/invitations",
            "mapping": {
              "id": "\"invitation-\" + (.id | tostring)",
              "email": ".email // \"\"",
              "name": ".login // .email // \"\"",
              "login": ".login",
              "admin": ".role == \"admin\"",
              "pending": "true",
              "state": "\"invited\"",
              "invitationId": ".id | tostring"
            },
            "pagination": {
              "type": "link",
              "sizeParam": "per_page",
              "size": 100,
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
        "path": "/orgs/{inputs.org}/invitations",
        "body": "{\n  \"email\": {{user.email}},\n  \"role\": {{#if user.admin}}\"admin\"{{else}}\"direct_member\"{{/if}}\n}\n",
        "success": [
          201
        ],
        "errors": {
          "rules": [
            {
              "status": 422,
              "when": "[.errors[]?.message] | join(\" \") | test(\"already\")",
              "code": "CONFLICT",
              "message": "This person is already a member of the organization or already invited."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "deleteUser": {
        "steps": [
          {
            "method": "DELETE",
            "path": "/orgs/{inputs.org}/memberships/{account.login}",
            "when": ".account.invitationId == null",
            "success": [
              204
            ],
            "contentType": "application/json",
            "idempotent": true
          },
          {
            "method": "DELETE",
            "path": "/orgs/{inputs.org}/invitations/{account.invitationId}",
            "when": ".account.invitationId != null",
            "success": [
              204
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
      ".account.invitationId != null": {"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"account","start":0},"start":0},"index":{"type":"Literal","value":"invitationId","start":8},"start":8},"right":{"type":"Literal","value":null,"start":25},"start":22},
      ".account.invitationId == null": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"account","start":0},"start":0},"index":{"type":"Literal","value":"invitationId","start":8},"start":8},"right":{"type":"Literal","value":null,"start":25},"start":22},
      ".message | test(\"rate limit\"; \"i\")": {"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"message","start":0},"start":0},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"rate limit","start":16},{"type":"Literal","value":"i","start":30}],"start":11},"start":0},
      "[.errors[]?.message] | join(\" \") | test(\"already\")": {"type":"Pipe","left":{"type":"Array","body":{"type":"Index","target":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"errors","start":1},"start":1},"right":{"type":"Try","body":{"type":"Iterate","target":{"type":"Identity","start":10},"start":8},"start":10},"start":10},"index":{"type":"Literal","value":"message","start":11},"start":11},"start":0},"right":{"type":"Pipe","left":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":28}],"start":23},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"already","start":40}],"start":35},"start":23},"start":0},
      "if (.errors // []) | length > 0 then .message + \": \" + ([.errors[] | .message // .code] | join(\"; \")) else .message end": {"type":"If","cond":{"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":4},"index":{"type":"Literal","value":"errors","start":4},"start":4},"right":{"type":"Array","start":15},"start":12},"right":{"type":"Binary","op":">","left":{"type":"Call","name":"length","args":[],"start":21},"right":{"type":"Literal","value":0,"start":30},"start":28},"start":3},"then":{"type":"Binary","op":"+","left":{"type":"Binary","op":"+","left":{"type":"Index","target":{"type":"Identity","start":37},"index":{"type":"Literal","value":"message","start":37},"start":37},"right":{"type":"Literal","value":": ","start":48},"start":46},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":57},"index":{"type":"Literal","value":"errors","start":57},"start":57},"start":64},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":69},"index":{"type":"Literal","value":"message","start":69},"start":69},"right":{"type":"Index","target":{"type":"Identity","start":81},"index":{"type":"Literal","value":"code","start":81},"start":81},"start":78},"start":57},"start":56},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":"; ","start":95}],"start":90},"start":56},"start":53},"otherwise":{"type":"Index","target":{"type":"Identity","start":107},"index":{"type":"Literal","value":"message","start":107},"start":107},"start":0},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (\"invitation-\" + (.id | tostring)\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login // .email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (\"invited\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Binary","op":"+","left":{"type":"Literal","value":"invitation-","start":260},"right":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":277},"index":{"type":"Literal","value":"id","start":277},"start":277},"right":{"type":"Call","name":"tostring","args":[],"start":283},"start":277},"start":274}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":304},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":319},"right":{"type":"Literal","value":"string","start":327},"start":324},"then":{"type":"Identity","start":341},"otherwise":{"type":"Call","name":"tojson","args":[],"start":348},"start":316}}],"start":303},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":375},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":379},"index":{"type":"Literal","value":"email","start":379},"start":379},"right":{"type":"Literal","value":"","start":389},"start":386}],"start":369},"start":368},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":403},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":418},"right":{"type":"Literal","value":"string","start":426},"start":423},"then":{"type":"Identity","start":440},"otherwise":{"type":"Call","name":"tojson","args":[],"start":447},"start":415}}],"start":402},"start":364},"start":361},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":474},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":478},"index":{"type":"Literal","value":"login","start":478},"start":478},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":488},"index":{"type":"Literal","value":"email","start":488},"start":488},"right":{"type":"Literal","value":"","start":498},"start":495},"start":485}],"start":468},"start":467},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":512},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":527},"right":{"type":"Literal","value":"string","start":535},"start":532},"then":{"type":"Identity","start":549},"otherwise":{"type":"Call","name":"tojson","args":[],"start":556},"start":524}}],"start":511},"start":463},"start":460},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":583},{"type":"Index","target":{"type":"Identity","start":587},"index":{"type":"Literal","value":"login","start":587},"start":587}],"start":577},"start":576},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":605},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":620},"right":{"type":"Literal","value":"string","start":628},"start":625},"then":{"type":"Identity","start":642},"otherwise":{"type":"Call","name":"tojson","args":[],"start":649},"start":617}}],"start":604},"start":572},"start":569},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":676},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":680},"index":{"type":"Literal","value":"role","start":680},"start":680},"right":{"type":"Literal","value":"admin","start":689},"start":686}],"start":670},"start":669},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":708},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":723},"right":{"type":"Literal","value":"string","start":731},"start":728},"then":{"type":"Identity","start":745},"otherwise":{"type":"Call","name":"tojson","args":[],"start":752},"start":720}}],"start":707},"start":665},"start":662},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":779},{"type":"Literal","value":true,"start":783}],"start":773},"start":772},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":799},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":814},"right":{"type":"Literal","value":"string","start":822},"start":819},"then":{"type":"Identity","start":836},"otherwise":{"type":"Call","name":"tojson","args":[],"start":843},"start":811}}],"start":798},"start":768},"start":765},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":870},{"type":"Literal","value":"invited","start":874}],"start":864},"start":863},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":895},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":910},"right":{"type":"Literal","value":"string","start":918},"start":915},"then":{"type":"Identity","start":932},"otherwise":{"type":"Call","name":"tojson","args":[],"start":939},"start":907}}],"start":894},"start":859},"start":856},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":966},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":970},"index":{"type":"Literal","value":"id","start":970},"start":970},"right":{"type":"Call","name":"tostring","args":[],"start":976},"start":970}],"start":960},"start":959},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":996},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1011},"right":{"type":"Literal","value":"string","start":1019},"start":1016},"then":{"type":"Identity","start":1033},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1040},"start":1008}}],"start":995},"start":955},"start":952},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":1062},"value":{"type":"Object","entries":[],"start":1067}}],"start":0},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (\"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (false\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (false\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":260},"index":{"type":"Literal","value":"id","start":260},"start":260},"right":{"type":"Call","name":"tostring","args":[],"start":266},"start":260}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":286},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":301},"right":{"type":"Literal","value":"string","start":309},"start":306},"then":{"type":"Identity","start":323},"otherwise":{"type":"Call","name":"tojson","args":[],"start":330},"start":298}}],"start":285},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":357},{"type":"Literal","value":"","start":361}],"start":351},"start":350},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":375},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":390},"right":{"type":"Literal","value":"string","start":398},"start":395},"then":{"type":"Identity","start":412},"otherwise":{"type":"Call","name":"tojson","args":[],"start":419},"start":387}}],"start":374},"start":346},"start":343},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":446},{"type":"Index","target":{"type":"Identity","start":450},"index":{"type":"Literal","value":"login","start":450},"start":450}],"start":440},"start":439},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":468},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":483},"right":{"type":"Literal","value":"string","start":491},"start":488},"then":{"type":"Identity","start":505},"otherwise":{"type":"Call","name":"tojson","args":[],"start":512},"start":480}}],"start":467},"start":435},"start":432},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":539},{"type":"Index","target":{"type":"Identity","start":543},"index":{"type":"Literal","value":"login","start":543},"start":543}],"start":533},"start":532},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":561},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":576},"right":{"type":"Literal","value":"string","start":584},"start":581},"then":{"type":"Identity","start":598},"otherwise":{"type":"Call","name":"tojson","args":[],"start":605},"start":573}}],"start":560},"start":528},"start":525},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":632},{"type":"Literal","value":false,"start":636}],"start":626},"start":625},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":653},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":668},"right":{"type":"Literal","value":"string","start":676},"start":673},"then":{"type":"Identity","start":690},"otherwise":{"type":"Call","name":"tojson","args":[],"start":697},"start":665}}],"start":652},"start":621},"start":618},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":724},{"type":"Literal","value":false,"start":728}],"start":718},"start":717},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":745},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":760},"right":{"type":"Literal","value":"string","start":768},"start":765},"then":{"type":"Identity","start":782},"otherwise":{"type":"Call","name":"tojson","args":[],"start":789},"start":757}}],"start":744},"start":713},"start":710},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":811},"value":{"type":"Object","entries":[],"start":816}}],"start":0},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (\"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (false\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":260},"index":{"type":"Literal","value":"id","start":260},"start":260},"right":{"type":"Call","name":"tostring","args":[],"start":266},"start":260}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":286},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":301},"right":{"type":"Literal","value":"string","start":309},"start":306},"then":{"type":"Identity","start":323},"otherwise":{"type":"Call","name":"tojson","args":[],"start":330},"start":298}}],"start":285},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":357},{"type":"Literal","value":"","start":361}],"start":351},"start":350},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":375},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":390},"right":{"type":"Literal","value":"string","start":398},"start":395},"then":{"type":"Identity","start":412},"otherwise":{"type":"Call","name":"tojson","args":[],"start":419},"start":387}}],"start":374},"start":346},"start":343},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":446},{"type":"Index","target":{"type":"Identity","start":450},"index":{"type":"Literal","value":"login","start":450},"start":450}],"start":440},"start":439},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":468},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":483},"right":{"type":"Literal","value":"string","start":491},"start":488},"then":{"type":"Identity","start":505},"otherwise":{"type":"Call","name":"tojson","args":[],"start":512},"start":480}}],"start":467},"start":435},"start":432},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":539},{"type":"Index","target":{"type":"Identity","start":543},"index":{"type":"Literal","value":"login","start":543},"start":543}],"start":533},"start":532},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":561},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":576},"right":{"type":"Literal","value":"string","start":584},"start":581},"then":{"type":"Identity","start":598},"otherwise":{"type":"Call","name":"tojson","args":[],"start":605},"start":573}}],"start":560},"start":528},"start":525},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":632},{"type":"Literal","value":true,"start":636}],"start":626},"start":625},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":652},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":667},"right":{"type":"Literal","value":"string","start":675},"start":672},"then":{"type":"Identity","start":689},"otherwise":{"type":"Call","name":"tojson","args":[],"start":696},"start":664}}],"start":651},"start":621},"start":618},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":723},{"type":"Literal","value":false,"start":727}],"start":717},"start":716},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":744},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":759},"right":{"type":"Literal","value":"string","start":767},"start":764},"then":{"type":"Identity","start":781},"otherwise":{"type":"Call","name":"tojson","args":[],"start":788},"start":756}}],"start":743},"start":712},"start":709},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":810},"value":{"type":"Object","entries":[],"start":815}}],"start":0},
    },
  },
};
