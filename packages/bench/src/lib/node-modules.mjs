// What an install put on disk: packages in node_modules (nested ones included) and their bytes.
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Apparent size in bytes of every file under `dir` (symlinks not followed). */
export function treeBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += treeBytes(path);
    else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
}

/** Package folders (relative to `root`) under a node_modules folder, nested node_modules included. */
export function packagesIn(nodeModules, root = nodeModules, found = []) {
  if (!existsSync(nodeModules)) return found;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dirs = entry.name.startsWith("@")
      ? readdirSync(join(nodeModules, entry.name)).map((n) => join(nodeModules, entry.name, n))
      : [join(nodeModules, entry.name)];
    for (const dir of dirs) {
      if (!existsSync(join(dir, "package.json"))) continue;
      found.push(relative(root, dir));
      packagesIn(join(dir, "node_modules"), root, found);
    }
  }
  return found;
}
