// The layer tables of docs/architecture.md, read as rules: .dependency-cruiser.mjs turns each row
// into a forbidden dependency and scripts/check-architecture.mjs checks that every file sits on a
// row, so the tables are the one source of the layers.
//
// A table follows a `<!-- layers: <root> -->` line. In a row, the first column names the layer's
// paths and the last what it may import, each `in backticks`, relative to <root>: `x/` is a folder,
// `x.ts` a file, `*` one name, `<area>` (or `<app>`…) any one folder (in the last column: the
// row's own one).
// A last column without backticks ("anything") puts no limit on the row.
import { readFileSync } from 'node:fs';

export const ARCHITECTURE_DOC = new URL('../docs/architecture.md', import.meta.url);

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const paths = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** `features/<area>/` as a regular expression under root; `<area>` captures, or is `$1` in `to`. */
export function pathPattern(root, path, side = 'from') {
  const area = side === 'from' ? '([^/]+)' : '$1';
  const body = path
    .split(/(<[a-z]+>|\*)/)
    .map((part) => (part.startsWith('<') ? area : part === '*' ? '[^/]+' : escape(part)))
    .join('');
  return `^${root ? `${escape(root)}/` : ''}${body}${path.endsWith('/') ? '' : '$'}`;
}

/** Every layer table of the document: its root and rows ({ layer, imports: null = anything }). */
export function layerTables(text = readFileSync(ARCHITECTURE_DOC, 'utf8')) {
  const tables = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const marker = line.match(/^<!-- layers: (\S*) -->$/);
    if (!marker) return;
    const rows = [];
    for (const row of lines.slice(index + 1)) {
      if (!row.startsWith('|')) {
        if (rows.length || row.trim()) break;
        continue;
      }
      const cells = row.split('|').slice(1, -1);
      if (/^[\s:-]+$/.test(cells[0]) || !paths(cells[0]).length) continue;
      const imports = paths(cells.at(-1));
      rows.push({ layer: paths(cells[0]), imports: imports.length ? imports : null });
    }
    tables.push({ root: marker[1] === '.' ? '' : marker[1], rows });
  });
  return tables;
}
