/**
 * The quick-start demo of @mcpkit/schema (until the conformance runner becomes the main job):
 * validates a few real messages against every revision and prints what each revision accepts.
 */
import { definitionNames, eraOf, methodTable, revisions, validate } from "../dist/index.js";

const call = (revision) =>
  eraOf(revision) === "stateless"
    ? {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "echo",
          arguments: { text: "hi" },
          _meta: {
            "io.modelcontextprotocol/protocolVersion": revision,
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      }
    : { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } };

const broken = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { arguments: {} } };
const audio = { type: "audio", data: "aGVsbG8=", mimeType: "audio/wav" };

console.log("mcpkit schema demo: one schema per MCP revision, validated with precompiled validators\n");
console.log(
  "revision".padEnd(12),
  "era".padEnd(10),
  "defs".padStart(5),
  "methods".padStart(8),
  "  tools/call",
  "  missing name",
  "  audio content",
);
for (const revision of revisions) {
  const ok = validate(revision, "CallToolRequest", call(revision)).ok;
  const bad = validate(revision, "CallToolRequest", broken);
  const why = bad.ok ? "accepted?!" : `${bad.issues[0].keyword} at ${bad.issues[0].pointer || "/"}`;
  const hasAudio = definitionNames(revision).includes("AudioContent");
  const audioOk = hasAudio
    ? validate(revision, "AudioContent", audio).ok
      ? "valid"
      : "invalid"
    : "not in revision";
  console.log(
    revision.padEnd(12),
    eraOf(revision).padEnd(10),
    String(definitionNames(revision).length).padStart(5),
    String(Object.keys(methodTable(revision)).length).padStart(8),
    `  ${ok ? "valid" : "INVALID"}`.padEnd(12),
    `  ${why}`.padEnd(30),
    `  ${audioOk}`,
  );
}
