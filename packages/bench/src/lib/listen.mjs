// Listens on 127.0.0.1 and a free port; resolves to the MCP endpoint's URL.

export function listenOnLoopback(httpServer, path = "/mcp") {
  return new Promise((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${httpServer.address().port}${path}`);
    });
  });
}
