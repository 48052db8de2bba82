import { resolve } from "node:path";
import { type Started, start } from "./processes.js";

const everythingServer = resolve(import.meta.dirname, "../../reference/dist/everything-server.js");

/** The reference everything-server over Streamable HTTP on 127.0.0.1 (run by this test's Node). */
export async function startReference(): Promise<{ url: string; process: Started }> {
  const started = start(process.execPath, [everythingServer, "--http"]);
  try {
    return { url: await started.firstLine, process: started };
  } catch (error) {
    await started.stop();
    throw error;
  }
}
