// Lint the extension's TypeScript with the type-aware recommended rules, and the build
// scripts (plain Node ESM) with the JavaScript recommended rules.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["out/", "bundled/", "node_modules/", "*.vsix"] },
  js.configs.recommended,
  {
    files: ["src/**/*.ts"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: "error",
      curly: "error",
      "@typescript-eslint/naming-convention": [
        "error",
        { selector: "import", format: ["camelCase", "PascalCase"] },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "eslint.config.mjs"],
    languageOptions: {
      globals: { console: "readonly", process: "readonly" },
    },
  },
  {
    // the drivers run under the probe's playwright-core, as plain CommonJS (multi-root-driver.js
    // requires restart-driver.js for its helpers).
    files: ["scripts/**/*.js"],
    languageOptions: {
      sourceType: "commonjs",
      globals: {
        require: "readonly", module: "writable", console: "readonly", process: "readonly", setTimeout: "readonly",
      },
    },
  },
);
