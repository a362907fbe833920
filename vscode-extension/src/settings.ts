/**
 * The `phh.*` settings, read in one place.
 *
 * Two groups: the settings that decide how the server process is started (interpreter,
 * server path and args; a change needs a restart), and the server's own options, which
 * reach it as `initializationOptions` at start and later through `workspace/configuration`
 * (vscode-languageclient answers that request from the `phh` section, and
 * `synchronize.configurationSection` tells the server when it changed).
 */
import * as os from "os";
import * as vscode from "vscode";

const SECTION = "phh";

/** Settings that make up the server's command line. */
export interface ServerCommandSettings {
  /** Python to run the bundled server with; empty = discover one. */
  interpreter: string[];
  /** An installed server's whole command; empty = the bundled server. */
  serverPath: string[];
  /** Extra arguments after either command. */
  serverArgs: string[];
}

export type Severity = "error" | "warning" | "information" | "hint" | "off";

/** What the server receives as `initializationOptions`: the `phh` section minus the
 * settings that only the extension reads (interpreter, server, trace). */
export interface InitializationOptions {
  diagnostics: { severity: Record<string, Severity> };
  inlayHints: { mode: "off" | "pot" | "full"; bigBlinds: boolean };
  format: { lineWidth: number };
  logLevel: "error" | "warning" | "info" | "debug";
}

export function getServerCommandSettings(): ServerCommandSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    interpreter: resolveVariables(commandWords(config.get<unknown>("interpreter"))),
    serverPath: resolveVariables(commandWords(config.get<unknown>("server.path"))),
    serverArgs: resolveVariables(commandWords(config.get<unknown>("server.args"))),
  };
}

export function getInitializationOptions(): InitializationOptions {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    diagnostics: { severity: config.get("diagnostics.severity", {}) },
    inlayHints: {
      mode: config.get("inlayHints.mode", "full"),
      bigBlinds: config.get("inlayHints.bigBlinds", false),
    },
    format: { lineWidth: config.get("format.lineWidth", 88) },
    logLevel: config.get("logLevel", "warning"),
  };
}

/** True when a settings change alters the server's command line, so the server must be
 * restarted (the other options reach the running server by themselves). */
export function affectsServerCommand(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration(`${SECTION}.interpreter`) ||
    event.affectsConfiguration(`${SECTION}.server`)
  );
}

/**
 * A command setting as a list of words. The settings are arrays, but people write
 * `"phh.server.path": "phh-lsp"` or `"phh.interpreter": "/usr/bin/python3"` (other
 * extensions take a string): a lone string is the one word, and anything else (a
 * number, an object) is ignored rather than failing the extension's activation.
 */
export function commandWords(value: unknown): string[] {
  if (typeof value === "string") {
    return [value];
  }
  return Array.isArray(value) ? value.filter((word): word is string => typeof word === "string") : [];
}

/**
 * Expands `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and a leading `~`, as the
 * Microsoft Python tools extensions do, so that a setting such as
 * `["${workspaceFolder}/.venv/bin/python"]` can be shared in a workspace.
 * Entries that end up empty are dropped (an unset `${env:...}`).
 */
function resolveVariables(values: readonly string[]): string[] {
  const home = os.homedir();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return values
    .map((value) =>
      value
        .replace(/^~(?=$|[\\/])/, home)
        .replace(/\$\{userHome\}/g, home)
        .replace(/\$\{env:([^}]+)\}/g, (_, name: string) => process.env[name] ?? "")
        .replace(/\$\{workspaceFolder\}/g, folder ?? "${workspaceFolder}"),
    )
    .filter((value) => value.length > 0);
}
