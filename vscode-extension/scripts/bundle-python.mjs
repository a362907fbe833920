// Bundles the Python side into bundled/libs: the server's pure-Python dependencies
// (pip install --target) and the server package itself, copied from ../phh_lsp.
// The extension runs `<python> -m phh_lsp` with PYTHONPATH=bundled/libs, so the .vsix
// works without a separate install.  Run by `npm run bundle-python` and vscode:prepublish.
//
// PYTHON=/path/to/python3 picks the pip to use (default: python3 on PATH).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// Exact versions with their sha256, every wheel (dependencies included): the .vsix holds what
// was reviewed, and a changed wheel fails the build. A test holds them to ../pyproject.toml.
const requirements = join(root, "requirements-bundled.txt");
const libs = join(root, "bundled", "libs");
const serverSource = resolve(root, "..", "phh_lsp");
const python = process.env.PYTHON ?? "python3";

if (!existsSync(join(serverSource, "__init__.py"))) {
  fail(`the server package ${serverSource} is missing`);
}

rmSync(libs, { recursive: true, force: true });
run(python, [
  "-m", "pip", "install",
  "--target", libs,
  "--no-compile", // no .pyc of this machine's Python in the package
  "--only-binary=:all:", // wheels only: no build step, and a compiled one would be caught below
  "--python-version", "3.11", // the oldest Python the server supports, whatever runs pip
  "--disable-pip-version-check",
  "--quiet",
  "--require-hashes",
  "--no-deps", // every wheel is listed, pinned and hashed
  "-r", requirements,
]);
cpSync(serverSource, join(libs, "phh_lsp"), {
  recursive: true,
  filter: (source) => !/(^|[\\/])__pycache__([\\/]|$)|\.pyc$/.test(source),
});
rmSync(join(libs, "bin"), { recursive: true, force: true }); // console scripts, unused

// One .vsix serves every platform only if nothing in it is compiled.
const compiled = listFiles(libs).filter((file) => /\.(so|pyd|dylib|dll)$/.test(file));
if (compiled.length > 0) {
  fail(`platform-specific files in bundled/libs:\n  ${compiled.join("\n  ")}`);
}
console.log(`bundle-python: ${libs} ready (${readdirSync(libs).length} entries)`);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.error) {
    fail(`${command}: ${result.error.message}`);
  }
  if (result.status !== 0) {
    fail(`${command} ${args.join(" ")} exited with ${result.status}`);
  }
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

function fail(message) {
  console.error(`bundle-python: ${message}`);
  process.exit(1);
}
