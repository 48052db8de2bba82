import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { Revision, TransportName } from "../model/revisions.js";
import { ToolCatalogue } from "./schemas.js";
import { SkillKnowledge } from "./skill-knowledge.js";
import { TaskTracker } from "./task-tracker.js";

/** A request the runner sent, by the JSON text of its id. */
export interface SentRequest {
  id: Json;
  method: string;
  params: JsonObject;
  answered: boolean;
}

/** A progress token the runner handed out, and what the server reported on it so far. */
export interface TokenState {
  /** Key of the request that carries the token. */
  request: string;
  last?: number;
  /** The request was answered with a final result: no more progress may follow. */
  done: boolean;
}

/** What every run of one revision shares: what the server said about itself. */
export class RevisionKnowledge {
  readonly tools = new ToolCatalogue();
  capabilities: JsonObject | undefined;
  /** Skill entries listed at this revision. */
  readonly skills = new SkillKnowledge();
  /** Each listed tool's execution.taskSupport (bounded). */
  readonly taskSupport = new Map<string, string>();

  rememberTaskSupport(tool: string, support: string): void {
    if (this.taskSupport.size < 1000 || this.taskSupport.has(tool)) this.taskSupport.set(tool, support);
  }
}

/** What the invariants know about one run: the traffic so far. */
export class RunState {
  readonly requests = new Map<string, SentRequest>();
  readonly tokens = new Map<string, TokenState>();
  /** Requests the client under test sent that the runner has not answered yet (client mode). */
  readonly peerRequests = new Set<string>();
  /** Every request id the client under test used in this run (bounded). */
  readonly peerIds = new Set<string>();
  /** A request of this run asked for log messages (2026-07-28 `_meta` logLevel). */
  askedForLogs = false;
  /** The runner has sent at least one notification (a null-id result may answer it). */
  sentNotification = false;
  /** The runner sent initialize in this run; `initialized`: and then notifications/initialized. */
  initializing = false;
  initialized = false;
  /** The level the server accepted in a logging/setLevel answer of this run. */
  logLevel: string | undefined;
  /** Capabilities from this run's own initialize or server/discover result. */
  capabilities: JsonObject | undefined;
  /** Tasks reported in a terminal status, and that status (bounded). */
  readonly terminalTasks = new Map<string, string>();
  /** Listen requests (by id key) whose notifications/subscriptions/acknowledged has arrived. */
  readonly acknowledged = new Set<string>();
  /** 2025-11-25 tasks this run saw created. */
  readonly tasks = new TaskTracker();

  constructor(
    readonly revision: Revision,
    readonly transport: TransportName,
    readonly clientCapabilities: JsonObject,
    readonly shared: RevisionKnowledge,
  ) {}

  /** The server's declared capabilities: this run's, else what another run of the revision saw. */
  serverCapabilities(): JsonObject | undefined {
    return this.capabilities ?? this.shared.capabilities;
  }

  /** Records one message the runner sent. */
  sent(message: Json): void {
    if (Array.isArray(message)) {
      for (const item of message) this.sent(item);
      return;
    }
    if (!isObject(message)) return;
    if (Object.hasOwn(message, "result") || Object.hasOwn(message, "error")) {
      this.peerRequests.delete(idKey(message.id));
      return;
    }
    if (!Object.hasOwn(message, "id")) {
      if (typeof message.method === "string") this.sentNotification = true;
      if (message.method === "notifications/initialized") this.initialized = true;
      return;
    }
    // Malformed requests count too: the error that answers them echoes their id.
    const key = idKey(message.id);
    const params = isObject(message.params) ? message.params : {};
    const method = typeof message.method === "string" ? message.method : "";
    if (method === "initialize") this.initializing = true;
    this.requests.set(key, { id: message.id ?? null, method, params, answered: false });
    const meta = isObject(params._meta) ? params._meta : {};
    if (meta["io.modelcontextprotocol/logLevel"] !== undefined) this.askedForLogs = true;
    const token = meta.progressToken;
    if (typeof token === "string" || typeof token === "number") {
      this.tokens.set(idKey(token), { request: key, done: false });
    }
  }
}

/** A map key that keeps 1 and "1" apart. */
export function idKey(id: Json | undefined): string {
  return JSON.stringify(id ?? null);
}
