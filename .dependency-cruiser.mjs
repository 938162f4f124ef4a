// The layers of docs/architecture.md, proven on every import, type imports included (`npm run
// lint`). The forbidden dependencies are made from the document's layer tables
// (scripts/architecture-layers.mjs), so the map and the rule are one.
import { layerTables, pathPattern } from './scripts/architecture-layers.mjs';

// Tests compose what they test: the layers bind the code they test, not them.
const TESTS = '(\\.test\\.tsx?$|^apps/[^/]+/test/)';

const layerRules = layerTables().flatMap(({ root, rows }) =>
  rows
    .filter((row) => row.imports)
    .flatMap((row) =>
      row.layer.map((layer) => ({
        name: `layers:${root || '.'}:${layer}`,
        comment: `${layer} imports only ${row.imports.join(', ')} (docs/architecture.md)`,
        severity: 'error',
        from: { path: pathPattern(root, layer), pathNot: TESTS },
        to: {
          path: root ? `^${root}/` : '^(apps|packages|bench|e2e|scripts|tools)/',
          pathNot: row.imports.map((path) => pathPattern(root, path, 'to')),
        },
      })),
    ),
);

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle, type imports included, has no layer order (docs/architecture.md).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '^e2e/artifacts/', '^apps/api/data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.mts', '.d.mts'],
    },
  },
};
