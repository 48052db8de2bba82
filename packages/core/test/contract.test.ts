import { runTransportContract, type TransportPair } from "@mcpkit/transport-contract";
import { createInMemoryPair } from "../src/index.js";

// The in-memory pair has no size limit and cannot be fed raw frames, so those checks skip.
for (const json of [true, false]) {
  runTransportContract(
    `in-memory pair (json: ${json})`,
    async (): Promise<TransportPair> => {
      const [a, b] = createInMemoryPair({ json });
      return {
        a,
        b,
        dispose: async () => {
          await Promise.all([a.close(), b.close()]);
        },
      };
    },
    // Without JSON a payload is passed by reference, so nothing makes it unserializable.
    { jsonFraming: json },
  );
}
