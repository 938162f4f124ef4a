// `npm run lint`: docs/architecture.md against the code. dependency-cruiser proves the imports
// against the layer tables (.dependency-cruiser.mjs makes its rules from them); this checks what
// it cannot: that the tables are there and cover every file, and that every path the
// "Where is X" table names exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { ARCHITECTURE_DOC, layerTables, pathPattern } from './architecture-layers.mjs';

const ROOTS = ['.', 'apps/web/src', 'apps/api/src'];
const text = readFileSync(ARCHITECTURE_DOC, 'utf8');
const problems = [];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(file));

// Each layered root has its table, and each of its files sits on one of the table's rows.
const tables = layerTables(text);
for (const root of ROOTS) {
  const table = tables.find((found) => (found.root || '.') === root);
  if (!table || table.rows.length < 2) {
    problems.push(`no layer table for ${root} (a \`<!-- layers: ${root} -->\` line and its rows)`);
    continue;
  }
  const under = table.root ? `${table.root}/` : '';
  const layers = table.rows.flatMap((row) =>
    row.layer.map((layer) => new RegExp(pathPattern(table.root, layer))),
  );
  const cruised = table.root
    ? [table.root]
    : ['apps', 'packages', 'bench', 'e2e', 'scripts', 'tools'];
  for (const file of files) {
    if (!cruised.some((folder) => file.startsWith(`${folder}/`))) continue;
    if (!file.startsWith(under) || layers.some((layer) => layer.test(file))) continue;
    problems.push(`${file} sits on no row of the ${root} layer table`);
  }
}

// "Where is X": each path (a backticked word with a slash or an extension, from the repository's
// root) exists; `<area>` and `*` stand for any name and must match at least one file or folder.
const where = text.slice(text.indexOf('## Where is X'));
const whereTable = where.slice(0, where.search(/\n## /) === -1 ? undefined : where.search(/\n## /));
const named = [...whereTable.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1])
  .filter((word) => word.includes('/') || /\.[a-z]+$/.test(word));
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
  ),
);
for (const path of named) {
  const pattern = new RegExp(pathPattern('', path.replace(/\/$/, '')).replace(/\$$/, '(/|$)'));
  const plain = !/[<*]/.test(path);
  const found = plain
    ? existsSync(path)
    : files.some((file) => pattern.test(file)) ||
      [...folders].some((folder) => pattern.test(folder));
  if (!found) problems.push(`"Where is X" names ${path}, which does not exist`);
}

// The naming table's docs/ column: each file it names is in docs/.
const naming = text.slice(text.indexOf('## Naming'));
for (const [, doc] of naming.matchAll(/`([\w-]+\.md)`/g)) {
  if (!existsSync(`docs/${doc}`))
    problems.push(`the naming table names docs/${doc}, which does not exist`);
}

if (problems.length) {
  console.error(`docs/architecture.md does not match the code:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `docs/architecture.md: ${tables.length} layer tables cover every file; ${named.length} paths exist.`,
);
