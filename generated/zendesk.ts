// Generated from specs/prebuilt/zendesk.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Zendesk. */
export type ZendeskInputs = {
  /** Zendesk URL The account's address, e.g. https://acme.zendesk.com. */
  baseUrl: string;
  /** Admin email Email of the admin the API token acts for (without "/token"). */
  email: string;
  /** API token (secret) Created by an admin in Admin Center under Apps and integrations > APIs > Zendesk API (token access enabled), shown once. It acts as the admin whose email is given; only admins may manage users. */
  token: string;
};

/** Standard actions Zendesk defines. */
export type ZendeskActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Zendesk defines. */
export type ZendeskCustomActionName = never;

/** Zendesk (prebuilt), compiled from specs/prebuilt/zendesk.yaml. */
export const zendeskConnector: CompiledConnector<ZendeskInputs, ZendeskActionName, ZendeskCustomActionName> = {
  source: "specs/prebuilt/zendesk.yaml",
  spec: {
    "specVersion": 1,
    "id": "zendesk",
    "name": "Zendesk",
    "description": "Imports, creates, suspends (deactivate), unsuspends (activate) and deletes the agents and admins of a Zendesk account, with admin from the role. End users (customers) are left alone.",
    "type": "prebuilt",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "Zendesk URL",
        "help": "The account's address, e.g. https://acme.zendesk.com.",
        "required": true,
        "secret": false
      },
      "email": {
        "type": "email",
        "label": "Admin email",
        "help": "Email of the admin the API token acts for (without \"/token\").",
        "required": true,
        "secret": false
      },
      "token": {
        "label": "API token",
        "help": "Created by an admin in Admin Center under Apps and integrations > APIs > Zendesk API (token access enabled), shown once. It acts as the admin whose email is given; only admins may manage users.",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "basic",
      "username": "email",
      "usernameSuffix": "/token",
      "password": "token"
    },
    "errors": {
      "message": "if (.details // {}) | length > 0 then (.description // .error) + \": \" + ([.details[][]?.description] | join(\"; \")) else (.description // .error) end",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Zendesk refused the email and API token.",
          "hint": "Check the admin email and that the API token still exists and token access is enabled (Admin Center > Apps and integrations > APIs > Zendesk API)."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "The API token's user may not manage users.",
          "hint": "Only admins may create, suspend and delete users; use an admin's email and API token."
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
        "path": "/api/v2/users?role[]=agent&role[]=admin",
        "records": ".users",
        "mapping": {
          "id": ".id | tostring",
          "email": ".email // \"\"",
          "name": ".name // \"\"",
          "admin": ".role == \"admin\"",
          "active": ".suspended | not",
          "role": ".role"
        },
        "pagination": {
          "type": "nextUrl",
          "next": "if .meta.has_more then .links.next else null end",
          "sizeParam": "page[size]",
          "size": 100,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "createsInactive": "whenAsked",
        "method": "POST",
        "path": "/api/v2/users",
        "body": "{\n  \"user\": {\n    \"name\": {{user.name}},\n    \"email\": {{user.email}},\n    \"role\": {{#if user.admin}}\"admin\"{{else}}\"agent\"{{/if}},\n    \"suspended\": {{create.inactive}}\n  }\n}\n",
        "success": [
          201
        ],
        "result": ".user",
        "errors": {
          "rules": [
            {
              "status": 422,
              "when": "(.details.email // []) | any(.error == \"DuplicateValue\")",
              "code": "CONFLICT",
              "message": "A Zendesk user with this email already exists."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "activateUser": {
        "method": "PUT",
        "path": "/api/v2/users/{account.id}",
        "body": "{\"user\": {\"suspended\": false}}",
        "success": [
          200
        ],
        "result": ".user",
        "contentType": "application/json",
        "idempotent": true
      },
      "deactivateUser": {
        "method": "PUT",
        "path": "/api/v2/users/{account.id}",
        "body": "{\"user\": {\"suspended\": true}}",
        "success": [
          200
        ],
        "result": ".user",
        "outcomes": [
          {
            "status": 404,
            "when": ".error == \"RecordNotFound\"",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json",
        "idempotent": true
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/api/v2/users/{account.id}",
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 404,
            "when": ".error == \"RecordNotFound\"",
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
      "(.details.email // []) | any(.error == \"DuplicateValue\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"details","start":1},"start":1},"index":{"type":"Literal","value":"email","start":9},"start":9},"right":{"type":"Array","start":19},"start":16},"right":{"type":"Call","name":"any","args":[{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":29},"index":{"type":"Literal","value":"error","start":29},"start":29},"right":{"type":"Literal","value":"DuplicateValue","start":39},"start":36}],"start":25},"start":0},
      ".error == \"RecordNotFound\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"right":{"type":"Literal","value":"RecordNotFound","start":10},"start":7},
      "if (.details // {}) | length > 0 then (.description // .error) + \": \" + ([.details[][]?.description] | join(\"; \")) else (.description // .error) end": {"type":"If","cond":{"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":4},"index":{"type":"Literal","value":"details","start":4},"start":4},"right":{"type":"Object","entries":[],"start":16},"start":13},"right":{"type":"Binary","op":">","left":{"type":"Call","name":"length","args":[],"start":22},"right":{"type":"Literal","value":0,"start":31},"start":29},"start":3},"then":{"type":"Binary","op":"+","left":{"type":"Binary","op":"+","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":39},"index":{"type":"Literal","value":"description","start":39},"start":39},"right":{"type":"Index","target":{"type":"Identity","start":55},"index":{"type":"Literal","value":"error","start":55},"start":55},"start":52},"right":{"type":"Literal","value":": ","start":65},"start":63},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Index","target":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":74},"index":{"type":"Literal","value":"details","start":74},"start":74},"start":82},"right":{"type":"Try","body":{"type":"Iterate","target":{"type":"Identity","start":86},"start":84},"start":86},"start":86},"index":{"type":"Literal","value":"description","start":87},"start":87},"start":73},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":"; ","start":108}],"start":103},"start":73},"start":70},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":121},"index":{"type":"Literal","value":"description","start":121},"start":121},"right":{"type":"Index","target":{"type":"Identity","start":137},"index":{"type":"Literal","value":"error","start":137},"start":137},"start":134},"start":0},
      "{\"r\": ((try [limit(1; (.users\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspended | not\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"next\": (try [limit(1; (if .meta.has_more then .links.next else null end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"users","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":41},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":56},"right":{"type":"Literal","value":"string","start":64},"start":61},"then":{"type":"Identity","start":78},"otherwise":{"type":"Call","name":"tojson","args":[],"start":85},"start":53}}],"start":40},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":104},"right":{"type":"Literal","value":"object","start":112},"start":109},"then":{"type":"Identity","start":126},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":133},"right":{"type":"Literal","value":0,"start":143},"start":140},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":151},"value":{"type":"Literal","value":"no output","start":160}}],"start":150},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":179},"index":{"type":"Literal","value":0,"start":181},"start":180},"right":{"type":"Call","name":"type","args":[],"start":186},"start":179},"right":{"type":"Literal","value":"array","start":195},"start":192},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":209},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":219},"index":{"type":"Literal","value":0,"start":221},"start":220},"right":{"type":"Call","name":"type","args":[],"start":226},"start":219}}],"start":208},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":239},"index":{"type":"Literal","value":0,"start":241},"start":240},"start":243},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":261},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":265},"index":{"type":"Literal","value":"id","start":265},"start":265},"right":{"type":"Call","name":"tostring","args":[],"start":271},"start":265}],"start":255},"start":254},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":291},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":306},"right":{"type":"Literal","value":"string","start":314},"start":311},"then":{"type":"Identity","start":328},"otherwise":{"type":"Call","name":"tojson","args":[],"start":335},"start":303}}],"start":290},"start":250},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":362},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":366},"index":{"type":"Literal","value":"email","start":366},"start":366},"right":{"type":"Literal","value":"","start":376},"start":373}],"start":356},"start":355},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":390},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":405},"right":{"type":"Literal","value":"string","start":413},"start":410},"then":{"type":"Identity","start":427},"otherwise":{"type":"Call","name":"tojson","args":[],"start":434},"start":402}}],"start":389},"start":351},"start":348},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":461},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":465},"index":{"type":"Literal","value":"name","start":465},"start":465},"right":{"type":"Literal","value":"","start":474},"start":471}],"start":455},"start":454},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":488},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":503},"right":{"type":"Literal","value":"string","start":511},"start":508},"then":{"type":"Identity","start":525},"otherwise":{"type":"Call","name":"tojson","args":[],"start":532},"start":500}}],"start":487},"start":450},"start":447},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":559},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":563},"index":{"type":"Literal","value":"role","start":563},"start":563},"right":{"type":"Literal","value":"admin","start":572},"start":569}],"start":553},"start":552},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":591},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":606},"right":{"type":"Literal","value":"string","start":614},"start":611},"then":{"type":"Identity","start":628},"otherwise":{"type":"Call","name":"tojson","args":[],"start":635},"start":603}}],"start":590},"start":548},"start":545},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":662},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":666},"index":{"type":"Literal","value":"suspended","start":666},"start":666},"right":{"type":"Call","name":"not","args":[],"start":679},"start":666}],"start":656},"start":655},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":694},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":709},"right":{"type":"Literal","value":"string","start":717},"start":714},"then":{"type":"Identity","start":731},"otherwise":{"type":"Call","name":"tojson","args":[],"start":738},"start":706}}],"start":693},"start":651},"start":648},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":765},{"type":"Index","target":{"type":"Identity","start":769},"index":{"type":"Literal","value":"role","start":769},"start":769}],"start":759},"start":758},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":786},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":801},"right":{"type":"Literal","value":"string","start":809},"start":806},"then":{"type":"Identity","start":823},"otherwise":{"type":"Call","name":"tojson","args":[],"start":830},"start":798}}],"start":785},"start":754},"start":751},"start":248},"start":239},"start":238},"start":173},"start":128},"start":101},"start":7}},{"key":{"type":"Literal","value":"x","start":852},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"next","start":858},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":878},{"type":"If","cond":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":885},"index":{"type":"Literal","value":"meta","start":885},"start":885},"index":{"type":"Literal","value":"has_more","start":890},"start":890},"then":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":905},"index":{"type":"Literal","value":"links","start":905},"start":905},"index":{"type":"Literal","value":"next","start":911},"start":911},"otherwise":{"type":"Literal","value":null,"start":922},"start":882}],"start":872},"start":871},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":942},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":957},"right":{"type":"Literal","value":"string","start":965},"start":962},"then":{"type":"Identity","start":979},"otherwise":{"type":"Call","name":"tojson","args":[],"start":986},"start":954}}],"start":941},"start":867}}],"start":857}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.user\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role == \"admin\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspended | not\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.role\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Index","target":{"type":"Identity","start":34},"index":{"type":"Literal","value":"user","start":34},"start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":55},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":70},"right":{"type":"Literal","value":"string","start":78},"start":75},"then":{"type":"Identity","start":92},"otherwise":{"type":"Call","name":"tojson","args":[],"start":99},"start":67}}],"start":54},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":118},"right":{"type":"Literal","value":"object","start":126},"start":123},"then":{"type":"Identity","start":140},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":147},"right":{"type":"Literal","value":0,"start":157},"start":154},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":165},"value":{"type":"Literal","value":"no output","start":174}}],"start":164},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":193},"index":{"type":"Literal","value":0,"start":195},"start":194},"right":{"type":"Call","name":"type","args":[],"start":200},"start":193},"right":{"type":"Literal","value":"array","start":209},"start":206},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":223},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":233},"index":{"type":"Literal","value":0,"start":235},"start":234},"right":{"type":"Call","name":"type","args":[],"start":240},"start":233}}],"start":222},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":253},"index":{"type":"Literal","value":0,"start":255},"start":254},"start":257},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":275},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":279},"index":{"type":"Literal","value":"id","start":279},"start":279},"right":{"type":"Call","name":"tostring","args":[],"start":285},"start":279}],"start":269},"start":268},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":305},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":320},"right":{"type":"Literal","value":"string","start":328},"start":325},"then":{"type":"Identity","start":342},"otherwise":{"type":"Call","name":"tojson","args":[],"start":349},"start":317}}],"start":304},"start":264},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":376},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":380},"index":{"type":"Literal","value":"email","start":380},"start":380},"right":{"type":"Literal","value":"","start":390},"start":387}],"start":370},"start":369},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":404},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":419},"right":{"type":"Literal","value":"string","start":427},"start":424},"then":{"type":"Identity","start":441},"otherwise":{"type":"Call","name":"tojson","args":[],"start":448},"start":416}}],"start":403},"start":365},"start":362},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":475},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":479},"index":{"type":"Literal","value":"name","start":479},"start":479},"right":{"type":"Literal","value":"","start":488},"start":485}],"start":469},"start":468},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":502},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":517},"right":{"type":"Literal","value":"string","start":525},"start":522},"then":{"type":"Identity","start":539},"otherwise":{"type":"Call","name":"tojson","args":[],"start":546},"start":514}}],"start":501},"start":464},"start":461},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":573},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":577},"index":{"type":"Literal","value":"role","start":577},"start":577},"right":{"type":"Literal","value":"admin","start":586},"start":583}],"start":567},"start":566},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":605},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":620},"right":{"type":"Literal","value":"string","start":628},"start":625},"then":{"type":"Identity","start":642},"otherwise":{"type":"Call","name":"tojson","args":[],"start":649},"start":617}}],"start":604},"start":562},"start":559},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":676},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":680},"index":{"type":"Literal","value":"suspended","start":680},"start":680},"right":{"type":"Call","name":"not","args":[],"start":693},"start":680}],"start":670},"start":669},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":708},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":723},"right":{"type":"Literal","value":"string","start":731},"start":728},"then":{"type":"Identity","start":745},"otherwise":{"type":"Call","name":"tojson","args":[],"start":752},"start":720}}],"start":707},"start":665},"start":662},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":779},{"type":"Index","target":{"type":"Identity","start":783},"index":{"type":"Literal","value":"role","start":783},"start":783}],"start":773},"start":772},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":800},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":815},"right":{"type":"Literal","value":"string","start":823},"start":820},"then":{"type":"Identity","start":837},"otherwise":{"type":"Call","name":"tojson","args":[],"start":844},"start":812}}],"start":799},"start":768},"start":765},"start":262},"start":253},"start":252},"start":187},"start":142},"start":115},"start":7}},{"key":{"type":"Literal","value":"x","start":866},"value":{"type":"Object","entries":[],"start":871}}],"start":0},
    },
  },
};
