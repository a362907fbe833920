/**
 * "PHH: Convert Hand History to PHH": the active editor's text, a poker site's hand
 * history, turned into PHH by the server's `phh.convert` and opened beside it as an
 * unsaved `.phhs` document (the user decides where to save it).  What could not be
 * converted is said: the count in a notification, each hand's line and reason in the
 * output channel, so that no hand is dropped silently.
 */
import * as path from "path";
import * as vscode from "vscode";
import type { PhhServer } from "./server";

interface Report {
  line: number;
  message: string;
}

interface Conversion {
  text: string;
  site: string | null;
  converted: number;
  problems: Report[];
  failed: Report[];
}

const SHOW_OUTPUT = "Show Output";

export async function convertHandHistory(server: PhhServer, log: vscode.LogOutputChannel): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage("Open a poker site's hand history file first, then convert it.");
    return;
  }
  const source = editor.document;
  const name = path.basename(source.fileName);
  const answer = (await server.executeCommand("phh.convert", [source.getText(), null, name])) as
    | Conversion
    | undefined;
  if (!answer) {
    void vscode.window.showErrorMessage("The PHH server is not running: see PHH: Show Output.");
    return;
  }
  for (const report of [...answer.problems, ...answer.failed]) {
    log.warn(`${name}:${report.line}: ${report.message}`);
  }
  if (answer.site === null || answer.converted === 0) {
    const why = answer.site === null ? "no hand history of a supported site" : "no hand could be converted";
    void vscode.window.showErrorMessage(`${name}: ${why}.`, SHOW_OUTPUT).then((choice) => {
      if (choice === SHOW_OUTPUT) {
        log.show();
      }
    });
    return;
  }
  const document = await vscode.workspace.openTextDocument({ language: "phh", content: answer.text });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  const total = answer.converted + answer.failed.length;
  const summary =
    `${answer.site}: converted ${answer.converted} of ${total} hands` +
    ` (${answer.problems.length} problems, ${answer.failed.length} failed)`;
  log.info(`${name}: ${summary}`);
  if (answer.problems.length || answer.failed.length) {
    void vscode.window.showWarningMessage(summary, SHOW_OUTPUT).then((choice) => {
      if (choice === SHOW_OUTPUT) {
        log.show();
      }
    });
  } else {
    void vscode.window.showInformationMessage(summary);
  }
}
