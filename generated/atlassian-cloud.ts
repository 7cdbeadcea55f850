// Generated from specs/prebuilt/atlassian-cloud.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Atlassian Cloud (user provisioning, SCIM). */
export type AtlassianCloudInputs = {
  /** Directory base URL Shown with the API key when it is created or regenerated (admin.atlassian.com > Security > Identity providers > your directory > User provisioning), e.g. https://api.atlassian.com/scim/directory/<directoryId>. */
  baseUrl: string;
  /** Directory API key (secret) The directory's user provisioning API key (shown once, with the Directory base URL). It is not the organization's admin API key, and it always has full access to the directory. */
  token: string;
};

/** Standard actions Atlassian Cloud (user provisioning, SCIM) defines. */
export type AtlassianCloudActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Atlassian Cloud (user provisioning, SCIM) defines. */
export type AtlassianCloudCustomActionName = never;

/** Atlassian Cloud (user provisioning, SCIM) (prebuilt), compiled from specs/prebuilt/atlassian-cloud.yaml. */
export const atlassianCloudConnector: CompiledConnector<AtlassianCloudInputs, AtlassianCloudActionName, AtlassianCloudCustomActionName> = {
  source: "specs/prebuilt/atlassian-cloud.yaml",
  spec: {
    "specVersion": 1,
    "id": "atlassian-cloud",
    "name": "Atlassian Cloud (user provisioning, SCIM)",
    "description": "Imports, creates, activates and deactivates the managed Atlassian accounts of one identity provider directory of an Atlassian organization over SCIM 2.0, with each account's state (active or deactivated). Delete User does not delete: Atlassian deactivates the account and takes it out of the directory (the account stays, deactivated, in Atlassian Administration). Product access, groups and organization admin roles are neither read nor changed; Atlassian creates accounts only for emails on a domain the organization has verified.",
    "type": "prebuilt",
    "inputs": {
      "baseUrl": {
        "type": "url",
        "label": "Directory base URL",
        "help": "Shown with the API key when it is created or regenerated (admin.atlassian.com > Security > Identity providers > your directory > User provisioning), e.g. https://api.atlassian.com/scim/directory/<directoryId>.",
        "required": true,
        "secret": false
      },
      "token": {
        "label": "Directory API key",
        "help": "The directory's user provisioning API key (shown once, with the Directory base URL). It is not the organization's admin API key, and it always has full access to the directory.",
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
      "Accept": "application/scim+json"
    },
    "errors": {
      "message": ".detail // .error // .scimType // empty",
      "rules": [
        {
          "status": 401,
          "code": "AUTH_FAILED",
          "message": "Atlassian refused the directory API key.",
          "hint": "Regenerate the directory's API key (User provisioning > Regenerate API key) and paste it whole."
        },
        {
          "status": 403,
          "code": "FORBIDDEN",
          "message": "The API key may not use this directory.",
          "hint": "Check that the Directory base URL and the API key come from the same directory."
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
        "path": "/Users",
        "records": ".Resources // []",
        "mapping": {
          "id": ".id",
          "email": "(.emails // []) as $emails | ([$emails[] | select(.primary == true)][0].value) // $emails[0].value // .userName // \"\"",
          "name": "[.displayName, .name.formatted,\n ([.name.givenName, .name.familyName] | map(select(type == \"string\" and . != \"\")) | join(\" \"))]\n| map(select(type == \"string\" and . != \"\")) | .[0] // \"\"",
          "active": ".active == true",
          "state": "if .active == true then \"active\" else \"deactivated\" end",
          "userName": ".userName",
          "atlassianAccountId": ".\"urn:scim:schemas:extension:atlassian-external:1.0\".atlassianAccountId"
        },
        "pagination": {
          "type": "scim",
          "count": 100,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "path": "/Users",
        "contentType": "application/scim+json",
        "requires": [
          "user.email"
        ],
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:schemas:core:2.0:User\"],\n  \"userName\": {{user.email}},\n  \"name\": {\n    \"formatted\": {{default user.name user.email}}{{#if user.firstName}},\n    \"givenName\": {{user.firstName}}{{/if}}{{#if user.lastName}},\n    \"familyName\": {{user.lastName}}{{/if}}\n  },\n  \"displayName\": {{default user.name user.email}},\n  \"emails\": [{\"value\": {{user.email}}, \"type\": \"work\", \"primary\": true}]\n}\n",
        "success": [
          201
        ],
        "result": ".",
        "errors": {
          "rules": [
            {
              "status": 409,
              "code": "CONFLICT",
              "message": "The directory already has a user with this userName (the email).",
              "hint": "Import Users to link the existing account instead of creating it again."
            },
            {
              "status": 400,
              "when": "(.detail // \"\") | test(\"domain\"; \"i\")",
              "code": "TARGET_ERROR",
              "message": "Atlassian creates accounts only for emails on a domain the organization has verified.",
              "hint": "Verify the email's domain in Atlassian Administration (Settings > Domains), or use an email on a verified domain."
            }
          ]
        },
        "idempotent": false
      },
      "activateUser": {
        "method": "PATCH",
        "path": "/Users/{account.id}",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\n  \"operations\": [{\"op\": \"replace\", \"path\": \"active\", \"value\": true}]\n}\n",
        "idempotent": true,
        "success": [
          200,
          204
        ],
        "result": ".",
        "outcomes": [
          {
            "status": 404,
            "when": "((.schemas // []) | any(. == \"urn:ietf:params:scim:api:messages:2.0:Error\")) and ((.detail // \"\") | test(\"directory\"; \"i\") | not)",
            "means": "alreadyAbsent"
          }
        ]
      },
      "deactivateUser": {
        "method": "PATCH",
        "path": "/Users/{account.id}",
        "contentType": "application/scim+json",
        "body": "{\n  \"schemas\": [\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\n  \"operations\": [{\"op\": \"replace\", \"path\": \"active\", \"value\": false}]\n}\n",
        "idempotent": true,
        "success": [
          200,
          204
        ],
        "result": ".",
        "outcomes": [
          {
            "status": 404,
            "when": "((.schemas // []) | any(. == \"urn:ietf:params:scim:api:messages:2.0:Error\")) and ((.detail // \"\") | test(\"directory\"; \"i\") | not)",
            "means": "alreadyAbsent"
          }
        ]
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
            "when": "((.schemas // []) | any(. == \"urn:ietf:params:scim:api:messages:2.0:Error\")) and ((.detail // \"\") | test(\"directory\"; \"i\") | not)",
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
      "((.schemas // []) | any(. == \"urn:ietf:params:scim:api:messages:2.0:Error\")) and ((.detail // \"\") | test(\"directory\"; \"i\") | not)": {"type":"And","left":{"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":2},"index":{"type":"Literal","value":"schemas","start":2},"start":2},"right":{"type":"Array","start":14},"start":11},"right":{"type":"Call","name":"any","args":[{"type":"Binary","op":"==","left":{"type":"Identity","start":24},"right":{"type":"Literal","value":"urn:ietf:params:scim:api:messages:2.0:Error","start":29},"start":26}],"start":20},"start":1},"right":{"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":83},"index":{"type":"Literal","value":"detail","start":83},"start":83},"right":{"type":"Literal","value":"","start":94},"start":91},"right":{"type":"Pipe","left":{"type":"Call","name":"test","args":[{"type":"Literal","value":"directory","start":105},{"type":"Literal","value":"i","start":118}],"start":100},"right":{"type":"Call","name":"not","args":[],"start":125},"start":100},"start":82},"start":77},
      "(.detail // \"\") | test(\"domain\"; \"i\")": {"type":"Pipe","left":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":1},"index":{"type":"Literal","value":"detail","start":1},"start":1},"right":{"type":"Literal","value":"","start":12},"start":9},"right":{"type":"Call","name":"test","args":[{"type":"Literal","value":"domain","start":23},{"type":"Literal","value":"i","start":33}],"start":18},"start":0},
      ".detail // .error // .scimType // empty": {"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"detail","start":0},"start":0},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":11},"index":{"type":"Literal","value":"error","start":11},"start":11},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":21},"index":{"type":"Literal","value":"scimType","start":21},"start":21},"right":{"type":"Call","name":"empty","args":[],"start":34},"start":31},"start":18},"start":8},
      "{\"r\": ((try [limit(1; (.Resources // []\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ((.emails // []) as $emails | ([$emails[] | select(.primary == true)][0].value) // $emails[0].value // .userName // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ([.displayName, .name.formatted,\n ([.name.givenName, .name.familyName] | map(select(type == \"string\" and . != \"\")) | join(\" \"))]\n| map(select(type == \"string\" and . != \"\")) | .[0] // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.active == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .active == true then \"active\" else \"deactivated\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.userName\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.\"urn:scim:schemas:extension:atlassian-external:1.0\".atlassianAccountId\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"totalResults\": (try [limit(1; (.totalResults\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"Resources","start":23},"start":23},"right":{"type":"Array","start":37},"start":34}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Bind","source":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":366},"index":{"type":"Literal","value":"emails","start":366},"start":366},"right":{"type":"Array","start":377},"start":374},"patterns":[{"type":"VarPattern","name":"emails","start":384}],"body":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Var","name":"emails","start":396},"start":403},"right":{"type":"Call","name":"select","args":[{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":415},"index":{"type":"Literal","value":"primary","start":415},"start":415},"right":{"type":"Literal","value":true,"start":427},"start":424}],"start":408},"start":396},"start":395},"index":{"type":"Literal","value":0,"start":434},"start":433},"index":{"type":"Literal","value":"value","start":436},"start":436},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Var","name":"emails","start":447},"index":{"type":"Literal","value":0,"start":455},"start":454},"index":{"type":"Literal","value":"value","start":457},"start":457},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":467},"index":{"type":"Literal","value":"userName","start":467},"start":467},"right":{"type":"Literal","value":"","start":480},"start":477},"start":464},"start":444},"start":381}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":494},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":509},"right":{"type":"Literal","value":"string","start":517},"start":514},"then":{"type":"Identity","start":531},"otherwise":{"type":"Call","name":"tojson","args":[],"start":538},"start":506}}],"start":493},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":565},{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Index","target":{"type":"Identity","start":570},"index":{"type":"Literal","value":"displayName","start":570},"start":570},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":584},"index":{"type":"Literal","value":"name","start":584},"start":584},"index":{"type":"Literal","value":"formatted","start":589},"start":589},"start":582},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":604},"index":{"type":"Literal","value":"name","start":604},"start":604},"index":{"type":"Literal","value":"givenName","start":609},"start":609},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":621},"index":{"type":"Literal","value":"name","start":621},"start":621},"index":{"type":"Literal","value":"familyName","start":626},"start":626},"start":619},"start":603},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":652},"right":{"type":"Literal","value":"string","start":660},"start":657},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":673},"right":{"type":"Literal","value":"","start":678},"start":675},"start":669}],"start":645}],"start":641},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":690}],"start":685},"start":641},"start":603},"start":599},"start":569},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":710},"right":{"type":"Literal","value":"string","start":718},"start":715},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":731},"right":{"type":"Literal","value":"","start":736},"start":733},"start":727}],"start":703}],"start":699},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":743},"index":{"type":"Literal","value":0,"start":745},"start":744},"right":{"type":"Literal","value":"","start":751},"start":748},"start":699},"start":569}],"start":559},"start":558},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":765},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":780},"right":{"type":"Literal","value":"string","start":788},"start":785},"then":{"type":"Identity","start":802},"otherwise":{"type":"Call","name":"tojson","args":[],"start":809},"start":777}}],"start":764},"start":554},"start":551},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":836},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":840},"index":{"type":"Literal","value":"active","start":840},"start":840},"right":{"type":"Literal","value":true,"start":851},"start":848}],"start":830},"start":829},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":867},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":882},"right":{"type":"Literal","value":"string","start":890},"start":887},"then":{"type":"Identity","start":904},"otherwise":{"type":"Call","name":"tojson","args":[],"start":911},"start":879}}],"start":866},"start":825},"start":822},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":938},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":945},"index":{"type":"Literal","value":"active","start":945},"start":945},"right":{"type":"Literal","value":true,"start":956},"start":953},"then":{"type":"Literal","value":"active","start":966},"otherwise":{"type":"Literal","value":"deactivated","start":980},"start":942}],"start":932},"start":931},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1009},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1024},"right":{"type":"Literal","value":"string","start":1032},"start":1029},"then":{"type":"Identity","start":1046},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1053},"start":1021}}],"start":1008},"start":927},"start":924},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1080},{"type":"Index","target":{"type":"Identity","start":1084},"index":{"type":"Literal","value":"userName","start":1084},"start":1084}],"start":1074},"start":1073},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1105},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1120},"right":{"type":"Literal","value":"string","start":1128},"start":1125},"then":{"type":"Identity","start":1142},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1149},"start":1117}}],"start":1104},"start":1069},"start":1066},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1176},{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1180},"index":{"type":"Literal","value":"urn:scim:schemas:extension:atlassian-external:1.0","start":1181},"start":1180},"index":{"type":"Literal","value":"atlassianAccountId","start":1232},"start":1232}],"start":1170},"start":1169},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1263},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1278},"right":{"type":"Literal","value":"string","start":1286},"start":1283},"then":{"type":"Identity","start":1300},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1307},"start":1275}}],"start":1262},"start":1165},"start":1162},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1329},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"totalResults","start":1335},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1363},{"type":"Index","target":{"type":"Identity","start":1367},"index":{"type":"Literal","value":"totalResults","start":1367},"start":1367}],"start":1357},"start":1356},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1392},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1407},"right":{"type":"Literal","value":"string","start":1415},"start":1412},"then":{"type":"Identity","start":1429},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1436},"start":1404}}],"start":1391},"start":1352}}],"start":1334}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ((.emails // []) as $emails | ([$emails[] | select(.primary == true)][0].value) // $emails[0].value // .userName // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; ([.displayName, .name.formatted,\n ([.name.givenName, .name.familyName] | map(select(type == \"string\" and . != \"\")) | join(\" \"))]\n| map(select(type == \"string\" and . != \"\")) | .[0] // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.active == true\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (if .active == true then \"active\" else \"deactivated\" end\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.userName\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.\"urn:scim:schemas:extension:atlassian-external:1.0\".atlassianAccountId\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"id","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":290},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":305},"right":{"type":"Literal","value":"string","start":313},"start":310},"then":{"type":"Identity","start":327},"otherwise":{"type":"Call","name":"tojson","args":[],"start":334},"start":302}}],"start":289},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":361},{"type":"Bind","source":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":366},"index":{"type":"Literal","value":"emails","start":366},"start":366},"right":{"type":"Array","start":377},"start":374},"patterns":[{"type":"VarPattern","name":"emails","start":384}],"body":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Var","name":"emails","start":396},"start":403},"right":{"type":"Call","name":"select","args":[{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":415},"index":{"type":"Literal","value":"primary","start":415},"start":415},"right":{"type":"Literal","value":true,"start":427},"start":424}],"start":408},"start":396},"start":395},"index":{"type":"Literal","value":0,"start":434},"start":433},"index":{"type":"Literal","value":"value","start":436},"start":436},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Var","name":"emails","start":447},"index":{"type":"Literal","value":0,"start":455},"start":454},"index":{"type":"Literal","value":"value","start":457},"start":457},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":467},"index":{"type":"Literal","value":"userName","start":467},"start":467},"right":{"type":"Literal","value":"","start":480},"start":477},"start":464},"start":444},"start":381}],"start":355},"start":354},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":494},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":509},"right":{"type":"Literal","value":"string","start":517},"start":514},"then":{"type":"Identity","start":531},"otherwise":{"type":"Call","name":"tojson","args":[],"start":538},"start":506}}],"start":493},"start":350},"start":347},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":565},{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Index","target":{"type":"Identity","start":570},"index":{"type":"Literal","value":"displayName","start":570},"start":570},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":584},"index":{"type":"Literal","value":"name","start":584},"start":584},"index":{"type":"Literal","value":"formatted","start":589},"start":589},"start":582},"right":{"type":"Pipe","left":{"type":"Array","body":{"type":"Comma","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":604},"index":{"type":"Literal","value":"name","start":604},"start":604},"index":{"type":"Literal","value":"givenName","start":609},"start":609},"right":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":621},"index":{"type":"Literal","value":"name","start":621},"start":621},"index":{"type":"Literal","value":"familyName","start":626},"start":626},"start":619},"start":603},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":652},"right":{"type":"Literal","value":"string","start":660},"start":657},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":673},"right":{"type":"Literal","value":"","start":678},"start":675},"start":669}],"start":645}],"start":641},"right":{"type":"Call","name":"join","args":[{"type":"Literal","value":" ","start":690}],"start":685},"start":641},"start":603},"start":599},"start":569},"right":{"type":"Pipe","left":{"type":"Call","name":"map","args":[{"type":"Call","name":"select","args":[{"type":"And","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":710},"right":{"type":"Literal","value":"string","start":718},"start":715},"right":{"type":"Binary","op":"!=","left":{"type":"Identity","start":731},"right":{"type":"Literal","value":"","start":736},"start":733},"start":727}],"start":703}],"start":699},"right":{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":743},"index":{"type":"Literal","value":0,"start":745},"start":744},"right":{"type":"Literal","value":"","start":751},"start":748},"start":699},"start":569}],"start":559},"start":558},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":765},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":780},"right":{"type":"Literal","value":"string","start":788},"start":785},"then":{"type":"Identity","start":802},"otherwise":{"type":"Call","name":"tojson","args":[],"start":809},"start":777}}],"start":764},"start":554},"start":551},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":836},{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":840},"index":{"type":"Literal","value":"active","start":840},"start":840},"right":{"type":"Literal","value":true,"start":851},"start":848}],"start":830},"start":829},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":867},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":882},"right":{"type":"Literal","value":"string","start":890},"start":887},"then":{"type":"Identity","start":904},"otherwise":{"type":"Call","name":"tojson","args":[],"start":911},"start":879}}],"start":866},"start":825},"start":822},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":938},{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":945},"index":{"type":"Literal","value":"active","start":945},"start":945},"right":{"type":"Literal","value":true,"start":956},"start":953},"then":{"type":"Literal","value":"active","start":966},"otherwise":{"type":"Literal","value":"deactivated","start":980},"start":942}],"start":932},"start":931},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1009},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1024},"right":{"type":"Literal","value":"string","start":1032},"start":1029},"then":{"type":"Identity","start":1046},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1053},"start":1021}}],"start":1008},"start":927},"start":924},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1080},{"type":"Index","target":{"type":"Identity","start":1084},"index":{"type":"Literal","value":"userName","start":1084},"start":1084}],"start":1074},"start":1073},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1105},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1120},"right":{"type":"Literal","value":"string","start":1128},"start":1125},"then":{"type":"Identity","start":1142},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1149},"start":1117}}],"start":1104},"start":1069},"start":1066},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":1176},{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":1180},"index":{"type":"Literal","value":"urn:scim:schemas:extension:atlassian-external:1.0","start":1181},"start":1180},"index":{"type":"Literal","value":"atlassianAccountId","start":1232},"start":1232}],"start":1170},"start":1169},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":1263},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":1278},"right":{"type":"Literal","value":"string","start":1286},"start":1283},"then":{"type":"Identity","start":1300},"otherwise":{"type":"Call","name":"tojson","args":[],"start":1307},"start":1275}}],"start":1262},"start":1165},"start":1162},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":1329},"value":{"type":"Object","entries":[],"start":1334}}],"start":0},
    },
  },
};
