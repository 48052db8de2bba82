import type { ClientOptions, ElicitResult } from "@mcpkit/client";
import type { Io } from "../io.js";
import type { PropertySchema } from "../render/schema-summary.js";
import { typeOf } from "../render/schema-summary.js";
import { openUrl } from "../browser.js";
import type { Asker } from "./ask.js";

type Handlers = Pick<ClientOptions, "sampling" | "elicitation">;
type Field = PropertySchema & {
  readonly title?: string;
  readonly format?: string;
  readonly oneOf?: readonly { const?: unknown; title?: string }[];
};

/**
 * Handlers for the server's requests. With an `asker`, the person answers: elicitation fields one
 * by one, sampling by typing the model's reply. Without one (`--no-input`, or stdin is not a
 * terminal), elicitation is declined and sampling refused.
 */
export function serverRequestHandlers(io: Io, asker: Asker | undefined, before: () => void): Handlers {
  if (!asker) {
    return {
      elicitation: {
        form: ({ message }) => {
          before();
          io.err(`mcpkit: declined the server's question (no input): ${message}\n`);
          return { action: "decline" };
        },
        url: ({ url }) => {
          before();
          io.err(`mcpkit: declined the server's request to open ${url} (no input)\n`);
          return { action: "decline" };
        },
      },
      sampling: () => {
        before();
        io.err("mcpkit: refused the server's sampling request (no input)\n");
        throw new Error("The user refused the sampling request (mcpkit --no-input)");
      },
    };
  }
  return {
    elicitation: {
      form: async ({ message, requestedSchema }, ctx) => {
        before();
        io.err(`\nThe server asks: ${message}\n`);
        const choice = (
          await asker.ask("Answer? [Y]es, [n]o (decline), [c]ancel: ", ctx.signal)
        ).toLowerCase();
        if (choice.startsWith("n")) return { action: "decline" };
        if (choice.startsWith("c")) return { action: "cancel" };
        const content: Record<string, string | number | boolean | string[]> = {};
        const required = new Set(requestedSchema.required ?? []);
        for (const [name, raw] of Object.entries(requestedSchema.properties)) {
          const field = raw as Field;
          const value = await askField(asker, name, field, required.has(name), ctx.signal, io);
          if (value !== undefined) content[name] = value;
        }
        return { action: "accept", content } as ElicitResult;
      },
      url: async ({ message, url }, ctx) => {
        before();
        io.err(`\nThe server asks you to open a page: ${message}\n  ${url}\n`);
        const choice = (
          await asker.ask("Open it in the browser? [Y]es, [n]o (decline), [c]ancel: ", ctx.signal)
        ).toLowerCase();
        if (choice.startsWith("n")) return { action: "decline" };
        if (choice.startsWith("c")) return { action: "cancel" };
        await openUrlSafely(url, io);
        const done = (
          await asker.ask("Press Enter once you are done there (c cancels): ", ctx.signal)
        ).toLowerCase();
        return { action: done.startsWith("c") ? "cancel" : "accept" };
      },
    },
    sampling: async ({ messages, systemPrompt }, ctx) => {
      before();
      io.err("\nThe server asks for a model's reply (sampling). The conversation:\n");
      if (systemPrompt) io.err(`  system: ${systemPrompt}\n`);
      for (const m of messages) {
        const parts = Array.isArray(m.content) ? m.content : [m.content];
        const text = parts.map((p) => (p.type === "text" ? p.text : `[${p.type}]`)).join(" ");
        io.err(`  ${m.role}: ${text}\n`);
      }
      const reply = await asker.ask("Reply as the model: ", ctx.signal);
      return { role: "assistant", content: { type: "text", text: reply }, model: "mcpkit-cli-human" };
    },
  };
}

/** Opens an http(s) URL in the browser; any other scheme is only shown (never launched). */
async function openUrlSafely(text: string, io: Io): Promise<void> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    io.err("  (not a valid URL: not opened)\n");
    return;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    io.err(`  (a ${url.protocol} URL is not opened: open it yourself if you trust it)\n`);
    return;
  }
  await openUrl(url).catch((error: Error) => io.err(`  (could not open the browser: ${error.message})\n`));
}

/** Asks one field until the answer fits its type; empty skips an optional field (or takes its default). */
async function askField(
  asker: Asker,
  name: string,
  field: Field,
  required: boolean,
  signal: AbortSignal,
  io: Io,
): Promise<string | number | boolean | string[] | undefined> {
  const choices = field.enum ?? field.oneOf?.map((o) => o.const) ?? (field.items as Field | undefined)?.enum;
  const hint = choices ? choices.map(String).join("/") : typeOf(field);
  const dflt = field.default !== undefined ? ` [${String(field.default)}]` : "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await asker.ask(
      `  ${field.title ?? name} (${hint}${required ? "" : ", optional"})${dflt}: `,
      signal,
    );
    if (answer === "") {
      if (field.default !== undefined) return field.default as string;
      if (!required) return undefined;
      io.err("    an answer is required\n");
      continue;
    }
    const type = Array.isArray(field.type) ? field.type[0] : field.type;
    if (type === "boolean") {
      if (/^(y|yes|true)$/i.test(answer)) return true;
      if (/^(n|no|false)$/i.test(answer)) return false;
      io.err("    answer yes or no\n");
    } else if (type === "number" || type === "integer") {
      const n = Number(answer);
      if (Number.isFinite(n) && (type === "number" || Number.isInteger(n))) return n;
      io.err(`    expected ${type === "integer" ? "an integer" : "a number"}\n`);
    } else if (type === "array") {
      return answer.split(",").map((s) => s.trim());
    } else {
      if (!choices || choices.includes(answer)) return answer;
      io.err(`    expected one of ${choices.map(String).join(", ")}\n`);
    }
  }
  throw new Error(`no valid answer for ${name}`);
}
