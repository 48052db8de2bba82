import { runTransportContract } from "../src/index.js";
import { referencePair } from "./reference-pair.js";

/** Fits the default large message: its 8 MiB string frames to about 9.5 MiB of JSON. */
const REFERENCE_MAX_BYTES = 10 * 1024 * 1024;

// A correct transport passes every check, including those the in-memory pair skips.
runTransportContract("reference pair", async () => referencePair(REFERENCE_MAX_BYTES), {
  maxMessageBytes: REFERENCE_MAX_BYTES,
  rawFrames: true,
});
