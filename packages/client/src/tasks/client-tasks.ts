import {
  encodeHeaderValue,
  type InputRequests,
  type InputResponses,
  type JsonObject,
  LocalError,
  type Params,
  type Progress,
} from "@mcpkit/core";
import type { Era, Revision } from "@mcpkit/schema";
import type { Unsubscribe } from "../events.js";
import type { ExtensionCall } from "../extensions/extension.js";
import type { InstalledExtensions } from "../extensions/installed.js";
import type { CallOptions } from "../features/calls.js";
import type {
  CallToolParams,
  CallToolResult,
  ProgressNotificationParams,
  ServerCapabilities,
  Tool,
} from "../types.js";
import type { TaskHost } from "./base-task.js";
import { ImmediateToolTask } from "./immediate-task.js";
import { callToolAsSessionTask } from "./session-call.js";
import { SessionToolTask, taskFrom } from "./session-task.js";
import type { TaskRequest, ToolTask } from "./tool-task.js";
import { TaskWatchers } from "./watchers.js";
import { isTerminal, readTask } from "./wire.js";

/** What the client's tasks need from the client. */
export interface TaskClient {
  readonly era: Era;
  readonly revision: Revision;
  readonly serverCapabilities: ServerCapabilities;
  readonly installed: InstalledExtensions;
  /** The longest a task's `result()` waits by default (the client's `maxTotalTimeoutMs`). */
  readonly maxWaitMs: number;
  request(method: string, params: Params, options?: CallOptions): Promise<JsonObject>;
  /** A tool's definition (listing the tools once when none was made yet). */
  knownTool(name: string, signal: AbortSignal | undefined): Promise<Tool | undefined>;
  /** Sends `tools/call` as a plain call would (its `Mcp-Param-*` headers). */
  sendToolCall(params: CallToolParams, tool: Tool | undefined, options: CallOptions): Promise<CallToolResult>;
  /** Checks a final result against the tool's output schema, as a plain call is checked. */
  checkOutput(tool: string, result: CallToolResult, validate: boolean | undefined): Promise<CallToolResult>;
  fulfil(requests: InputRequests, signal: AbortSignal): Promise<InputResponses>;
  onProgress(listener: (report: ProgressNotificationParams) => void): Unsubscribe;
  report(error: Error): void;
}

const NEEDS_EXTENSION =
  "At 2026-07-28 tasks are the io.modelcontextprotocol/tasks extension: install it with new Client({ extensions: [tasksExtension()] })";

/** The client's tasks, in both eras: asking for them, following them, and their notifications. */
export class ClientTasks {
  private readonly watchers = new TaskWatchers();

  constructor(private readonly client: TaskClient) {}

  /** `callTool(params, { task })`. */
  async callAsTask(
    params: CallToolParams,
    task: TaskRequest,
    options: CallOptions & { readonly validateOutput?: boolean; readonly task?: TaskRequest },
  ): Promise<ToolTask> {
    const { client } = this;
    const { task: _task, validateOutput, ...callOptions } = options;
    const host = this.host(params.name, validateOutput);
    if (client.era === "session") {
      const progress = this.progress(callOptions);
      try {
        const created = await callToolAsSessionTask(
          {
            revision: client.revision,
            serverCapabilities: client.serverCapabilities,
            tool: (name) => client.knownTool(name, options.signal),
            host,
          },
          params,
          task,
          progress.options,
        );
        progress.follow(created);
        return created;
      } catch (error) {
        progress.stop();
        throw error;
      }
    }
    // 2026-07-28: the server decides; the client only says it can take a task (the extension).
    if (!client.installed.claims("task")) throw new LocalError("capability_not_declared", NEEDS_EXTENSION);
    const tool = await client.knownTool(params.name, options.signal);
    const result = await client.sendToolCall(params, tool, callOptions);
    const outcome = client.installed.claims(result.resultType)
      ? client.installed.interpret(
          result as unknown as JsonObject,
          this.extensionCall(params, validateOutput),
        )
      : undefined;
    if (outcome) return outcome.handle as ToolTask;
    return new ImmediateToolTask(await host.finish(result));
  }

