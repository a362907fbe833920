/**
 * The language server's command line: an installed server (`phh.server.path`) as it is,
 * or the server bundled in the extension, run as `<python> -m phh_lsp` with
 * PYTHONPATH = bundled/libs (phh_lsp and its pure-Python dependencies).
 */
import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import type { Executable } from "vscode-languageclient/node";
import { findInterpreter } from "./python";
import { getServerCommandSettings } from "./settings";

export type ServerCommand =
  | { ok: true; executable: Executable; origin: string }
  | { ok: false; message: string };

export async function resolveServerCommand(
  extensionPath: string,
  log: vscode.LogOutputChannel,
): Promise<ServerCommand> {
  const settings = getServerCommandSettings();
  if (settings.serverPath.length > 0) {
    const [command, ...args] = settings.serverPath;
    return {
      ok: true,
      executable: { command, args: [...args, ...settings.serverArgs] },
      origin: "phh.server.path",
    };
  }

  const python = await findInterpreter(settings.interpreter, log);
  if (!python.ok) {
    return {
      ok: false,
      message:
        "PHH: no Python 3.11 or newer found to run the language server " +
        `(tried ${python.tried.join("; ")}). ` +
        "Set phh.interpreter to a Python 3.11+, or phh.server.path to an installed phh-lsp.",
    };
  }
  const [command, ...pythonArgs] = python.argv;
  // No `transport` in the Executable: with TransportKind.stdio the client would append
  // `--stdio`; stdio is used either way.
  const args = [...pythonArgs, "-m", "phh_lsp", ...settings.serverArgs];
  const origin = `Python ${python.version} from ${python.source}`;

  const libs = path.join(extensionPath, "bundled", "libs");
  if (!fs.existsSync(path.join(libs, "phh_lsp"))) {
    // A development checkout before `npm run bundle-python`.
    log.warn(`No bundled server in ${libs}: using phh_lsp as installed for ${command}.`);
    return { ok: true, executable: { command, args }, origin };
  }
  return {
    ok: true,
    executable: {
      command,
      args,
      options: {
        // `-m` puts the working directory first on sys.path: run from the bundle, so a
        // workspace that holds a phh_lsp folder (its own checkout) cannot shadow it.
        cwd: libs,
        // Only the bundle: a PYTHONPATH of the user's could bring in other pygls versions.
        env: { ...process.env, PYTHONPATH: libs },
      },
    },
    origin: `${origin}, bundled server`,
  };
}
