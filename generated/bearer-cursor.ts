// Generated from specs/examples/bearer-cursor.yaml by `npm run connector -- compile`. Do not edit.
import type { CompiledConnector } from '../src/connector.js';

/** Operator inputs of Team chat (bearer token, cursor pages). */
export type BearerCursorInputs = {
  /** API token (secret) */
  token: string;
};

/** Standard actions Team chat (bearer token, cursor pages) defines. */
export type BearerCursorActionName = 'importUsers' | 'deleteUser';

/** Custom actions Team chat (bearer token, cursor pages) defines. */
export type BearerCursorCustomActionName = never;

/** Team chat (bearer token, cursor pages) (custom), compiled from specs/examples/bearer-cursor.yaml. */
export const bearerCursorConnector: CompiledConnector<BearerCursorInputs, BearerCursorActionName, BearerCursorCustomActionName> = {
  source: "specs/examples/bearer-cursor.yaml",
  spec: {
    "specVersion": 1,
    "id": "bearer-cursor",
    "name": "Team chat (bearer token, cursor pages)",
    "type": "custom",
    "baseUrl": "https://chat.example.com/api/v1",
    "inputs": {
      "token": {
        "label": "API token",
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
    "actions": {
      "importUsers": {
        "path": "/members",
        "records": ".members",
        "mapping": {
          "id": ".id",
          "email": ".profile.email // \"\"",
          "name": ".profile.real_name // \"\""
        },
        "pagination": {
          "type": "cursor",
          "cursor": ".response_metadata.next_cursor",
          "param": "cursor",
          "sizeParam": "limit",
          "size": 20,
          "maxPages": 10000
        },
        "contentType": "application/json",
        "method": "GET",
        "idempotent": true
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/members/{account.id}",
        "outcomes": [
          {
            "status": 404,
            "when": ".error == \"user_not_found\"",
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
      ".error == \"user_not_found\"": {"type":"Binary","op":"==","left":{"type":"Index","target":{"type":"Identity","start":0},"index":{"type":"Literal","value":"error","start":0},"start":0},"right":{"type":"Literal","value":"user_not_found","start":10},"start":7},
      "{\"r\": ((try [limit(1; (.members\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.real_name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"cursor\": (try [limit(1; (.response_metadata.next_cursor\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), \"cursor found\": (try [limit(1; (try (first(path(.response_metadata.next_cursor\n)) as $p | if ($p | length) == 0 then true else (getpath($p[:-1]) | if type == \"object\" or type == \"array\" then has($p[-1]) else false end) end) catch null\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"members","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":43},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":58},"right":{"type":"Literal","value":"string","start":66},"start":63},"then":{"type":"Identity","start":80},"otherwise":{"type":"Call","name":"tojson","args":[],"start":87},"start":55}}],"start":42},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":106},"right":{"type":"Literal","value":"object","start":114},"start":111},"then":{"type":"Identity","start":128},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":135},"right":{"type":"Literal","value":0,"start":145},"start":142},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":153},"value":{"type":"Literal","value":"no output","start":162}}],"start":152},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":181},"index":{"type":"Literal","value":0,"start":183},"start":182},"right":{"type":"Call","name":"type","args":[],"start":188},"start":181},"right":{"type":"Literal","value":"array","start":197},"start":194},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":211},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":221},"index":{"type":"Literal","value":0,"start":223},"start":222},"right":{"type":"Call","name":"type","args":[],"start":228},"start":221}}],"start":210},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":241},"index":{"type":"Literal","value":0,"start":243},"start":242},"start":245},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":263},{"type":"Index","target":{"type":"Identity","start":267},"index":{"type":"Literal","value":"id","start":267},"start":267}],"start":257},"start":256},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":282},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":297},"right":{"type":"Literal","value":"string","start":305},"start":302},"then":{"type":"Identity","start":319},"otherwise":{"type":"Call","name":"tojson","args":[],"start":326},"start":294}}],"start":281},"start":252},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":353},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":357},"index":{"type":"Literal","value":"profile","start":357},"start":357},"index":{"type":"Literal","value":"email","start":365},"start":365},"right":{"type":"Literal","value":"","start":375},"start":372}],"start":347},"start":346},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":389},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":404},"right":{"type":"Literal","value":"string","start":412},"start":409},"then":{"type":"Identity","start":426},"otherwise":{"type":"Call","name":"tojson","args":[],"start":433},"start":401}}],"start":388},"start":342},"start":339},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":460},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":464},"index":{"type":"Literal","value":"profile","start":464},"start":464},"index":{"type":"Literal","value":"real_name","start":472},"start":472},"right":{"type":"Literal","value":"","start":486},"start":483}],"start":454},"start":453},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":500},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":515},"right":{"type":"Literal","value":"string","start":523},"start":520},"then":{"type":"Identity","start":537},"otherwise":{"type":"Call","name":"tojson","args":[],"start":544},"start":512}}],"start":499},"start":449},"start":446},"start":250},"start":241},"start":240},"start":175},"start":130},"start":103},"start":7}},{"key":{"type":"Literal","value":"x","start":566},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"cursor","start":572},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":594},{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":598},"index":{"type":"Literal","value":"response_metadata","start":598},"start":598},"index":{"type":"Literal","value":"next_cursor","start":616},"start":616}],"start":588},"start":587},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":640},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":655},"right":{"type":"Literal","value":"string","start":663},"start":660},"then":{"type":"Identity","start":677},"otherwise":{"type":"Call","name":"tojson","args":[],"start":684},"start":652}}],"start":639},"start":583}},{"key":{"type":"Literal","value":"cursor found","start":699},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":727},{"type":"Try","body":{"type":"Bind","source":{"type":"Call","name":"first","args":[{"type":"Call","name":"path","args":[{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":747},"index":{"type":"Literal","value":"response_metadata","start":747},"start":747},"index":{"type":"Literal","value":"next_cursor","start":765},"start":765}],"start":742}],"start":736},"patterns":[{"type":"VarPattern","name":"p","start":784}],"body":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Pipe","left":{"type":"Var","name":"p","start":793},"right":{"type":"Call","name":"length","args":[],"start":798},"start":793},"right":{"type":"Literal","value":0,"start":809},"start":806},"then":{"type":"Literal","value":true,"start":816},"otherwise":{"type":"Pipe","left":{"type":"Call","name":"getpath","args":[{"type":"Slice","target":{"type":"Var","name":"p","start":835},"to":{"type":"Neg","body":{"type":"Literal","value":1,"start":840},"start":839},"start":837}],"start":827},"right":{"type":"If","cond":{"type":"Or","left":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":849},"right":{"type":"Literal","value":"object","start":857},"start":854},"right":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":869},"right":{"type":"Literal","value":"array","start":877},"start":874},"start":866},"then":{"type":"Call","name":"has","args":[{"type":"Index","target":{"type":"Var","name":"p","start":894},"index":{"type":"Neg","body":{"type":"Literal","value":1,"start":898},"start":897},"start":896}],"start":890},"otherwise":{"type":"Literal","value":false,"start":907},"start":846},"start":827},"start":789},"start":781},"handler":{"type":"Literal","value":null,"start":929},"start":731}],"start":721},"start":720},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":945},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":960},"right":{"type":"Literal","value":"string","start":968},"start":965},"then":{"type":"Identity","start":982},"otherwise":{"type":"Call","name":"tojson","args":[],"start":989},"start":957}}],"start":944},"start":716}}],"start":571}}],"start":0},
    },
  },
};