  /**
   * A plain call's result that an extension claimed (a 2026-07-28 task): carried to the tool's own
   * result. Undefined when no extension claims it.
   */
  carry(
    params: CallToolParams,
    result: CallToolResult,
    options: CallOptions & { readonly validateOutput?: boolean },
  ): Promise<CallToolResult> | undefined {
    const { validateOutput, ...callOptions } = options;
    const outcome = this.client.installed.interpret(
      result as unknown as JsonObject,
      this.extensionCall(params, validateOutput),
    );
    return outcome?.settle(callOptions).then((final) => final as unknown as CallToolResult);
  }

  /** `resumeTask(taskId)`: a ToolTask for a task made earlier, read once with `tasks/get`. */
  async resume(taskId: string, options?: CallOptions): Promise<ToolTask> {
    const { client } = this;
    if (client.era === "session") {
      const answer = await client.request("tasks/get", { taskId }, options);
      return new SessionToolTask(this.host("", false), taskFrom(answer, "tasks/get"));
    }
    if (!client.installed.claims("task")) throw new LocalError("capability_not_declared", NEEDS_EXTENSION);
    const routed = { ...options, headers: { ...options?.headers, "Mcp-Name": encodeHeaderValue(taskId) } };
    const answer = await client.request("tasks/get", { taskId }, routed);
    taskFrom(answer, "tasks/get");
    const outcome = client.installed.interpret(
      { ...answer, resultType: "task" },
      this.extensionCall({ name: "" }, false),
    );
    return outcome?.handle as ToolTask;
  }

  /** A `notifications/tasks/status` (2025-11-25): to the task it names; the state, for the event. */
  notified(params: Params): ReturnType<typeof readTask> {
    const info = readTask(params);
    if (info) this.watchers.deliver(info.taskId, params);
    return info;
  }

  /** What a task of `tool` needs from the client. */
  private host(tool: string, validateOutput: boolean | undefined): TaskHost {
    const { client } = this;
    return {
      request: (method, params, options) => client.request(method, params, options),
      watchers: this.watchers,
      finish: (result) => client.checkOutput(tool, result, validateOutput),
      maxWaitMs: client.maxWaitMs,
      report: (error) => client.report(error),
    };
  }

  /** What an extension that claimed a `tools/call` result may use to carry it on. */
  private extensionCall(params: CallToolParams, validateOutput: boolean | undefined): ExtensionCall {
    const { client } = this;
    return {
      method: "tools/call",
      params: { ...params },
      request: (method, p, options) => client.request(method, p, options),
      fulfil: (requests, signal) => client.fulfil(requests, signal),
      finish: async (result) =>
        ({
          ...(await client.checkOutput(params.name, result as unknown as CallToolResult, validateOutput)),
        }) as JsonObject,
      maxWaitMs: client.maxWaitMs,
      report: (error) => client.report(error),
    };
  }

  /**
   * The progress of a task (2025-11-25: its `tools/call` progress token stays valid for the task's
   * life): the call carries a token of its own, and `onProgress` hears its reports until the task
   * is seen terminal.
   */
  private progress(options: CallOptions): {
    options: CallOptions;
    follow(task: ToolTask): void;
    stop(): void;
  } {
    const { onProgress, ...rest } = options;
    if (!onProgress) return { options, follow: () => {}, stop: () => {} };
    const token = `task-progress-${globalThis.crypto.randomUUID()}`;
    const stop = this.client.onProgress((report) => {
      if (report.progressToken !== token) return;
      const { progress, total, message } = report;
      const heard: Progress = {
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      };
      onProgress(heard);
    });
    return {
      // No progress-restarted timeout on the call that creates the task: the token is ours, not its id.
      options: Object.assign(rest, { meta: { progressToken: token }, resetTimeoutOnProgress: false }),
      follow: (task) => {
        if (isTerminal(task.info.status)) return stop();
        const off = task.onStatus((info) => {
          if (!isTerminal(info.status)) return;
          off();
          stop();
        });
      },
      stop,
    };
  }
}
