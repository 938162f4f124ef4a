import type { KeyboardEvent } from 'react';
import { LAYOUT_DOCUMENT_LABELS, LAYOUT_DOCUMENTS, type LayoutDocument } from '@balcao/contract';

export const DOCUMENT_PANEL_ID = 'layout-document-panel';
export const documentTabId = (document: LayoutDocument) => `layout-tab-${document}`;
const tabId = documentTabId;

/** The printed documents, one tab each; arrows move between the tabs. */
export function DocumentTabs(props: {
  current: LayoutDocument;
  onChoose(document: LayoutDocument): void;
}) {
  const { current, onChoose } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const count = LAYOUT_DOCUMENTS.length;
    const next = LAYOUT_DOCUMENTS[(index + step + count) % count]!;
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <ul className="nav nav-tabs mb-3" role="tablist" aria-label="Documento">
      {LAYOUT_DOCUMENTS.map((document, index) => {
        const active = document === current;
        return (
          <li key={document} className="nav-item" role="presentation">
            <button
              id={tabId(document)}
              type="button"
              role="tab"
              className={active ? 'nav-link active' : 'nav-link'}
              aria-selected={active}
              aria-controls={DOCUMENT_PANEL_ID}
              tabIndex={active ? 0 : -1}
              onClick={() => onChoose(document)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {LAYOUT_DOCUMENT_LABELS[document]}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
