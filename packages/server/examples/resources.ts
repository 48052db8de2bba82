import { Server } from "@mcpkit/server";

const server = new Server({ name: "notes", version: "1.0.0" });
const notes = new Map([["welcome", "Hello!"]]);

server.resource({ uri: "notes://index", name: "index", mimeType: "application/json" }, (uri) => ({
  contents: [{ uri, mimeType: "application/json", text: JSON.stringify([...notes.keys()]) }],
}));

// RFC 6570 template: reads of notes://welcome get { id: "welcome" }.
server.resourceTemplate(
  {
    uriTemplate: "notes://{id}",
    name: "note",
    complete: { id: (value) => [...notes.keys()].filter((id) => id.startsWith(value)) },
  },
  (uri, { id }) => ({ contents: [{ uri, mimeType: "text/plain", text: notes.get(String(id)) ?? "" }] }),
);

export function editNote(id: string, text: string): void {
  notes.set(id, text);
  server.resourceUpdated(`notes://${id}`); // to subscribers only
}

export { server };
