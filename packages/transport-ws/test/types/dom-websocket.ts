// Compiled with the DOM library by types.test.ts: the runtimes' WebSocket constructors fit the option.
import { WebSocket as WsWebSocket } from "ws";
import type { WebSocketConstructor } from "../../src/index.js";

export const browser: WebSocketConstructor = WebSocket;
export const ws: WebSocketConstructor = WsWebSocket;
