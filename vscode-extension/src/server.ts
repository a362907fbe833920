/**
 * The language client's lifecycle: start, stop and restart, one at a time.
 *
 * Starts and restarts are queued, so that a settings change arriving during a restart
 * cannot leave two servers running.  When no server command can be built (no usable
 * Python), one error message with an "Open Settings" button is shown, once per message
 * and session; the "PHH: Restart Server" command allows it again.
 */
import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
} from "vscode-languageclient/node";
import { resolveServerCommand } from "./command";
import { getInitializationOptions } from "./settings";

const CLIENT_ID = "phh"; // also the prefix of `phh.trace.server`, read by the client
const CLIENT_NAME = "PHH Language Server";
const OPEN_SETTINGS = "Open Settings";

export class PhhServer {
  private client: LanguageClient | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly errorsShown = new Set<string>();

  constructor(
    private readonly extensionPath: string,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  start(): Promise<void> {
    return this.enqueue(() => this.startClient());
  }

  /** `manual`: asked for by the user, who then sees a failure again. */
  restart(reason: string, manual = false): Promise<void> {
    return this.enqueue(async () => {
      this.log.info(`Restarting the server: ${reason}`);
      if (manual) {
        this.errorsShown.clear();
      }
      await this.stopClient();
      await this.startClient();
    });
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.stopClient());
  }

  /**
   * Run one of the server's commands (`workspace/executeCommand`) once the server runs;
   * undefined when it does not (its start failure has been shown already).
   */
  async executeCommand(command: string, args: unknown[]): Promise<unknown> {
    await this.queue;
    const client = this.client;
    if (!client?.isRunning()) {
      return undefined;
    }
    return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
  }

  /**
   * Send one of the server's own requests (such as `phh/handStates`) once the server runs;
   * undefined when it does not.
   */
  async sendRequest(method: string, params: unknown): Promise<unknown> {
    await this.queue;
    const client = this.client;
    if (!client?.isRunning()) {
      return undefined;
    }
    return client.sendRequest(method, params);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task, task);
    return this.queue;
  }

  private async startClient(): Promise<void> {
    const resolved = await resolveServerCommand(this.extensionPath, this.log);
    if (!resolved.ok) {
      this.log.error(resolved.message);
      this.showSettingsError(resolved.message);
      return;
    }
    const { executable } = resolved;
    this.log.info(
      `Starting the server (${resolved.origin}): ${[executable.command, ...(executable.args ?? [])].join(" ")}`,
    );
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: "file", language: "phh" },
        { scheme: "untitled", language: "phh" },
      ],
      outputChannel: this.log,
      traceOutputChannel: this.log,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions: getInitializationOptions(),
      synchronize: { configurationSection: "phh" },
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, executable, clientOptions);
    this.client = client;
    try {
      await client.start();
    } catch (error) {
      // The client has already shown its own notification and logged the details.
      this.log.error(`The server did not start: ${String(error)}`);
    }
  }

  private async stopClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) {
      return;
    }
    try {
      await client.dispose();
    } catch (error) {
      this.log.warn(`Stopping the server: ${String(error)}`);
    }
  }

  private showSettingsError(message: string): void {
    if (this.errorsShown.has(message)) {
      return;
    }
    this.errorsShown.add(message);
    void vscode.window.showErrorMessage(message, OPEN_SETTINGS).then((choice) => {
      if (choice === OPEN_SETTINGS) {
        void vscode.commands.executeCommand("workbench.action.openSettings", "phh.interpreter");
      }
    });
  }
}
