// --- client (helper authclient) ---
export { FileTokenStore } from "./node/file-token-store.js";
export {
  type LoopbackRedirect,
  type LoopbackRedirectOptions,
  loopbackRedirect,
} from "./node/loopback-redirect.js";
export { type Launch, openBrowser } from "./node/open-browser.js";
// --- end client ---
