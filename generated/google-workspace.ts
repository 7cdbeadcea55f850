// Generated from specs/prebuilt/google-workspace.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Google Workspace. */
export type GoogleWorkspaceInputs = {
  /** OAuth client ID From Google Cloud console > APIs & Services > Credentials, an OAuth client ID (type Web application) in a project where the Admin SDK API is enabled. */
  clientId: string;
  /** OAuth client secret (secret) The client secret of that OAuth client (shown when it is created). */
  clientSecret: string;
  /** Refresh token (secret) A refresh token issued to that client by a super admin's consent (access_type=offline) to the scope https://www.googleapis.com/auth/admin.directory.user (https://www.googleapis.com/auth/admin.directory.user.readonly is enough for Import Users only). */
  refreshToken: string;
  /** Token endpoint Google's OAuth 2.0 token endpoint; leave as it is. */
  tokenUrl?: string;
};

/** Standard actions Google Workspace defines. */
export type GoogleWorkspaceActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Google Workspace defines. */
export type GoogleWorkspaceCustomActionName = never;

/** Google Workspace (prebuilt), compiled from specs/prebuilt/google-workspace.yaml. */
export const googleWorkspaceConnector: CompiledConnector<GoogleWorkspaceInputs, GoogleWorkspaceActionName, GoogleWorkspaceCustomActionName> = {
  source: "specs/prebuilt/google-workspace.yaml",
  spec: {
    "specVersion": 1,
    "id": "google-workspace",
    "name": "Google Workspace",
    "description": "Imports, creates, unsuspends (activate), suspends (deactivate) and deletes the users of a Google Workspace account through the Admin SDK Directory API, with admin from Google's super and delegated admin flags and each user's state (never signed in: invited; suspended or archived: deactivated). Create User sets a generated one-time password, handed back to the workflow as a secret and changed at first sign-in; Google sends no welcome email. Delete is restorable by an admin for 20 days. Groups, organizational units and licences are not changed.",
    "type": "prebuilt",
    "baseUrl": "https://admin.googleapis.com",
    "inputs": {
      "clientId": {
        "label": "OAuth client ID",
        "help": "From Google Cloud console > APIs & Services > Credentials, an OAuth client ID (type Web application) in a project where the Admin SDK API is enabled.",
        "required": true,
        "type": "string",
        "secret": false
      },
      "clientSecret": {
        "label": "OAuth client secret",
        "help": "The client secret of that OAuth client (shown when it is created).",
        "secret": true,
        "required": true,
        "type": "string"
      },
      "refreshToken": {
        "label": "Refresh token",
        "help": "A refresh token issued to that client by a super admin's consent (access_type=offline) to the scope https://www.googleapis.com/auth/admin.directory.user (https://www.googleapis.com/auth/admin.directory.user.readonly is enough for Import Users only).",
        "secret": true,
        "required": true,
        "type": "string"
      },
      "tokenUrl": {
        "type": "url",
        "label": "Token endpoint",
        "help": "Google's OAuth 2.0 token endpoint; leave as it is.",
        "default": "https://oauth2.googleapis.com/token",
        "secret": false,
        "required": false
      }
    },
    "auth": {
      "type": "oauth2",
      "grant": "refresh_token",
      "tokenUrl": "{inputs.tokenUrl}",
      "clientAuth": "client_secret_post",
      "pkce": true,
      "header": "Authorization",
      "prefix": "Bearer "
    },
    "errors": {
      "message": ".error.message // .error_description // .error",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Google refused the access token.",
          "hint": "Check the OAuth client ID and secret and that the refresh token has not been revoked (a super admin can issue a new one)."
        },
        {
          "status": 403,
          "when": "[.error.errors[]?.reason] | any(. == \"userRateLimitExceeded\" or . == \"rateLimitExceeded\" or . == \"quotaExceeded\")",
          "code": "RATE_LIMITED",
          "message": "The Admin SDK's quota was used up (Google answers 403 for it, which is not retried within one run).",
          "hint": "Try again later; Google recommends exponential backoff and the quota can be raised in Google Cloud console."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "The consenting admin or the token's scopes may not do this.",
          "hint": "The refresh token must be consented by a super admin to https://www.googleapis.com/auth/admin.directory.user (a read-only scope allows Import Users only)."
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
        "path": "/admin/directory/v1/users",
        "query": {
          "customer": "my_customer"
        },
        "records": ".users // []",
        "mapping": {
          "id": ".id",
          "email": ".primaryEmail // \"\"",
          "name": ".name.fullName // ([.name.givenName, .name.familyName] | map(select(. != null and . != \"\")) | join(\" \"))",
          "admin": ".isAdmin == true or .isDelegatedAdmin == true",
          "state": "if .suspended == true or .archived == true then \"deactivated\" elif .agreedToTerms == false then \"invited\" else \"active\" end",
          "active": ".suspended != true and .archived != true",
          "suspensionReason": ".suspensionReason"
        },
        "pagination": {
          "type": "cursor",
          "cursor": ".nextPageToken",
          "param": "pageToken",
          "sizeParam": "maxResults",
          "size": 500,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "createsInactive": "whenAsked",
        "method": "POST",
        "path": "/admin/directory/v1/users",
        "requires": [
          "user.email",
          "user.name"
        ],
        "generate": {
          "password": {
            "type": "password",
            "length": 20
          }
        },
        "body": "{\n  \"primaryEmail\": {{user.email}},\n  \"name\": {\n    \"givenName\": {{truncate (default user.firstName (firstWord user.name)) 60}},\n    \"familyName\": {{truncate (default user.lastName (restWords user.name) (firstWord user.name)) 60}}\n  },\n  \"password\": {{generated.password}},\n  \"changePasswordAtNextLogin\": true,\n  \"suspended\": {{create.inactive}}\n}\n",
        "success": [
          200
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 409,
              "code": "CONFLICT",
              "message": "A Google Workspace user or alias with this email already exists (a user deleted in the last 20 days keeps it too)."
            },
            {
              "status": 400,
              "when": ".error.message | test(\"Invalid Password\"; \"i\")",
              "code": "TARGET_ERROR",
              "message": "Google refused the generated initial password.",
              "hint": "Check the account's password policy (Admin console > Security > Password management); the generated password has 20 characters."
            }
          ]
        },
        "contentType": "application/json",
        "idempotent": false
      },
      "activateUser": {
        "method": "PUT",
        "path": "/admin/directory/v1/users/{account.id}",
        "body": "{\"suspended\": false}",
        "idempotent": true,
        "success": [
          200
        ],
        "contentType": "application/json"
      },
      "deactivateUser": {
        "method": "PUT",
        "path": "/admin/directory/v1/users/{account.id}",
        "body": "{\"suspended\": true}",
        "idempotent": true,
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 404,
            "when": "[.error.errors[]?.reason] | any(. == \"notFound\")",
            "means": "alreadyAbsent"
          }
        ],
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/admin/directory/v1/users/{account.id}",
        "success": [
          204
        ],
        "outcomes": [
          {
            "status": 404,
            "when": "[.error.errors[]?.reason] | any(. == \"notFound\")",
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
      ".error.message // .error_description // .error": {"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":18},"index":{"type":"Literal","value":"error_description","start":18},"start":18},"right":{"type":"Index","target":{"type":"Identity","start":40},"index":{"type":"Literal","value":"error","start":40},"start":40},"start":37},"start":15},
      ".error.message | test(\"Invalid Password\"; \"i\")": {"type":"Pipe","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"Invalid Password","start":22},{"type":"Literal","value":"i","start":42}],"start":17},"start":0},
      "[.error.errors[]?.reason] | any(. == \"notFound\")": {"type":"Pipe","left":{"type":"Array","body":{"type":"Index","target":{"type":"Pipe","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"error","start":1},"start":1},"index":{"type":"Literal","value":"errors","start":7},"start":7},"right":{"type":"Try","body":{"type":"Iterate","target":{"type":"Identity","start":16},"start":14},"start":16},"start":16},"index":{"type":"Literal","value":"reason","start":17},"start":17},"start":0},"right":{"type":"Call","name":"any","args":[{"type":"Binary","op":"==","left":{"type":"Identity","start":32},"right":{"type":"Literal","value":"notFound","start":37},"start":34}],"start":28},"start":0},
      "[.error.errors[]?.reason] | any(. == \"userRateLimitExceeded\" or . == \"rateLimitExceeded\" or . == \"quotaExceeded\")": {"type":"Pipe","left":{"type":"Array","body":{"type":"Index","target":{"type":"Pipe","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"error","start":1},"start":1},"index":{"type":"Literal","value":"errors","start":7},"start":7},"right":{"type":"Try","body":{"type":"Iterate","target":{"type":"Identity","start":16},"start":14},"start":16},"start":16},"index":{"type":"Literal","value":"reason","start":17},"start":17},"start":0},"right":{"type":"Call","name":"any","args":[{"type":"Or","left":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Identity","start":32},"right":{"type":"Literal","value":"userRateLimitExceeded","start":37},"start":34},"right":{"type":"Binary","op":"==","left":{"type":"Identity","start":64},"right":{"type":"Literal","value":"rateLimitExceeded","start":69},"start":66},"start":61},"right":{"type":"Binary","op":"==","left":{"type":"Identity","start":92},"right":{"type":"Literal","value":"quotaExceeded","start":97},"start":94},"start":89}],"start":28},"start":0},
      "{\"r\": ((try [limit(1; (.users // []\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.primaryEmail // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.name.fullName // ([.name.givenName, .name.familyName] | map(select(. != null and . != \"\")) | join(\" \"))\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.isAdmin == true or .isDelegatedAdmin == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .suspended == true or .archived == true then \"deactivated\" elif .agreedToTerms == false then \"invited\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspended != true and .archived != true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspensionReason\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"cursor\": (try [limit(1; (.nextPageToken\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), \"cursor found\": (try [limit(1; (try (first(path(.nextPageToken\n)) as $p | if ($p | length) == 0 then true else (getpath($p[:-1]) | if type == \"object\" or type == \"array\" then has($p[-1]) else false end) end) catch null\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"users","start":23},"start":23},"right":{"type":"Array","start":33},"start":30}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":47},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":62},"right":{"type":"Literal","value":"string","start":70},"start":67},"then":{"type":"Identity","start":84},"otherwise":{"type":"Call","name":"tojson","args":[],"start":91},"start":59}}],"start":46},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":110},"right":{"type":"Literal","value":"object","start":118},"start":115},"then":{"type":"Identity","start":132},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":139},"right":{"type":"Literal","value":0,"start":149},"start":146},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":157},"value":{"type":"Literal","value":"no output","start":166}}],"start":156},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":185},"index":{"type":"Literal","value":0,"start":187},"start":186},"right":{"type":"Call","name":"type","args":[],"start":192},"start":185},"right":{"type":"Literal","value":"array","start":201},"start":198},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":215},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":225},"index":{"type":"Literal","value":0,"start":227},"start":226},"right":{"type":"Call","name":"type","args":[],"start":232},"start":225}}],"start":214},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":245},"index":{"type":"Literal","value":0,"start":247},"start":246},"start":249},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":267},{"type":"Index","target":{"type":"Identity","start":271},"index":{"type":"Literal","value":"id","start":271},"start":271}],"start":261},"start":260},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":286},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":301},"right":{"type":"Literal","value":"string","start":309},"start":306},"then":{"type":"Identity","start":323},"otherwise":{"type":"Call","name":"tojson","args":[],"start":330},"start":298}}],"start":285},"start":256},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":357},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":361},"index":{"type":"Literal","value":"primaryEmail","start":361},"start":361},"right":{"type":"Literal","value":"","start":378},"start":375}],"start":351},"start":350},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":392},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":407},"right":{"type":"Literal","value":"string","start":415},"start":412},"then":{"type":"Identity","start":429},"otherwise":{"type":"Call","name":"tojson","args":[],"start":436},"start":404}}],"start":391},"start":346},"start":343},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":463},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":467},"index":{"type":"Literal","value":"name","start":467},"start":467},"index":{"type":"Literal","value":"fullName","start":472},"start":472},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":487},"index":{"type":"Literal","value":"name","start":487},"start":487},"index":{"type":"Literal","value":"givenName","start":492},"start":492},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":504},"index":{"type":"Literal","value":"name","start":504},"start":504},"index":{"type":"Literal","value":"familyName","start":509},"start":509},"start":502},"start":486},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Identity","start":535},"right":{"type":"Literal","value":null,"start":540},"start":537},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":549},"right":{"type":"Literal","value":"","start":554},"start":551},"start":545}],"start":528}],"start":524},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":566}],"start":561},"start":524},"start":486},"start":482}],"start":457},"start":456},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":583},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":598},"right":{"type":"Literal","value":"string","start":606},"start":603},"then":{"type":"Identity","start":620},"otherwise":{"type":"Call","name":"tojson","args":[],"start":627},"start":595}}],"start":582},"start":452},"start":449},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":654},{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":658},"index":{"type":"Literal","value":"isAdmin","start":658},"start":658},"right":{"type":"Literal","value":true,"start":670},"start":667},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":678},"index":{"type":"Literal","value":"isDelegatedAdmin","start":678},"start":678},"right":{"type":"Literal","value":true,"start":699},"start":696},"start":675}],"start":648},"start":647},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":715},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":730},"right":{"type":"Literal","value":"string","start":738},"start":735},"then":{"type":"Identity","start":752},"otherwise":{"type":"Call","name":"tojson","args":[],"start":759},"start":727}}],"start":714},"start":643},"start":640},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":786},{"type":"If","cond":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":793},"index":{"type":"Literal","value":"suspended","start":793},"start":793},"right":{"type":"Literal","value":true,"start":807},"start":804},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":815},"index":{"type":"Literal","value":"archived","start":815},"start":815},"right":{"type":"Literal","value":true,"start":828},"start":825},"start":812},"then":{"type":"Literal","value":"deactivated","start":838},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":857},"index":{"type":"Literal","value":"agreedToTerms","start":857},"start":857},"right":{"type":"Literal","value":false,"start":875},"start":872},"then":{"type":"Literal","value":"invited","start":886},"otherwise":{"type":"Literal","value":"active","start":901},"start":852},"start":790}],"start":780},"start":779},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":925},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":940},"right":{"type":"Literal","value":"string","start":948},"start":945},"then":{"type":"Identity","start":962},"otherwise":{"type":"Call","name":"tojson","args":[],"start":969},"start":937}}],"start":924},"start":775},"start":772},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":996},{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":1000},"index":{"type":"Literal","value":"suspended","start":1000},"start":1000},"right":{"type":"Literal","value":true,"start":1014},"start":1011},"right":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":1023},"index":{"type":"Literal","value":"archived","start":1023},"start":1023},"right":{"type":"Literal","value":true,"start":1036},"start":1033},"start":1019}],"start":990},"start":989},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1052},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1067},"right":{"type":"Literal","value":"string","start":1075},"start":1072},"then":{"type":"Identity","start":1089},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1096},"start":1064}}],"start":1051},"start":985},"start":982},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1123},{"type":"Index","target":{"type":"Identity","start":1127},"index":{"type":"Literal","value":"suspensionReason","start":1127},"start":1127}],"start":1117},"start":1116},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1156},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1171},"right":{"type":"Literal","value":"string","start":1179},"start":1176},"then":{"type":"Identity","start":1193},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1200},"start":1168}}],"start":1155},"start":1112},"start":1109},"start":254},"start":245},"start":244},"start":179},"start":134},"start":107},"start":7}},{"key":{"type":"Literal","value":"x","start":1222},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"cursor","start":1228},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1250},{"type":"Index","target":{"type":"Identity","start":1254},"index":{"type":"Literal","value":"nextPageToken","start":1254},"start":1254}],"start":1244},"start":1243},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1280},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1295},"right":{"type":"Literal","value":"string","start":1303},"start":1300},"then":{"type":"Identity","start":1317},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1324},"start":1292}}],"start":1279},"start":1239}},{"key":{"type":"Literal","value":"cursor found","start":1339},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1367},{"type":"Try","body":{"type":"Bind","source":{"type":"Call","name":"first","args":[{"type":"Call","name":"path","args":[{"type":"Index","target":{"type":"Identity","start":1387},"index":{"type":"Literal","value":"nextPageToken","start":1387},"start":1387}],"start":1382}],"start":1376},"patterns":[{"type":"VarPattern","name":"p","start":1408}],"body":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Pipe","left":{"type":"Var","name":"p","start":1417},"right":{"type":"Call","name":"length","args":[],"start":1422},"start":1417},"right":{"type":"Literal","value":0,"start":1433},"start":1430},"then":{"type":"Literal","value":true,"start":1440},"otherwise":{"type":"Pipe","left":{"type":"Call","name":"getpath","args":[{"type":"Slice","target":{"type":"Var","name":"p","start":1459},"to":{"type":"Neg","body":{"type":"Literal","value":1,"start":1464},"start":1463},"start":1461}],"start":1451},"right":{"type":"If","cond":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1473},"right":{"type":"Literal","value":"object","start":1481},"start":1478},"right":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1493},"right":{"type":"Literal","value":"array","start":1501},"start":1498},"start":1490},"then":{"type":"Call","name":"has","args":[{"type":"Index","target":{"type":"Var","name":"p","start":1518},"index":{"type":"Neg","body":{"type":"Literal","value":1,"start":1522},"start":1521},"start":1520}],"start":1514},"otherwise":{"type":"Literal","value":false,"start":1531},"start":1470},"start":1451},"start":1413},"start":1405},"handler":{"type":"Literal","value":null,"start":1553},"start":1371}],"start":1361},"start":1360},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1569},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1584},"right":{"type":"Literal","value":"string","start":1592},"start":1589},"then":{"type":"Identity","start":1606},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1613},"start":1581}}],"start":1568},"start":1356}}],"start":1227}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.primaryEmail // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.name.fullName // ([.name.givenName, .name.familyName] | map(select(. != null and . != \"\")) | join(\" \"))\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.isAdmin == true or .isDelegatedAdmin == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .suspended == true or .archived == true then \"deactivated\" elif .agreedToTerms == false then \"invited\" else \"active\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspended != true and .archived != true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspensionReason\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":365},"index":{"type":"Literal","value":"primaryEmail","start":365},"start":365},"right":{"type":"Literal","value":"","start":382},"start":379}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":396},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":411},"right":{"type":"Literal","value":"string","start":419},"start":416},"then":{"type":"Identity","start":433},"otherwise":{"type":"Call","name":"tojson","args":[],"start":440},"start":408}}],"start":395},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":467},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":471},"index":{"type":"Literal","value":"name","start":471},"start":471},"index":{"type":"Literal","value":"fullName","start":476},"start":476},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":491},"index":{"type":"Literal","value":"name","start":491},"start":491},"index":{"type":"Literal","value":"givenName","start":496},"start":496},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":508},"index":{"type":"Literal","value":"name","start":508},"start":508},"index":{"type":"Literal","value":"familyName","start":513},"start":513},"start":506},"start":490},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Identity","start":539},"right":{"type":"Literal","value":null,"start":544},"start":541},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":553},"right":{"type":"Literal","value":"","start":558},"start":555},"start":549}],"start":532}],"start":528},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":570}],"start":565},"start":528},"start":490},"start":486}],"start":461},"start":460},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":587},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":602},"right":{"type":"Literal","value":"string","start":610},"start":607},"then":{"type":"Identity","start":624},"otherwise":{"type":"Call","name":"tojson","args":[],"start":631},"start":599}}],"start":586},"start":456},"start":453},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":658},{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":662},"index":{"type":"Literal","value":"isAdmin","start":662},"start":662},"right":{"type":"Literal","value":true,"start":674},"start":671},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":682},"index":{"type":"Literal","value":"isDelegatedAdmin","start":682},"start":682},"right":{"type":"Literal","value":true,"start":703},"start":700},"start":679}],"start":652},"start":651},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":719},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":734},"right":{"type":"Literal","value":"string","start":742},"start":739},"then":{"type":"Identity","start":756},"otherwise":{"type":"Call","name":"tojson","args":[],"start":763},"start":731}}],"start":718},"start":647},"start":644},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":790},{"type":"If","cond":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":797},"index":{"type":"Literal","value":"suspended","start":797},"start":797},"right":{"type":"Literal","value":true,"start":811},"start":808},"right":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":819},"index":{"type":"Literal","value":"archived","start":819},"start":819},"right":{"type":"Literal","value":true,"start":832},"start":829},"start":816},"then":{"type":"Literal","value":"deactivated","start":842},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":861},"index":{"type":"Literal","value":"agreedToTerms","start":861},"start":861},"right":{"type":"Literal","value":false,"start":879},"start":876},"then":{"type":"Literal","value":"invited","start":890},"otherwise":{"type":"Literal","value":"active","start":905},"start":856},"start":794}],"start":784},"start":783},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":929},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":944},"right":{"type":"Literal","value":"string","start":952},"start":949},"then":{"type":"Identity","start":966},"otherwise":{"type":"Call","name":"tojson","args":[],"start":973},"start":941}}],"start":928},"start":779},"start":776},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1000},{"type":"And","left":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":1004},"index":{"type":"Literal","value":"suspended","start":1004},"start":1004},"right":{"type":"Literal","value":true,"start":1018},"start":1015},"right":{"type":"Binary","op":"!=","left":{"type":"Index","target":{"type":"Identity","start":1027},"index":{"type":"Literal","value":"archived","start":1027},"start":1027},"right":{"type":"Literal","value":true,"start":1040},"start":1037},"start":1023}],"start":994},"start":993},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1056},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1071},"right":{"type":"Literal","value":"string","start":1079},"start":1076},"then":{"type":"Identity","start":1093},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1100},"start":1068}}],"start":1055},"start":989},"start":986},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1127},{"type":"Index","target":{"type":"Identity","start":1131},"index":{"type":"Literal","value":"suspensionReason","start":1131},"start":1131}],"start":1121},"start":1120},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1160},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1175},"right":{"type":"Literal","value":"string","start":1183},"start":1180},"then":{"type":"Identity","start":1197},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1204},"start":1172}}],"start":1159},"start":1116},"start":1113},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1226},"value":{"type":"Object","entries":[],"start":1231}}],"start":0},
    },
  },
};
