/**
 * "PHH: Convert Hand History to PHH": the active editor's text, a poker site's hand
 * history, turned into PHH by the server's `phh.convert` and opened beside it as an
 * unsaved document named after it (`stars.txt` -> `stars.phhs` in the same folder, so Save
 * offers that name), in the editor group beside the history's (the other group when the
 * editor is already split: never a third column).  What could not be
 * converted is said: the count in a notification, each hand's line and reason in the
 * output channel, so that no hand is dropped silently.
 */
import * as fs from "fs";
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
  /** "Site: converted 2 of 3 hands (1 with problems, 1 failed)", worded by the server as the command line words it. */
  summary: string;
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
  const document = await vscode.workspace.openTextDocument(resultUri(source));
  const whole = new vscode.Range(0, 0, document.lineCount, 0);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, whole, answer.text); // converted again: the new result replaces the old
  await vscode.workspace.applyEdit(edit);
  if (document.languageId !== "phh") {
    await vscode.languages.setTextDocumentLanguage(document, "phh");
  }
  await vscode.window.showTextDocument(document, { viewColumn: besideColumn(editor), preview: false });
  const summary = answer.summary;
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

/**
 * The untitled document for the result: `<name>.phhs` beside the history, or `<name>-2.phhs`,
 * `-3`... when a file on disk has the name (an untitled document of that name, a result
 * converted before, is reused). A history never saved gives a name without a folder.
 */
function resultUri(source: vscode.TextDocument): vscode.Uri {
  const stem = path.parse(source.fileName).name || "converted";
  if (source.uri.scheme !== "file") {
    return vscode.Uri.from({ scheme: "untitled", path: `${stem}.phhs` });
  }
  const folder = path.dirname(source.uri.fsPath);
  let target = path.join(folder, `${stem}.phhs`);
  for (let count = 2; fs.existsSync(target); count++) {
    target = path.join(folder, `${stem}-${count}.phhs`);
  }
  return vscode.Uri.file(target).with({ scheme: "untitled" });
}

/**
 * The column for the result: beside the history. With the editor already split, the group
 * after the history's (or before it, when the history is in the last one), since
 * `ViewColumn.Beside` from the last group opens a new column.
 */
function besideColumn(editor: vscode.TextEditor): vscode.ViewColumn {
  const here = editor.viewColumn ?? vscode.ViewColumn.One;
  const columns = vscode.window.tabGroups.all.map((group) => group.viewColumn).sort((a, b) => a - b);
  const other = columns.find((column) => column > here) ?? [...columns].reverse().find((column) => column < here);
  return other ?? vscode.ViewColumn.Beside;
}
