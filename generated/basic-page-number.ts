// Generated from specs/examples/basic-page-number.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Help desk (basic auth, page numbers). */
export type BasicPageNumberInputs = {
  /** Admin email */
  username: string;
  /** Password or API token (secret) */
  password: string;
};

/** Standard actions Help desk (basic auth, page numbers) defines. */
export type BasicPageNumberActionName = 'importUsers' | 'createUser' | 'activateUser' | 'deleteUser' | 'deactivateUser';

/** Custom actions Help desk (basic auth, page numbers) defines. */
export type BasicPageNumberCustomActionName = never;

/** Help desk (basic auth, page numbers) (custom), compiled from specs/examples/basic-page-number.yaml. */
export const basicPageNumberConnector: CompiledConnector<BasicPageNumberInputs, BasicPageNumberActionName, BasicPageNumberCustomActionName> = {
  source: "specs/examples/basic-page-number.yaml",
  spec: {
    "specVersion": 1,
    "id": "basic-page-number",
    "name": "Help desk (basic auth, page numbers)",
    "description": "Agents of a help desk; suspended agents are deactivated accounts.",
    "type": "custom",
    "baseUrl": "https://desk.example.com",
    "inputs": {
      "username": {
        "label": "Admin email",
        "required": true,
        "type": "string",
        "secret": false
      },
      "password": {
        "label": "Password or API token",
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
    "headers": {
      "Accept": "application/json"
    },
    "errors": {
      "message": ".error.message"
    },
    "actions": {
      "importUsers": {
        "method": "GET",
        "path": "/api/agents",
        "records": ".agents",
        "mapping": {
          "id": ".id",
          "email": ".email // \"\"",
          "name": ".name // \"\"",
          "active": ".suspended | not"
        },
        "pagination": {
          "type": "page",
          "pageParam": "page",
          "firstPage": 1,
          "sizeParam": "per_page",
          "size": 10,
          "totalPages": ".total_pages",
          "maxPages": 10000
        },
        "contentType": "application/json",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "path": "/api/agents",
        "body": "{ \"agent\": { \"email\": {{user.email}}, \"name\": {{user.name}} } }\n",
        "result": ".agent",
        "contentType": "application/json",
        "idempotent": false
      },
      "activateUser": {
        "method": "PUT",
        "path": "/api/agents/{account.id}",
        "body": "{ \"agent\": { \"suspended\": false } }",
        "idempotent": true,
        "result": ".agent",
        "contentType": "application/json"
      },
      "deactivateUser": {
        "method": "PUT",
        "path": "/api/agents/{account.id}",
        "body": "{ \"agent\": { \"suspended\": true } }",
        "idempotent": true,
        "result": ".agent",
        "contentType": "application/json"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/api/agents/{account.id}",
        "outcomes": [
          {
            "status": 404,
            "when": ".error.message == \"RecordNotFound\"",
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
      ".error.message": {"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},
      ".error.message == \"RecordNotFound\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"index":{"type":"Literal","value":"message","start":6},"start":6},"right":{"type":"Literal","value":"RecordNotFound","start":18},"start":15},
      "{\"r\": ((try [limit(1; (.agents\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspended | not\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"totalPages\": (try [limit(1; (.total_pages\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"agents","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":42},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":57},"right":{"type":"Literal","value":"string","start":65},"start":62},"then":{"type":"Identity","start":79},"otherwise":{"type":"Call","name":"tojson","args":[],"start":86},"start":54}}],"start":41},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":105},"right":{"type":"Literal","value":"object","start":113},"start":110},"then":{"type":"Identity","start":127},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":134},"right":{"type":"Literal","value":0,"start":144},"start":141},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":152},"value":{"type":"Literal","value":"no output","start":161}}],"start":151},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":180},"index":{"type":"Literal","value":0,"start":182},"start":181},"right":{"type":"Call","name":"type","args":[],"start":187},"start":180},"right":{"type":"Literal","value":"array","start":196},"start":193},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":210},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":220},"index":{"type":"Literal","value":0,"start":222},"start":221},"right":{"type":"Call","name":"type","args":[],"start":227},"start":220}}],"start":209},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":240},"index":{"type":"Literal","value":0,"start":242},"start":241},"start":244},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":262},{"type":"Index","target":{"type":"Identity","start":266},"index":{"type":"Literal","value":"id","start":266},"start":266}],"start":256},"start":255},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":281},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":296},"right":{"type":"Literal","value":"string","start":304},"start":301},"then":{"type":"Identity","start":318},"otherwise":{"type":"Call","name":"tojson","args":[],"start":325},"start":293}}],"start":280},"start":251},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":352},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":356},"index":{"type":"Literal","value":"email","start":356},"start":356},"right":{"type":"Literal","value":"","start":366},"start":363}],"start":346},"start":345},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":380},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":395},"right":{"type":"Literal","value":"string","start":403},"start":400},"then":{"type":"Identity","start":417},"otherwise":{"type":"Call","name":"tojson","args":[],"start":424},"start":392}}],"start":379},"start":341},"start":338},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":451},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":455},"index":{"type":"Literal","value":"name","start":455},"start":455},"right":{"type":"Literal","value":"","start":464},"start":461}],"start":445},"start":444},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":478},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":493},"right":{"type":"Literal","value":"string","start":501},"start":498},"then":{"type":"Identity","start":515},"otherwise":{"type":"Call","name":"tojson","args":[],"start":522},"start":490}}],"start":477},"start":440},"start":437},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":549},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":553},"index":{"type":"Literal","value":"suspended","start":553},"start":553},"right":{"type":"Call","name":"not","args":[],"start":566},"start":553}],"start":543},"start":542},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":581},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":596},"right":{"type":"Literal","value":"string","start":604},"start":601},"then":{"type":"Identity","start":618},"otherwise":{"type":"Call","name":"tojson","args":[],"start":625},"start":593}}],"start":580},"start":538},"start":535},"start":249},"start":240},"start":239},"start":174},"start":129},"start":102},"start":7}},{"key":{"type":"Literal","value":"x","start":647},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"totalPages","start":653},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":679},{"type":"Index","target":{"type":"Identity","start":683},"index":{"type":"Literal","value":"total_pages","start":683},"start":683}],"start":673},"start":672},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":707},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":722},"right":{"type":"Literal","value":"string","start":730},"start":727},"then":{"type":"Identity","start":744},"otherwise":{"type":"Call","name":"tojson","args":[],"start":751},"start":719}}],"start":706},"start":668}}],"start":652}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.agent\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.suspended | not\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Index","target":{"type":"Identity","start":34},"index":{"type":"Literal","value":"agent","start":34},"start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":56},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":71},"right":{"type":"Literal","value":"string","start":79},"start":76},"then":{"type":"Identity","start":93},"otherwise":{"type":"Call","name":"tojson","args":[],"start":100},"start":68}}],"start":55},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":119},"right":{"type":"Literal","value":"object","start":127},"start":124},"then":{"type":"Identity","start":141},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":148},"right":{"type":"Literal","value":0,"start":158},"start":155},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":166},"value":{"type":"Literal","value":"no output","start":175}}],"start":165},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":194},"index":{"type":"Literal","value":0,"start":196},"start":195},"right":{"type":"Call","name":"type","args":[],"start":201},"start":194},"right":{"type":"Literal","value":"array","start":210},"start":207},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":224},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"right":{"type":"Call","name":"type","args":[],"start":241},"start":234}}],"start":223},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":254},"index":{"type":"Literal","value":0,"start":256},"start":255},"start":258},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":276},{"type":"Index","target":{"type":"Identity","start":280},"index":{"type":"Literal","value":"id","start":280},"start":280}],"start":270},"start":269},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":295},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":310},"right":{"type":"Literal","value":"string","start":318},"start":315},"then":{"type":"Identity","start":332},"otherwise":{"type":"Call","name":"tojson","args":[],"start":339},"start":307}}],"start":294},"start":265},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":366},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":370},"index":{"type":"Literal","value":"email","start":370},"start":370},"right":{"type":"Literal","value":"","start":380},"start":377}],"start":360},"start":359},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":394},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":409},"right":{"type":"Literal","value":"string","start":417},"start":414},"then":{"type":"Identity","start":431},"otherwise":{"type":"Call","name":"tojson","args":[],"start":438},"start":406}}],"start":393},"start":355},"start":352},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":465},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":469},"index":{"type":"Literal","value":"name","start":469},"start":469},"right":{"type":"Literal","value":"","start":478},"start":475}],"start":459},"start":458},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":492},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":507},"right":{"type":"Literal","value":"string","start":515},"start":512},"then":{"type":"Identity","start":529},"otherwise":{"type":"Call","name":"tojson","args":[],"start":536},"start":504}}],"start":491},"start":454},"start":451},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":563},{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":567},"index":{"type":"Literal","value":"suspended","start":567},"start":567},"right":{"type":"Call","name":"not","args":[],"start":580},"start":567}],"start":557},"start":556},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":595},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":610},"right":{"type":"Literal","value":"string","start":618},"start":615},"then":{"type":"Identity","start":632},"otherwise":{"type":"Call","name":"tojson","args":[],"start":639},"start":607}}],"start":594},"start":552},"start":549},"start":263},"start":254},"start":253},"start":188},"start":143},"start":116},"start":7}},{"key":{"type":"Literal","value":"x","start":661},"value":{"type":"Object","entries":[],"start":666}}],"start":0},
    },
  },
};
