/**
 * Activation only: the output channel, the commands and the watchers that restart the
 * server.  Starting the server lives in server.ts, the command line in command.ts,
 * Python discovery in python.ts, the settings in settings.ts, the conversion of
 * site hand histories in convert.ts and the replayer view in replayer.ts.
 */
import * as vscode from "vscode";
import { convertHandHistory } from "./convert";
import { onDidChangeActiveEnvironment } from "./python";
import { Replayer } from "./replayer";
import { PhhServer } from "./server";
import { affectsServerCommand, getServerCommandSettings } from "./settings";

// Kept for deactivate(), which VS Code awaits: the server gets to exit cleanly.
let server: PhhServer | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel("PHH", { log: true });
  const phh = new PhhServer(context.extensionPath, log);
  server = phh;
  const replayer = new Replayer(context.extensionUri, phh, log);
  context.subscriptions.push(
    log,
    replayer,
    vscode.commands.registerCommand("phh.openReplayer", () => replayer.open()),
    vscode.commands.registerCommand("phh.restartServer", () =>
      phh.restart("PHH: Restart Server", true),
    ),
    vscode.commands.registerCommand("phh.showOutput", () => log.show()),
    vscode.commands.registerCommand("phh.convertHandHistory", () => convertHandHistory(phh, log)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsServerCommand(event)) {
        void phh.restart("the interpreter or server settings changed");
      }
    }),
  );

  const environmentWatcher = await onDidChangeActiveEnvironment(() => {
    const settings = getServerCommandSettings();
    // Only matters when neither setting chose the Python already.
    if (settings.interpreter.length === 0 && settings.serverPath.length === 0) {
      void phh.restart("the Python extension's active environment changed");
    }
  }, log);
  if (environmentWatcher) {
    context.subscriptions.push(environmentWatcher);
  }

  await phh.start();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}
