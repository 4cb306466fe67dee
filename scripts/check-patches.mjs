// Run by `postinstall` after patch-package: each patch in patches/ was made against one exact version
// of its package (patch-package names the file `name+version.patch`), and its tests were written
// against that version's code. When an upgrade brings another version, patch-package only warns, and
// outside CI it carries on even when a patch fails to apply; a patch applied to code it was not made
// for could then change behaviour quietly. So the install stops here, saying which patch to remake for
// the new version or drop (docs/decisions/framework-patches.md). Node built-ins only.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The package a patch file is for, read as patch-package reads its name: `name+version.patch`,
 * `@scope+name+version.patch`, a nested package as `parent++child+version.patch`, optionally
 * `.dev.patch` and a sequence suffix (`+001+description`). Null when the name says no version.
 */
export function patchTarget(fileName) {
  if (!fileName.endsWith(".patch")) return null;
  const dev = fileName.endsWith(".dev.patch");
  const chain = fileName.replace(/(\.dev)?\.patch$/, "").split("++");
  const names = [];
  let version = null;
  for (const [i, link] of chain.entries()) {
    const parts = link.split("+").filter(Boolean);
    const at = parts.findIndex((p) => /^\d+\.\d+\.\d+/.test(p));
    const nameParts = at === -1 ? parts : parts.slice(0, at);
    if (nameParts.length < 1 || nameParts.length > 2) return null;
    names.push(nameParts.join("/"));
    if (i === chain.length - 1) version = at === -1 ? null : parts[at];
  }
  if (!version) return null;
  return { name: names.at(-1), version, dev, path: join("node_modules", names.join("/node_modules/")) };
}

/** One line per patch whose package is missing or at another version than the patch was made for. */
export function patchVersionProblems({ root, patchDir = join(root, "patches") }) {
  if (!existsSync(patchDir)) return [];
  const problems = [];
  for (const file of readdirSync(patchDir).filter((f) => f.endsWith(".patch")).sort()) {
    const target = patchTarget(file);
    if (!target) {
      problems.push(`patches/${file}: the name says no package version (patch-package names patches name+version.patch)`);
      continue;
    }
    const manifest = join(root, target.path, "package.json");
    if (!existsSync(manifest)) {
      // A dev-only patch has nothing to patch in a production install.
      if (!target.dev) problems.push(`patches/${file}: ${target.name} is not installed (${target.path})`);
      continue;
    }
    const installed = JSON.parse(readFileSync(manifest, "utf8")).version;
    if (installed !== target.version) {
      problems.push(
        `patches/${file} was made for ${target.name} ${target.version}, but ${installed} is installed. ` +
          `Either remake it for ${installed} (make its changes by hand in ${target.path}, run ` +
          `npx patch-package ${target.name}, delete patches/${file}, run npx vitest run tests/unit/patches.test.ts), ` +
          `or delete it if ${installed} no longer needs it (docs/decisions/framework-patches.md says what each patch is for).`,
      );
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = patchVersionProblems({ root: resolve(dirname(fileURLToPath(import.meta.url)), "..") });
  if (problems.length) {
    console.error(`\n[patches] ${problems.length === 1 ? "a patch does" : "patches do"} not fit the installed packages:`);
    for (const p of problems) console.error(`  - ${p}`);
    console.error("");
    process.exit(1);
  }
}
