// Generated from specs/prebuilt/entra-id.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Microsoft Entra ID. */
export type EntraIdInputs = {
  /** Token endpoint The app registration's "OAuth 2.0 token endpoint (v2)" from its Endpoints page: https://login.microsoftonline.com/<tenant id>/oauth2/v2.0/token. */
  tokenUrl: string;
  /** Application (client) ID From the app registration's Overview page. */
  clientId: string;
  /** Client secret (secret) A client secret's value from Certificates & secrets (shown once). The app needs the Microsoft Graph application permission User.ReadWrite.All with admin consent (User.Read.All for Import Users only). */
  clientSecret: string;
  /** Sign-in domain A domain verified in the tenant (Microsoft Entra admin center > Domain names), e.g. acme.onmicrosoft.com or acme.com. Create User signs the person in as the local part of their email at this domain. Needed for Create User only. */
  upnDomain?: string;
};

/** Standard actions Microsoft Entra ID defines. */
export type EntraIdActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Microsoft Entra ID defines. */
export type EntraIdCustomActionName = never;

/** Microsoft Entra ID (prebuilt), compiled from specs/prebuilt/entra-id.yaml. */
export const entraIdConnector: CompiledConnector<EntraIdInputs, EntraIdActionName, EntraIdCustomActionName> = {
  source: "specs/prebuilt/entra-id.yaml",
  spec: {
    "specVersion": 1,
    "id": "entra-id",
    "name": "Microsoft Entra ID",
    "description": "Imports, creates, enables (activate), disables (deactivate, which also ends the user's sign-in sessions) and deletes the users of a Microsoft Entra ID tenant through Microsoft Graph v1.0. Create User signs the person in as <mail local part>@<verified domain> with a generated one-time password, handed back to the workflow as a secret (changed at first sign-in); Graph sends no welcome email. Delete is a soft delete: the user stays restorable, and their userPrincipalName taken, for 30 days. A disabled user is deactivated, a guest who has not redeemed the invitation invited. Admin is not reported: directory roles are not part of the user resource.",
    "type": "prebuilt",
    "baseUrl": "https://graph.microsoft.com/v1.0",
    "inputs": {
      "tokenUrl": {
        "type": "url",
        "label": "Token endpoint",
        "help": "The app registration's \"OAuth 2.0 token endpoint (v2)\" from its Endpoints page: https://login.microsoftonline.com/<tenant id>/oauth2/v2.0/token.",
        "required": true,
        "secret": false
      },
      "clientId": {
        "label": "Application (client) ID",
        "help": "From the app registration's Overview page.",
        "required": true,
        "type": "string",
        "secret": false
      },
      "clientSecret": {
        "label": "Client secret",
        "help": "A client secret's value from Certificates & secrets (shown once). The app needs the Microsoft Graph application permission User.ReadWrite.All with admin consent (User.Read.All for Import Users only).",
        "secret": true,
        "required": true,
        "type": "string"
      },
      "upnDomain": {
        "label": "Sign-in domain",
        "help": "A domain verified in the tenant (Microsoft Entra admin center > Domain names), e.g. acme.onmicrosoft.com or acme.com. Create User signs the person in as the local part of their email at this domain. Needed for Create User only.",
        "type": "string",
        "secret": false,
        "required": false
      }
    },
    "auth": {
      "type": "oauth2",
      "grant": "client_credentials",
      "tokenUrl": "{inputs.tokenUrl}",
      "scopes": [
        "https://graph.microsoft.com/.default"
      ],
      "clientAuth": "client_secret_post",
      "pkce": true,
      "header": "Authorization",
      "prefix": "Bearer "
    },
    "errors": {
      "message": ".error.message",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Microsoft Graph refused the access token.",
          "hint": "Check the token endpoint's tenant, the client ID and that the client secret has not expired."
        },
        {
          "status": 403,
          "when": ".error.code == \"Authorization_RequestDenied\"",
          "code": "FORBIDDEN",
          "message": "The app may not do this in Microsoft Graph.",
          "hint": "Grant the app registration the Microsoft Graph application permission User.ReadWrite.All and give admin consent."
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
          "$select": "id,displayName,mail,userPrincipalName,accountEnabled,givenName,surname,externalUserState"
        },
        "records": ".value",
        "mapping": {
          "id": ".id",
          "email": ".mail // .userPrincipalName // \"\"",
          "name": ".displayName // \"\"",
          "active": ".accountEnabled == true",
          "state": "if .accountEnabled != true then \"deactivated\" elif .externalUserState == \"PendingAcceptance\" then \"invited\" else \"active\" end",
          "userPrincipalName": ".userPrincipalName"
        },
        "pagination": {
          "type": "nextUrl",
          "next": ".\"@odata.nextLink\"",
          "sizeParam": "$top",
          "size": 999,
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
          "user.email",
          "user.name",
          "inputs.upnDomain"
        ],
        "generate": {
          "password": {
            "type": "password",
            "length": 20
          }
        },
        "body": "{\n  \"accountEnabled\": {{create.active}},\n  \"displayName\": {{truncate user.name 256}},\n  {{#if user.firstName}}\"givenName\": {{truncate user.firstName 64}},{{/if}}\n  {{#if user.lastName}}\"surname\": {{truncate user.lastName 64}},{{/if}}\n  \"mailNickname\": {{localPart user.email}},\n  \"userPrincipalName\": {{concat (localPart user.email) \"@\" inputs.upnDomain}},\n  \"passwordProfile\": {\n    \"forceChangePasswordNextSignIn\": true,\n    \"password\": {{generated.password}}\n  }\n}\n",
        "success": [
          201
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 400,
              "when": ".error.message | test(\"same value for property userPrincipalName\")",
              "code": "CONFLICT",
              "message": "A user with this userPrincipalName already exists in the tenant."
            },
            {
              "status": 400,
              "when": ".error.message | test(\"passwordProfile\")",
              "code": "TARGET_ERROR",
              "message": "Microsoft Graph refused the initial password.",
              "hint": "The generated one-time password did not meet the tenant's password policy; check the tenant's custom banned-password list."
            },
            {
              "status": 400,
              "when": ".error.message | test(\"domain\"; \"i\")",
              "code": "TARGET_ERROR",
              "message": "Microsoft Graph refused the userPrincipalName's domain.",
              "hint": "Set the Sign-in domain input to a domain verified in the tenant (Microsoft Entra admin center > Domain names)."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "activateUser": {
        "method": "PATCH",
        "path": "/users/{account.id}",
        "body": "{\"accountEnabled\": true}",
        "idempotent": true,
        "success": [
          204
        ],
        "contentType": "application/json"
      },
      "deactivateUser": {
        "steps": [
          {
            "method": "PATCH",
            "path": "/users/{account.id}",
            "body": "{\"accountEnabled\": false}",
            "idempotent": true,
            "success": [
              204
            ],
            "outcomes": [
              {
                "status": 404,
                "when": ".error.code == \"Request_ResourceNotFound\"",
                "means": "alreadyAbsent"
              }
            ],
            "contentType": "application/json"
          },
          {
            "method": "POST",
            "path": "/users/{account.id}/revokeSignInSessions",
            "idempotent": true,
            "success": [
              200
            ],
            "outcomes": [
              {
                "status": 404,
                "when": ".error.code == \"Request_ResourceNotFound\"",
                "means": "alreadyAbsent"
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
            "when": ".error.code == \"Request_ResourceNotFound\"",
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
      ".error.code == \"Authorization_RequestDenied\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"code","start":6},"start":6},"right":{"type":"Literal","value":"Authorization_RequestDenied","start":15},"start":12},
      ".error.code == \"Request_ResourceNotFound\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"code","start":6},"start":6},"right":{"type":"Literal","value":"Request_ResourceNotFound","start":15},"start":12},
      ".error.message": {"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},
      ".error.message | test(\"domain\"; \"i\")": {"type":"Pipe","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"domain","start":22},{"type":"Literal","value":"i","start":32}],"start":17},"start":0},
      ".error.message | test(\"passwordProfile\")": {"type":"Pipe","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"passwordProfile","start":22}],"start":17},"start":0},
      ".error.message | test(\"same value for property userPrincipalName\")": {"type":"Pipe","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"same value for property userPrincipalName","start":22}],"start":17},"start":0},
      "{\"r\": ((try [limit(1; (.value\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.mail // .userPrincipalName // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.displayName // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.accountEnabled == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .accountEnabled != true then \"deactivated\" elif .externalUserState == \"PendingAcceptance\" then \"invited\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.userPrincipalName\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"next\": (try [limit(1; (.\"@odata.nextLink\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"value","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":41},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":56},"right":{"type":"Literal","value":"string","start":64},"start":61},"then":{"type":"Identity","start":78},"otherwise":{"type":"Call","name":"tojson","args":[],"start":85},"start":53}}],"start":40},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":104},"right":{"type":"Literal","value":"object","start":112},"start":109},"then":{"type":"Identity","start":126},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":133},"right":{"type":"Literal","value":0,"start":143},"start":140},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":151},"value":{"type":"Literal","value":"no output","start":160}}],"start":150},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":179},"index":{"type":"Literal","value":0,"start":181},"start":180},"right":{"type":"Call","name":"type","args":[],"start":186},"start":179},"right":{"type":"Literal","value":"array","start":195},"start":192},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":209},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":219},"index":{"type":"Literal","value":0,"start":221},"start":220},"right":{"type":"Call","name":"type","args":[],"start":226},"start":219}}],"start":208},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":239},"index":{"type":"Literal","value":0,"start":241},"start":240},"start":243},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":261},{"type":"Index","target":{"type":"Identity","start":265},"index":{"type":"Literal","value":"id","start":265},"start":265}],"start":255},"start":254},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":280},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":295},"right":{"type":"Literal","value":"string","start":303},"start":300},"then":{"type":"Identity","start":317},"otherwise":{"type":"Call","name":"tojson","args":[],"start":324},"start":292}}],"start":279},"start":250},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":351},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":355},"index":{"type":"Literal","value":"mail","start":355},"start":355},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":364},"index":{"type":"Literal","value":"userPrincipalName","start":364},"start":364},"right":{"type":"Literal","value":"","start":386},"start":383},"start":361}],"start":345},"start":344},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":400},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":415},"right":{"type":"Literal","value":"string","start":423},"start":420},"then":{"type":"Identity","start":437},"otherwise":{"type":"Call","name":"tojson","args":[],"start":444},"start":412}}],"start":399},"start":340},"start":337},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":471},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":475},"index":{"type":"Literal","value":"displayName","start":475},"start":475},"right":{"type":"Literal","value":"","start":491},"start":488}],"start":465},"start":464},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":505},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":520},"right":{"type":"Literal","value":"string","start":528},"start":525},"then":{"type":"Identity","start":542},"otherwise":{"type":"Call","name":"tojson","args":[],"start":549},"start":517}}],"start":504},"start":460},"start":457},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":576},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":580},"index":{"type":"Literal","value":"accountEnabled","start":580},"start":580},"right":{"type":"Literal","value":true,"start":599},"start":596}],"start":570},"start":569},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":615},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":630},"right":{"type":"Literal","value":"string","start":638},"start":635},"then":{"type":"Identity","start":652},"otherwise":{"type":"Call","name":"tojson","args":[],"start":659},"start":627}}],"start":614},"start":565},"start":562},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":686},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":693},"index":{"type":"Literal","value":"accountEnabled","start":693},"start":693},"right":{"type":"Literal","value":true,"start":712},"start":709},"then":{"type":"Literal","value":"deactivated","start":722},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":741},"index":{"type":"Literal","value":"externalUserState","start":741},"start":741},"right":{"type":"Literal","value":"PendingAcceptance","start":763},"start":760},"then":{"type":"Literal","value":"invited","start":788},"otherwise":{"type":"Literal","value":"active","start":803},"start":736},"start":690}],"start":680},"start":679},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":827},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":842},"right":{"type":"Literal","value":"string","start":850},"start":847},"then":{"type":"Identity","start":864},"otherwise":{"type":"Call","name":"tojson","args":[],"start":871},"start":839}}],"start":826},"start":675},"start":672},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":898},{"type":"Index","target":{"type":"Identity","start":902},"index":{"type":"Literal","value":"userPrincipalName","start":902},"start":902}],"start":892},"start":891},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":932},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":947},"right":{"type":"Literal","value":"string","start":955},"start":952},"then":{"type":"Identity","start":969},"otherwise":{"type":"Call","name":"tojson","args":[],"start":976},"start":944}}],"start":931},"start":887},"start":884},"start":248},"start":239},"start":238},"start":173},"start":128},"start":101},"start":7}},{"key":{"type":"Literal","value":"x","start":998},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"next","start":1004},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1024},{"type":"Index","target":{"type":"Identity","start":1028},"index":{"type":"Literal","value":"@odata.nextLink","start":1029},"start":1028}],"start":1018},"start":1017},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1058},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1073},"right":{"type":"Literal","value":"string","start":1081},"start":1078},"then":{"type":"Identity","start":1095},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1102},"start":1070}}],"start":1057},"start":1013}}],"start":1003}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.mail // .userPrincipalName // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.displayName // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.accountEnabled == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .accountEnabled != true then \"deactivated\" elif .externalUserState == \"PendingAcceptance\" then \"invited\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.userPrincipalName\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":365},"index":{"type":"Literal","value":"mail","start":365},"start":365},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":374},"index":{"type":"Literal","value":"userPrincipalName","start":374},"start":374},"right":{"type":"Literal","value":"","start":396},"start":393},"start":371}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":410},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":425},"right":{"type":"Literal","value":"string","start":433},"start":430},"then":{"type":"Identity","start":447},"otherwise":{"type":"Call","name":"tojson","args":[],"start":454},"start":422}}],"start":409},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":481},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":485},"index":{"type":"Literal","value":"displayName","start":485},"start":485},"right":{"type":"Literal","value":"","start":501},"start":498}],"start":475},"start":474},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":515},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":530},"right":{"type":"Literal","value":"string","start":538},"start":535},"then":{"type":"Identity","start":552},"otherwise":{"type":"Call","name":"tojson","args":[],"start":559},"start":527}}],"start":514},"start":470},"start":467},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":586},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":590},"index":{"type":"Literal","value":"accountEnabled","start":590},"start":590},"right":{"type":"Literal","value":true,"start":609},"start":606}],"start":580},"start":579},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":625},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":640},"right":{"type":"Literal","value":"string","start":648},"start":645},"then":{"type":"Identity","start":662},"otherwise":{"type":"Call","name":"tojson","args":[],"start":669},"start":637}}],"start":624},"start":575},"start":572},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":696},{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":703},"index":{"type":"Literal","value":"accountEnabled","start":703},"start":703},"right":{"type":"Literal","value":true,"start":722},"start":719},"then":{"type":"Literal","value":"deactivated","start":732},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":751},"index":{"type":"Literal","value":"externalUserState","start":751},"start":751},"right":{"type":"Literal","value":"PendingAcceptance","start":773},"start":770},"then":{"type":"Literal","value":"invited","start":798},"otherwise":{"type":"Literal","value":"active","start":813},"start":746},"start":700}],"start":690},"start":689},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":837},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":852},"right":{"type":"Literal","value":"string","start":860},"start":857},"then":{"type":"Identity","start":874},"otherwise":{"type":"Call","name":"tojson","args":[],"start":881},"start":849}}],"start":836},"start":685},"start":682},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":908},{"type":"Index","target":{"type":"Identity","start":912},"index":{"type":"Literal","value":"userPrincipalName","start":912},"start":912}],"start":902},"start":901},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":942},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":957},"right":{"type":"Literal","value":"string","start":965},"start":962},"then":{"type":"Identity","start":979},"otherwise":{"type":"Call","name":"tojson","args":[],"start":986},"start":954}}],"start":941},"start":897},"start":894},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1008},"value":{"type":"Object","entries":[],"start":1013}}],"start":0},
    },
  },
};
