// The single-file HTML report: the requirement matrix, each failure with its exchange, offline.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fakeServerCommand, runCli, suiteDir } from "./helpers/cli.js";

const manifest = resolve(import.meta.dirname, "../../../conformance/requirements");

describe("--html", () => {
  it("writes the matrix, links each failed cell to its failure, and shows the exchange", async () => {
    const suite = suiteDir({
      "html.json": [
        {
          id: "x/ping",
          title: "ping <answered> & empty",
          side: "server",
          requirements: ["ping.respond"],
          revisions: ["2025-06-18", "2025-11-25"],
          steps: [
            { op: "send", message: { jsonrpc: "2.0", id: 3, method: "ping" } },
            { op: "expect", match: "exact", message: { jsonrpc: "2.0", id: 3, result: {} } },
          ],
        },
        {
          id: "x/named",
          title: "calls a fixture it does not have",
          side: "server",
          requirements: ["tools.call.result"],
          revisions: ["2025-11-25"],
          steps: [
            {
              op: "send",
              message: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t_absent" } },
            },
            { op: "expect", message: { id: 1, result: {} } },
          ],
        },
      ],
    });
    const file = join(mkdtempSync(join(tmpdir(), "conformance-html-")), "report.html");
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("wrong-ping"),
      "--transcripts",
      suite,
      "--requirements",
      manifest,
      "--html",
      file,
    ]);
    expect(run.code).toBe(1);
    const html = readFileSync(file, "utf8");
    expect(html.startsWith("<!doctype html>\n")).toBe(true);
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toContain("<th>2025-06-18<br>stdio</th>");
    expect(html).toMatch(
      /<tr><td title="[^"]+"><a href="https:\/\/modelcontextprotocol\.io\/[^"]+">ping\.respond<\/a><\/td><td>MUST<\/td><td class="c fail"><a href="#f-x_ping_2025-06-18">FAIL<\/a><\/td><td class="c fail"><a href="#f-x_ping_2025-11-25">FAIL<\/a><\/td><\/tr>/,
    );
    expect(html).toContain('<td class="c n/a">n/a</td>');
    expect(html).toContain(
      '<h3 id="f-x_ping_2025-11-25">x/ping@2025-11-25 (stdio): ping &lt;answered&gt; &amp; empty</h3>',
    );
    expect(html).toContain(
      "-&gt; {&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:3,&quot;method&quot;:&quot;ping&quot;}\n&lt;- {&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:3,&quot;result&quot;:{&quot;pong&quot;:true}}",
    );
    expect(html).toContain(
      "<tr><td>x/named@2025-11-25</td><td>not applicable: fixture missing (the server does not list the tool t_absent)</td></tr>",
    );
  });
});
