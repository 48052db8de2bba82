import type { ClientMutant } from "../mutant.js";
import { onResponse } from "./lines.js";

/** Answers the server's requests with a different id than the one asked. */
export const pingAnswerWrongId: ClientMutant = {
  name: "answer-wrong-id",
  defect: "Answers the server's requests (ping, unknown methods) with a different id.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/base/answers-ping-and-unknown-methods"],
    revisions: ["2025-11-25"],
  },
  outbound: onResponse((response) => ({
    ...response,
    id: typeof response.id === "number" ? response.id + 1000 : `${String(response.id)}-other`,
  })),
};
