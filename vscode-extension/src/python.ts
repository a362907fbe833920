/**
 * Finds a Python (3.11 or newer, what PokerKit 0.7.7 needs) to run the bundled server:
 * the `phh.interpreter` setting, else the active environment of the Python extension
 * (ms-python.python, only if installed), else `python3` on PATH.
 */
import { execFile } from "child_process";
import { promisify } from "util";
import * as vscode from "vscode";
import { PythonExtension } from "@vscode/python-extension";

const PYTHON_EXTENSION_ID = "ms-python.python";
const MIN_VERSION: readonly [number, number] = [3, 11];
const VERSION_CHECK_TIMEOUT_MS = 15_000;

export type InterpreterResult =
  | { ok: true; argv: string[]; source: string; version: string }
  | { ok: false; tried: string[] };

/**
 * Returns the first usable interpreter, with where it came from, or every candidate that
 * was tried and why it was rejected (for one error message that says it all).
 */
export async function findInterpreter(
  configured: readonly string[],
  log: vscode.LogOutputChannel,
): Promise<InterpreterResult> {
  const candidates: { argv: string[]; source: string }[] = [];
  if (configured.length > 0) {
    // An explicit setting is the user's choice: never fall back to another Python.
    candidates.push({ argv: [...configured], source: "phh.interpreter" });
  } else {
    const active = await activeEnvironmentExecutable(log);
    if (active) {
      candidates.push({ argv: [active], source: "the Python extension's active environment" });
    }
    for (const name of process.platform === "win32" ? ["python3", "python"] : ["python3"]) {
      candidates.push({ argv: [name], source: "PATH" });
    }
  }

  const tried: string[] = [];
  for (const candidate of candidates) {
    const check = await checkVersion(candidate.argv);
    const label = `${candidate.argv.join(" ")} (${candidate.source})`;
    if (check.ok) {
      return { ok: true, ...candidate, version: check.version };
    }
    log.warn(`Python ${label} cannot run the server: ${check.reason}`);
    tried.push(`${label}: ${check.reason}`);
  }
  return { ok: false, tried };
}

/** Calls `listener` when the Python extension's active environment changes; does
 * nothing (returns undefined) when that extension is not installed. */
export async function onDidChangeActiveEnvironment(
  listener: () => void,
  log: vscode.LogOutputChannel,
): Promise<vscode.Disposable | undefined> {
  const api = await pythonExtensionApi(log);
  return api?.environments.onDidChangeActiveEnvironmentPath(() => listener());
}

async function activeEnvironmentExecutable(
  log: vscode.LogOutputChannel,
): Promise<string | undefined> {
  const api = await pythonExtensionApi(log);
  if (!api) {
    return undefined;
  }
  try {
    const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
    const environmentPath = api.environments.getActiveEnvironmentPath(resource);
    // The path may name an environment folder (conda) rather than an executable.
    const environment = await api.environments.resolveEnvironment(environmentPath);
    return environment?.executable.uri?.fsPath;
  } catch (error) {
    log.warn(`The Python extension's active environment is unknown: ${String(error)}`);
    return undefined;
  }
}

async function pythonExtensionApi(
  log: vscode.LogOutputChannel,
): Promise<PythonExtension | undefined> {
  if (!vscode.extensions.getExtension(PYTHON_EXTENSION_ID)) {
    return undefined;
  }
  try {
    return await PythonExtension.api();
  } catch (error) {
    log.warn(`The Python extension's API is not available: ${String(error)}`);
    return undefined;
  }
}

type VersionCheck = { ok: true; version: string } | { ok: false; reason: string };

async function checkVersion(argv: readonly string[]): Promise<VersionCheck> {
  const [command, ...args] = argv;
  try {
    const { stdout } = await promisify(execFile)(
      command,
      [...args, "-c", "import sys; print(sys.version_info[:2])"],
      { timeout: VERSION_CHECK_TIMEOUT_MS },
    );
    const match = /\((\d+), (\d+)\)/.exec(stdout);
    if (!match) {
      return { ok: false, reason: `unexpected version output ${JSON.stringify(stdout.trim())}` };
    }
    const [major, minor] = [Number(match[1]), Number(match[2])];
    const version = `${major}.${minor}`;
    if (major < MIN_VERSION[0] || (major === MIN_VERSION[0] && minor < MIN_VERSION[1])) {
      return { ok: false, reason: `Python ${version} is too old (3.11 or newer needed)` };
    }
    return { ok: true, version };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ENOENT" ? "not found" : String(error) };
  }
}
