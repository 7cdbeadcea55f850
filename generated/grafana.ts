// Generated from specs/prebuilt/grafana.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Grafana. */
export type GrafanaInputs = {
  /** Grafana API URL The instance's address followed by /api, for example https://grafana.example.com/api. */
  baseUrl: string;
  /** Server admin user name The login of a Grafana server admin (Administration > Users and access > Users, "Grafana Admin"). Grafana's admin user API takes Basic authentication only. */
  username: string;
  /** Password (secret) That user's password. */
  password: string;
};

/** Standard actions Grafana defines. */
export type GrafanaActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Grafana defines. */
export type GrafanaCustomActionName = 'setServerAdmin';

/** Grafana (prebuilt), compiled from specs/prebuilt/grafana.yaml. */
export const grafanaConnector: CompiledConnector<GrafanaInputs, GrafanaActionName, GrafanaCustomActionName> = {
  source: "specs/prebuilt/grafana.yaml",
  spec: {
    "specVersion": 1,
    "id": "grafana",
    "name": "Grafana",
    "description": "Imports, creates, disables (deactivate), enables (activate) and deletes the users of a Grafana instance (self-managed), with admin from the Grafana server admin flag and each user's state (disabled is deactivated). Grants or revokes the server admin flag from a workflow (custom action). Organization roles, teams and service accounts are neither read nor changed.",
    "type": "prebuilt",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "Grafana API URL",
        "help": "The instance's address followed by /api, for example https://grafana.example.com/api.",
        "required": true,
        "secret": false
      },
      "username": {
        "label": "Server admin user name",
        "help": "The login of a Grafana server admin (Administration > Users and access > Users, \"Grafana Admin\"). Grafana's admin user API takes Basic authentication only.",
        "required": true,
        "type": "string",
        "secret": false
      },
      "password": {
        "label": "Password",
        "help": "That user's password.",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "basic",
      "username": "username",
      "password": "password"
    },
    "errors": {
      "message": "if type == \"object\" and .message then (.message | tostring) else tostring end",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Grafana refused the user name or password.",
          "hint": "Check the server admin's login and password; a login through SSO only has no password Grafana can check."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "This Grafana user may not do this.",
          "hint": "Use a Grafana server admin; a user who may only read users (users:read) allows Import Users only."
        }
      ]
    },
    "supports": [
      "importUsers",
      "createUser",
      "activateUser",
      "deleteUser",
      "deactivateUser"
    ],
    "actions": {
      "importUsers": {
        "path": "/users",
        "records": ".",
        "mapping": {
          "id": ".id | tostring",
          "email": ".email // \"\"",
          "name": "if (.name // \"\") != \"\" then .name else (.login // \"\") end",
          "admin": ".isAdmin == true",
          "state": "if .isDisabled == true then \"deactivated\" else \"active\" end",
          "active": ".isDisabled != true",
          "login": ".login",
          "lastSeenAt": ".lastSeenAt"
        },
        "pagination": {
          "type": "page",
          "pageParam": "page",
          "firstPage": 1,
          "sizeParam": "perpage",
          "size": 1000,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "path": "/admin/users",
        "requires": [
          "user.email"
        ],
        "generate": {
          "password": {
            "type": "password",
            "length": 24
          }
        },
        "body": "{\n  \"name\": {{default user.name user.email}},\n  \"email\": {{user.email}},\n  \"login\": {{user.email}},\n  \"password\": {{generated.password}}\n}\n",
        "success": [
          200
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 412,
              "code": "CONFLICT",
              "message": "A Grafana user with this email or login already exists."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "deactivateUser": {
        "method": "POST",
        "path": "/admin/users/{account.id}/disable",
        "idempotent": true,
        "outcomes": [
          {
            "status": 404,
            "when": "(.message // \"\") | test(\"not found\"; \"i\")",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json"
      },
      "activateUser": {
        "method": "POST",
        "path": "/admin/users/{account.id}/enable",
        "idempotent": true,
        "outcomes": [
          {
            "status": 404,
            "when": "(.message // \"\") | test(\"not found\"; \"i\")",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/admin/users/{account.id}",
        "outcomes": [
          {
            "status": 404,
            "when": "(.message // \"\") | test(\"not found\"; \"i\")",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json",
        "idempotent": true
      },
      "custom": {
        "setServerAdmin": {
          "label": "Grant or revoke Grafana server admin",
          "description": "Sets the user's Grafana server admin flag (\"Set permissions for user\").",
          "plan": "business",
          "method": "PUT",
          "path": "/admin/users/{account.id}/permissions",
          "variables": {
            "isGrafanaAdmin": {
              "type": "boolean",
              "required": true,
              "description": "true to grant, false to revoke"
            }
          },
          "body": "{\"isGrafanaAdmin\": {{vars.isGrafanaAdmin}}}",
          "result": ".",
          "contentType": "application/json",
          "idempotent": true
        }
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      "(.message // \"\") | test(\"not found\"; \"i\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"message","start":1},"start":1},"right":{"type":"Literal","value":"","start":13},"start":10},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"not found","start":24},{"type":"Literal","value":"i","start":37}],"start":19},"start":0},
      ".": {"type":"Identity","start":0},
      "if type == \"object\" and .message then (.message | tostring) else tostring end": {"type":"If","cond":{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":3},"right":{"type":"Literal","value":"object","start":11},"start":8},"right":{"type":"Index","target":{"type":"Identity","start":24},"index":{"type":"Literal","value":"message","start":24},"start":24},"start":20},"then":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":39},"index":{"type":"Literal","value":"message","start":39},"start":39},"right":{"type":"Call","name":"tostring","args":[],"start":50},"start":39},"otherwise":{"type":"Call","name":"tostring","args":[],"start":65},"start":0},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.login // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.isAdmin == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .isDisabled == true then \"deactivated\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.isDisabled != true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.lastSeenAt\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":260},"index":{"type":"Literal","value":"id","start":260},"start":260},"right":{"type":"Call","name":"tostring","args":[],"start":266},"start":260}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":286},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":301},"right":{"type":"Literal","value":"string","start":309},"start":306},"then":{"type":"Identity","start":323},"otherwise":{"type":"Call","name":"tojson","args":[],"start":330},"start":298}}],"start":285},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":357},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":361},"index":{"type":"Literal","value":"email","start":361},"start":361},"right":{"type":"Literal","value":"","start":371},"start":368}],"start":351},"start":350},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":385},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":400},"right":{"type":"Literal","value":"string","start":408},"start":405},"then":{"type":"Identity","start":422},"otherwise":{"type":"Call","name":"tojson","args":[],"start":429},"start":397}}],"start":384},"start":346},"start":343},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":456},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":464},"index":{"type":"Literal","value":"name","start":464},"start":464},"right":{"type":"Literal","value":"","start":473},"start":470},"right":{"type":"Literal","value":"","start":480},"start":477},"then":{"type":"Index","target":{"type":"Identity","start":488},"index":{"type":"Literal","value":"name","start":488},"start":488},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":500},"index":{"type":"Literal","value":"login","start":500},"start":500},"right":{"type":"Literal","value":"","start":510},"start":507},"start":460}],"start":450},"start":449},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":529},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":544},"right":{"type":"Literal","value":"string","start":552},"start":549},"then":{"type":"Identity","start":566},"otherwise":{"type":"Call","name":"tojson","args":[],"start":573},"start":541}}],"start":528},"start":445},"start":442},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":600},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":604},"index":{"type":"Literal","value":"isAdmin","start":604},"start":604},"right":{"type":"Literal","value":true,"start":616},"start":613}],"start":594},"start":593},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":632},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":647},"right":{"type":"Literal","value":"string","start":655},"start":652},"then":{"type":"Identity","start":669},"otherwise":{"type":"Call","name":"tojson","args":[],"start":676},"start":644}}],"start":631},"start":589},"start":586},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":703},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":710},"index":{"type":"Literal","value":"isDisabled","start":710},"start":710},"right":{"type":"Literal","value":true,"start":725},"start":722},"then":{"type":"Literal","value":"deactivated","start":735},"otherwise":{"type":"Literal","value":"active","start":754},"start":707}],"start":697},"start":696},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":778},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":793},"right":{"type":"Literal","value":"string","start":801},"start":798},"then":{"type":"Identity","start":815},"otherwise":{"type":"Call","name":"tojson","args":[],"start":822},"start":790}}],"start":777},"start":692},"start":689},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":849},{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":853},"index":{"type":"Literal","value":"isDisabled","start":853},"start":853},"right":{"type":"Literal","value":true,"start":868},"start":865}],"start":843},"start":842},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":884},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":899},"right":{"type":"Literal","value":"string","start":907},"start":904},"then":{"type":"Identity","start":921},"otherwise":{"type":"Call","name":"tojson","args":[],"start":928},"start":896}}],"start":883},"start":838},"start":835},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":955},{"type":"Index","target":{"type":"Identity","start":959},"index":{"type":"Literal","value":"login","start":959},"start":959}],"start":949},"start":948},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":977},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":992},"right":{"type":"Literal","value":"string","start":1000},"start":997},"then":{"type":"Identity","start":1014},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1021},"start":989}}],"start":976},"start":944},"start":941},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1048},{"type":"Index","target":{"type":"Identity","start":1052},"index":{"type":"Literal","value":"lastSeenAt","start":1052},"start":1052}],"start":1042},"start":1041},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1075},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1090},"right":{"type":"Literal","value":"string","start":1098},"start":1095},"then":{"type":"Identity","start":1112},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1119},"start":1087}}],"start":1074},"start":1037},"start":1034},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":1141},"value":{"type":"Object","entries":[],"start":1146}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id | tostring\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if (.name // \"\") != \"\" then .name else (.login // \"\") end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.isAdmin == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .isDisabled == true then \"deactivated\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.isDisabled != true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.login\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.lastSeenAt\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275},"right":{"type":"Call","name":"tostring","args":[],"start":281},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":301},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":316},"right":{"type":"Literal","value":"string","start":324},"start":321},"then":{"type":"Identity","start":338},"otherwise":{"type":"Call","name":"tojson","args":[],"start":345},"start":313}}],"start":300},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":372},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":376},"index":{"type":"Literal","value":"email","start":376},"start":376},"right":{"type":"Literal","value":"","start":386},"start":383}],"start":366},"start":365},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":400},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":415},"right":{"type":"Literal","value":"string","start":423},"start":420},"then":{"type":"Identity","start":437},"otherwise":{"type":"Call","name":"tojson","args":[],"start":444},"start":412}}],"start":399},"start":361},"start":358},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":471},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":479},"index":{"type":"Literal","value":"name","start":479},"start":479},"right":{"type":"Literal","value":"","start":488},"start":485},"right":{"type":"Literal","value":"","start":495},"start":492},"then":{"type":"Index","target":{"type":"Identity","start":503},"index":{"type":"Literal","value":"name","start":503},"start":503},"otherwise":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":515},"index":{"type":"Literal","value":"login","start":515},"start":515},"right":{"type":"Literal","value":"","start":525},"start":522},"start":475}],"start":465},"start":464},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":544},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":559},"right":{"type":"Literal","value":"string","start":567},"start":564},"then":{"type":"Identity","start":581},"otherwise":{"type":"Call","name":"tojson","args":[],"start":588},"start":556}}],"start":543},"start":460},"start":457},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":615},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":619},"index":{"type":"Literal","value":"isAdmin","start":619},"start":619},"right":{"type":"Literal","value":true,"start":631},"start":628}],"start":609},"start":608},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":647},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":662},"right":{"type":"Literal","value":"string","start":670},"start":667},"then":{"type":"Identity","start":684},"otherwise":{"type":"Call","name":"tojson","args":[],"start":691},"start":659}}],"start":646},"start":604},"start":601},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":718},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":725},"index":{"type":"Literal","value":"isDisabled","start":725},"start":725},"right":{"type":"Literal","value":true,"start":740},"start":737},"then":{"type":"Literal","value":"deactivated","start":750},"otherwise":{"type":"Literal","value":"active","start":769},"start":722}],"start":712},"start":711},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":793},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":808},"right":{"type":"Literal","value":"string","start":816},"start":813},"then":{"type":"Identity","start":830},"otherwise":{"type":"Call","name":"tojson","args":[],"start":837},"start":805}}],"start":792},"start":707},"start":704},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":864},{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":868},"index":{"type":"Literal","value":"isDisabled","start":868},"start":868},"right":{"type":"Literal","value":true,"start":883},"start":880}],"start":858},"start":857},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":899},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":914},"right":{"type":"Literal","value":"string","start":922},"start":919},"then":{"type":"Identity","start":936},"otherwise":{"type":"Call","name":"tojson","args":[],"start":943},"start":911}}],"start":898},"start":853},"start":850},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":970},{"type":"Index","target":{"type":"Identity","start":974},"index":{"type":"Literal","value":"login","start":974},"start":974}],"start":964},"start":963},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":992},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1007},"right":{"type":"Literal","value":"string","start":1015},"start":1012},"then":{"type":"Identity","start":1029},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1036},"start":1004}}],"start":991},"start":959},"start":956},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1063},{"type":"Index","target":{"type":"Identity","start":1067},"index":{"type":"Literal","value":"lastSeenAt","start":1067},"start":1067}],"start":1057},"start":1056},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1090},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1105},"right":{"type":"Literal","value":"string","start":1113},"start":1110},"then":{"type":"Identity","start":1127},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1134},"start":1102}}],"start":1089},"start":1052},"start":1049},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1156},"value":{"type":"Object","entries":[],"start":1161}}],"start":0},
    },
  },
};
