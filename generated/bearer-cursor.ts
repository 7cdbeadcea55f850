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
        "method": "GET"
      },
      "deleteUser": {
        "method": "DELETE",
        "path": "/members/{account.id}",
        "contentType": "application/json",
        "absentOn": [
          404
        ]
      }
    }
  },
  // Parsed jq programs, by text: the runtime compiles these without parsing.
  precompiled: {
    jq: {
      "{\"r\": ((try [limit(1; (.members\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}) | if type == \"object\" then . elif length == 0 then {\"shape\": \"no output\"} elif (.[0] | type) != \"array\" then {\"shape\": (.[0] | type)} else [.[0][] | [(try [limit(1; (.id\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.email // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)}), (try [limit(1; (.profile.real_name // \"\"\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})]] end), \"x\": {\"cursor\": (try [limit(1; (.response_metadata.next_cursor\n))] catch {\"__error\": (if type == \"string\" then . else tojson end)})}}": {"type":"Object","entries":[{"key":{"type":"Literal","value":"r","start":1},"value":{"type":"Pipe","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":19},{"type":"Index","target":{"type":"Identity","start":23},"index":{"type":"Literal","value":"members","start":23},"start":23}],"start":13},"start":12},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":43},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":58},"right":{"type":"Literal","value":"string","start":66},"start":63},"then":{"type":"Identity","start":80},"otherwise":{"type":"Call","name":"tojson","args":[],"start":87},"start":55}}],"start":42},"start":8},"right":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":106},"right":{"type":"Literal","value":"object","start":114},"start":111},"then":{"type":"Identity","start":128},"otherwise":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"length","args":[],"start":135},"right":{"type":"Literal","value":0,"start":145},"start":142},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":153},"value":{"type":"Literal","value":"no output","start":162}}],"start":152},"otherwise":{"type":"If","cond":{"type":"Binary","op":"!=","left":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":181},"index":{"type":"Literal","value":0,"start":183},"start":182},"right":{"type":"Call","name":"type","args":[],"start":188},"start":181},"right":{"type":"Literal","value":"array","start":197},"start":194},"then":{"type":"Object","entries":[{"key":{"type":"Literal","value":"shape","start":211},"value":{"type":"Pipe","left":{"type":"Index","target":{"type":"Identity","start":221},"index":{"type":"Literal","value":0,"start":223},"start":222},"right":{"type":"Call","name":"type","args":[],"start":228},"start":221}}],"start":210},"otherwise":{"type":"Array","body":{"type":"Pipe","left":{"type":"Iterate","target":{"type":"Index","target":{"type":"Identity","start":241},"index":{"type":"Literal","value":0,"start":243},"start":242},"start":245},"right":{"type":"Array","body":{"type":"Comma","left":{"type":"Comma","left":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":263},{"type":"Index","target":{"type":"Identity","start":267},"index":{"type":"Literal","value":"id","start":267},"start":267}],"start":257},"start":256},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":282},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":297},"right":{"type":"Literal","value":"string","start":305},"start":302},"then":{"type":"Identity","start":319},"otherwise":{"type":"Call","name":"tojson","args":[],"start":326},"start":294}}],"start":281},"start":252},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":353},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":357},"index":{"type":"Literal","value":"profile","start":357},"start":357},"index":{"type":"Literal","value":"email","start":365},"start":365},"right":{"type":"Literal","value":"","start":375},"start":372}],"start":347},"start":346},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":389},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":404},"right":{"type":"Literal","value":"string","start":412},"start":409},"then":{"type":"Identity","start":426},"otherwise":{"type":"Call","name":"tojson","args":[],"start":433},"start":401}}],"start":388},"start":342},"start":339},"right":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":460},{"type":"Alt","left":{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":464},"index":{"type":"Literal","value":"profile","start":464},"start":464},"index":{"type":"Literal","value":"real_name","start":472},"start":472},"right":{"type":"Literal","value":"","start":486},"start":483}],"start":454},"start":453},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":500},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":515},"right":{"type":"Literal","value":"string","start":523},"start":520},"then":{"type":"Identity","start":537},"otherwise":{"type":"Call","name":"tojson","args":[],"start":544},"start":512}}],"start":499},"start":449},"start":446},"start":250},"start":241},"start":240},"start":175},"start":130},"start":103},"start":7}},{"key":{"type":"Literal","value":"x","start":566},"value":{"type":"Object","entries":[{"key":{"type":"Literal","value":"cursor","start":572},"value":{"type":"Try","body":{"type":"Array","body":{"type":"Call","name":"limit","args":[{"type":"Literal","value":1,"start":594},{"type":"Index","target":{"type":"Index","target":{"type":"Identity","start":598},"index":{"type":"Literal","value":"response_metadata","start":598},"start":598},"index":{"type":"Literal","value":"next_cursor","start":616},"start":616}],"start":588},"start":587},"handler":{"type":"Object","entries":[{"key":{"type":"Literal","value":"__error","start":640},"value":{"type":"If","cond":{"type":"Binary","op":"==","left":{"type":"Call","name":"type","args":[],"start":655},"right":{"type":"Literal","value":"string","start":663},"start":660},"then":{"type":"Identity","start":677},"otherwise":{"type":"Call","name":"tojson","args":[],"start":684},"start":652}}],"start":639},"start":583}}],"start":571}}],"start":0},
    },
  },
};
