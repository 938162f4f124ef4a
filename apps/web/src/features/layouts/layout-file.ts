import {
  LAYOUT_DOCUMENT_LABELS,
  layoutProblems,
  type Layout,
  type LayoutDocument,
} from '@balcao/contract';
import { downloadBlob } from '../../ui/download';

/** 'Exportar': the layout as `layout-<document>.json`. */
export function exportLayout(layout: Layout): void {
  const json = `${JSON.stringify(layout, null, 2)}\n`;
  downloadBlob(`layout-${layout.document}.json`, new Blob([json], { type: 'application/json' }));
}

/**
 * 'Importar': a file's layout for `document`, or what is wrong with it in pt-BR (layoutProblems,
 * the rules the server holds a save to).
 */
export function readLayoutFile(
  text: string,
  document: LayoutDocument,
): { layout: Layout } | { problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problems: ['O arquivo não é um JSON válido.'] };
  }
  const problems = layoutProblems(parsed);
  if (problems.length > 0) return { problems };
  const layout = parsed as Layout;
  if (layout.document !== document) {
    const theirs = LAYOUT_DOCUMENT_LABELS[layout.document];
    const ours = LAYOUT_DOCUMENT_LABELS[document];
    return { problems: [`O arquivo é um layout de ${theirs}, não de ${ours}.`] };
  }
  return { layout };
}
