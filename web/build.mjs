// Bundles the web client into dist/ (or the directory given): app.js (esbuild, minified),
// index.html and style.css. The output is committed; tests/test_web_client.py checks that
// it is what the sources build to.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const out = process.argv[2] ?? "dist";
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  outfile: join(out, "app.js"),
  logLevel: "warning",
});
copyFileSync("index.html", join(out, "index.html"));
copyFileSync("src/style.css", join(out, "style.css"));
