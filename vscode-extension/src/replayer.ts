/**
 * "PHH: Open Replayer": a webview beside the editor, like Markdown's preview, that steps
 * through the hand at the cursor.  The drawing is the server package's own renderer
 * (bundled/libs/phh_lsp/replayer/table.js, replayer.js and .css, the same one `phh-lsp replay`
 * inlines into its HTML file); this module only feeds it: it asks the server for the
 * state feed of the hand at the cursor (`phh/handStates`, one hand, never the whole
 * file) when the cursor moves or the text changes, and moves the cursor to the action
 * of the step the user picks in the view.  So the view follows the cursor and the
 * cursor follows the view.
 */
import * as vscode from "vscode";
import type { PhhServer } from "./server";

interface Position {
  line: number;
  character: number;
}

interface Feed {
  current: number;
  steps: { range: { start: Position; end: Position } | null }[];
  hand?: { range: { start: Position } | null };
}

const VIEW_TYPE = "phh.replayer";
const CURSOR_DELAY_MS = 60;
const EDIT_DELAY_MS = 250;

export class Replayer implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private source: vscode.TextEditor | undefined;
  private feed: Feed | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private asked = 0;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly server: PhhServer,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Open the view beside the active PHH editor (or reveal it) and show its hand. */
  open(): void {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === "phh") {
      this.source = editor;
    }
    if (!this.source) {
      void vscode.window.showInformationMessage("Open a .phh or .phhs file, then open the replayer.");
      return;
    }
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      const alone = vscode.window.tabGroups.all.length === 1;
      this.panel = this.createPanel();
      if (alone) {
        void this.keepTheEditorWide();
      }
    }
    this.refresh(0);
  }

  /**
   * A view opened beside an editor that had the window to itself halves it, and the inlay
   * hints at the end of the action lines are cut. VS Code lets an extension set the editor
   * groups' sizes (the `vscode.setEditorLayout` command), not open a view without a group of
   * its own: so the editor keeps 60 % of the width and the view, which draws from 380 px wide,
   * takes the rest. Only when this command created the second group: a layout the user made
   * is left alone.
   */
  private async keepTheEditorWide(): Promise<void> {
    try {
      await vscode.commands.executeCommand("vscode.setEditorLayout", {
        orientation: 0,
        groups: [{ size: 0.6 }, { size: 0.4 }],
      });
    } catch (error) {
      this.log.warn(`could not size the replayer's column: ${String(error)}`);
    }
  }

  private createPanel(): vscode.WebviewPanel {
    const assets = vscode.Uri.joinPath(this.extensionUri, "bundled", "libs", "phh_lsp", "replayer");
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      "PHH Replayer",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [assets] },
    );
    const webview = panel.webview;
    const nonce = Array.from({ length: 32 }, () => Math.floor(Math.random() * 36).toString(36)).join("");
    const drawing = webview.asWebviewUri(vscode.Uri.joinPath(assets, "table.js"));
    const script = webview.asWebviewUri(vscode.Uri.joinPath(assets, "replayer.js"));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(assets, "replayer.css"));
    // Nothing but our own script and style: no inline code, no network.
    webview.html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}'; img-src ${webview.cspSource} data:">
<link rel="stylesheet" href="${style.toString()}">
<title>PHH Replayer</title></head>
<body><main id="phh-replayer" aria-label="hand replayer"></main>
<script nonce="${nonce}" src="${drawing.toString()}"></script>
<script nonce="${nonce}" src="${script.toString()}"></script></body></html>`;
    panel.onDidDispose(() => this.closed(), undefined, this.subscriptions);
    webview.onDidReceiveMessage((message: unknown) => this.onMessage(message), undefined, this.subscriptions);
    vscode.window.onDidChangeTextEditorSelection(
      (event) => {
        if (event.textEditor.document.languageId === "phh") {
          this.source = event.textEditor;
          this.refresh(CURSOR_DELAY_MS);
        }
      },
      undefined,
      this.subscriptions,
    );
    vscode.window.onDidChangeActiveTextEditor(
      (editor) => {
        if (editor?.document.languageId === "phh") {
          this.source = editor;
          this.refresh(0);
        }
      },
      undefined,
      this.subscriptions,
    );
    vscode.workspace.onDidChangeTextDocument(
      (event) => {
        if (event.document === this.source?.document && event.contentChanges.length) {
          this.refresh(EDIT_DELAY_MS);
        }
      },
      undefined,
      this.subscriptions,
    );
    return panel;
  }

  private onMessage(message: unknown): void {
    const data = message as { type?: string; index?: number };
    if (data.type === "ready") {
      this.refresh(0);
    } else if (data.type === "step" && typeof data.index === "number") {
      void this.moveCursor(data.index);
    }
  }

  /** Put the editor's cursor on the action of step `index` (the hand's start for step 0). */
  private async moveCursor(index: number): Promise<void> {
    const feed = this.feed;
    const source = this.source;
    if (!feed || !source) {
      return;
    }
    const at = feed.steps[index]?.range?.start ?? feed.hand?.range?.start;
    if (!at) {
      return;
    }
    const position = new vscode.Position(at.line, at.character);
    const selection = new vscode.Selection(position, position);
    const visible = vscode.window.visibleTextEditors.find((editor) => editor.document === source.document);
    if (visible) {
      visible.selection = selection;
      visible.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } else {
      await vscode.window.showTextDocument(source.document, { selection, preserveFocus: true });
    }
  }

  private refresh(delay: number): void {
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => void this.update(), delay);
  }

  /** Ask for the hand at the cursor and send it to the view; an older answer never wins. */
  private async update(): Promise<void> {
    const panel = this.panel;
    const source = this.source;
    if (!panel || !source) {
      return;
    }
    const asked = ++this.asked;
    const position = source.selection.active;
    let feed: Feed | null = null;
    try {
      feed = (await this.server.sendRequest("phh/handStates", {
        textDocument: { uri: source.document.uri.toString() },
        position: { line: position.line, character: position.character },
      })) as Feed | null;
    } catch (error) {
      this.log.warn(`phh/handStates failed: ${String(error)}`);
    }
    if (asked !== this.asked || this.panel !== panel) {
      return;
    }
    this.feed = feed ?? null;
    panel.title = `Replay ${source.document.uri.path.split("/").pop() ?? ""}`;
    void panel.webview.postMessage({ type: "feed", feed: this.feed });
  }

  private closed(): void {
    this.panel = undefined;
    this.feed = null;
    while (this.subscriptions.length) {
      this.subscriptions.pop()?.dispose();
    }
  }

  dispose(): void {
    this.panel?.dispose();
    this.closed();
  }
}
