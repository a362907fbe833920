// Bundles src/extension.ts and its runtime dependencies (vscode-languageclient,
// @vscode/python-extension) into one file, out/extension.js, so the .vsix ships no
// node_modules.  `--production` minifies and drops the source map.
import * as esbuild from "esbuild";

const production = process.argv.includes("--production");

await esbuild.build({
  entryPoints: ["src/extension.ts"],
  outfile: "out/extension.js",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node18",
  external: ["vscode"],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: "warning",
});
