// Generated from specs/examples/api-key-query-link.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Learning platform (API key in query, Link header). */
export type ApiKeyQueryLinkInputs = {
  /** API key (secret) */
  token: string;
};

/** Standard actions Learning platform (API key in query, Link header) defines. */
export type ApiKeyQueryLinkActionName = 'importUsers' | 'createUser' | 'deleteUser';

/** Custom actions Learning platform (API key in query, Link header) defines. */
export type ApiKeyQueryLinkCustomActionName = never;

/** Learning platform (API key in query, Link header) (custom), compiled from specs/examples/api-key-query-link.yaml. */
export const apiKeyQueryLinkConnector: CompiledConnector<ApiKeyQueryLinkInputs, ApiKeyQueryLinkActionName, ApiKeyQueryLinkCustomActionName> = {
  source: "specs/examples/api-key-query-link.yaml",
  spec: {
    "specVersion": 1,
    "id": "api-key-query-link",
    "name": "Learning platform (API key in query, Link header)",
    "type": "custom",
    "baseUrl": "https://learn.example.com",
    "inputs": {
      "token": {
        "label": "API key",
        "secret": true,
        "required": true,
        "type": "string"
      }
    },
    "auth": {
      "type": "apiKey",
      "in": "query",
      "name": "api_key",
      "key": "token",
      "value": "{{ .Key }}"
    },
    "errors": {
      "message": ".message"
    },
    "actions": {
      "importUsers": {
        "path": "/v2/learners",
        "records": ".",
        "mapping": {
          "id": ".uuid",
          "email": ".email_address // \"\"",
          "name": ".full_name // \"\""
        },
        "pagination": {
          "type": "link",
          "rel": "next",
          "sizeParam": "per_page",
          "size": 25,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "createUser": {
        "method": "POST",
        "path": "/v2/learners",
        "body": "{ \"email_address\": {{user.email}}, \"full_name\": {{user.name}} }",
        "result": ".",
        "contentType": "application/json",
        "idempotent": false
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/v2/learners/{account.id}",
        "success": [
          200
        ],
        "outcomes": [
          {
            "status": 404,
            "when": ".message == \"Learner not found\"",
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
      ".message": {"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"message","start":0},"start":0},
      ".message == \"Learner not found\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"message","start":0},"start":0},"right":{"type":"Literal","value":"Learner not found","start":12},"start":9},
      "{\"r\": ((try [limit(1; (.\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.uuid\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email_address // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.full_name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Identity","start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":36},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":51},"right":{"type":"Literal","value":"string","start":59},"start":56},"then":{"type":"Identity","start":73},"otherwise":{"type":"Call","name":"tojson","args":[],"start":80},"start":48}}],"start":35},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":99},"right":{"type":"Literal","value":"object","start":107},"start":104},"then":{"type":"Identity","start":121},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":128},"right":{"type":"Literal","value":0,"start":138},"start":135},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":146},"value":{"type":"Literal","value":"no output","start":155}}],"start":145},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":174},"index":{"type":"Literal","value":0,"start":176},"start":175},"right":{"type":"Call","name":"type","args":[],"start":181},"start":174},"right":{"type":"Literal","value":"array","start":190},"start":187},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":204},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":214},"index":{"type":"Literal","value":0,"start":216},"start":215},"right":{"type":"Call","name":"type","args":[],"start":221},"start":214}}],"start":203},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":234},"index":{"type":"Literal","value":0,"start":236},"start":235},"start":238},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":256},{"type":"Index","target":{"type":"Identity","start":260},"index":{"type":"Literal","value":"uuid","start":260},"start":260}],"start":250},"start":249},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":277},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":292},"right":{"type":"Literal","value":"string","start":300},"start":297},"then":{"type":"Identity","start":314},"otherwise":{"type":"Call","name":"tojson","args":[],"start":321},"start":289}}],"start":276},"start":245},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":348},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":352},"index":{"type":"Literal","value":"email_address","start":352},"start":352},"right":{"type":"Literal","value":"","start":370},"start":367}],"start":342},"start":341},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":384},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":399},"right":{"type":"Literal","value":"string","start":407},"start":404},"then":{"type":"Identity","start":421},"otherwise":{"type":"Call","name":"tojson","args":[],"start":428},"start":396}}],"start":383},"start":337},"start":334},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":455},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":459},"index":{"type":"Literal","value":"full_name","start":459},"start":459},"right":{"type":"Literal","value":"","start":473},"start":470}],"start":449},"start":448},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":487},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":502},"right":{"type":"Literal","value":"string","start":510},"start":507},"then":{"type":"Identity","start":524},"otherwise":{"type":"Call","name":"tojson","args":[],"start":531},"start":499}}],"start":486},"start":444},"start":441},"start":243},"start":234},"start":233},"start":168},"start":123},"start":96},"start":7}},{"key":{"type":"Literal","value":"x","start":553},"value":{"type":"Object","entries":[],"start":558}}],"start":0},
      "{\"r\": ((try [limit(1; ([limit(1; (.\n))]\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.uuid\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.email_address // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.full_name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":30},{"type":"Identity","start":34}],"start":24},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":51},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":66},"right":{"type":"Literal","value":"string","start":74},"start":71},"then":{"type":"Identity","start":88},"otherwise":{"type":"Call","name":"tojson","args":[],"start":95},"start":63}}],"start":50},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":114},"right":{"type":"Literal","value":"object","start":122},"start":119},"then":{"type":"Identity","start":136},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":143},"right":{"type":"Literal","value":0,"start":153},"start":150},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":161},"value":{"type":"Literal","value":"no output","start":170}}],"start":160},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":189},"index":{"type":"Literal","value":0,"start":191},"start":190},"right":{"type":"Call","name":"type","args":[],"start":196},"start":189},"right":{"type":"Literal","value":"array","start":205},"start":202},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":219},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":229},"index":{"type":"Literal","value":0,"start":231},"start":230},"right":{"type":"Call","name":"type","args":[],"start":236},"start":229}}],"start":218},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":249},"index":{"type":"Literal","value":0,"start":251},"start":250},"start":253},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":271},{"type":"Index","target":{"type":"Identity","start":275},"index":{"type":"Literal","value":"uuid","start":275},"start":275}],"start":265},"start":264},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":292},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":307},"right":{"type":"Literal","value":"string","start":315},"start":312},"then":{"type":"Identity","start":329},"otherwise":{"type":"Call","name":"tojson","args":[],"start":336},"start":304}}],"start":291},"start":260},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":363},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":367},"index":{"type":"Literal","value":"email_address","start":367},"start":367},"right":{"type":"Literal","value":"","start":385},"start":382}],"start":357},"start":356},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":399},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":414},"right":{"type":"Literal","value":"string","start":422},"start":419},"then":{"type":"Identity","start":436},"otherwise":{"type":"Call","name":"tojson","args":[],"start":443},"start":411}}],"start":398},"start":352},"start":349},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":470},{"type":"Alt","left":{"type":"Index","target":{"type":"Identity","start":474},"index":{"type":"Literal","value":"full_name","start":474},"start":474},"right":{"type":"Literal","value":"","start":488},"start":485}],"start":464},"start":463},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":502},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":517},"right":{"type":"Literal","value":"string","start":525},"start":522},"then":{"type":"Identity","start":539},"otherwise":{"type":"Call","name":"tojson","args":[],"start":546},"start":514}}],"start":501},"start":459},"start":456},"start":258},"start":249},"start":248},"start":183},"start":138},"start":111},"start":7}},{"key":{"type":"Literal","value":"x","start":568},"value":{"type":"Object","entries":[],"start":573}}],"start":0},
    },
  },
};
