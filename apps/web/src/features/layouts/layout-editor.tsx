import { useEffect, useMemo, useReducer, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import {
  DEFAULT_LAYOUTS,
  LAYOUT_DOCUMENT_LABELS,
  layOut,
  layoutProblems,
  type Layout,
  type LayoutDocument,
  type LayoutElement,
  type LayoutValues,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { loadLayoutFont } from '../../ui/layout-drawing/layout-font';
import { BackgroundField } from './background-field';
import { DocumentTabs, DOCUMENT_PANEL_ID, documentTabId } from './document-tabs';
import { canRedo, canUndo, editorHistory, startHistory } from './editor-history';
import { ElementList } from './element-list';
import { ElementProperties } from './element-properties';
import { elementBoxes } from './element-boxes';
import { EditorConfirms, type Confirming } from './editor-confirms';
import { LayoutActions } from './layout-actions';
import {
  addElement,
  elementLabel,
  fitElementsToPage,
  overflowsPage,
  placeElement,
  removeElement,
  renameElement,
  reorderElement,
  replaceElement,
  resizeElement,
  sameLayout,
  withBackground,
  type AddableKind,
} from './layout-edits';
import { exportLayout, readLayoutFile } from './layout-file';
import { LayoutNotices } from './layout-notices';
import { PageSizeField } from './page-size-field';
import { Preview, type Position, type Size } from './preview';
import { PrintTestStatus } from './print-test-status';
import { SheetField } from './sheet-field';
import { withSheet } from './sheets';
import {
  layoutDocumentChosen,
  layoutPrintTestRequested,
  layoutSaveRequested,
  selectLayouts,
} from './slice';
import { undoKeys } from './undo-keys';
import { useLayoutUploads } from './use-layout-uploads';
import { useLayoutWarnings } from './use-layout-warnings';
import { useUnsavedLayout } from './use-unsaved-layout';

const NO_VALUES: LayoutValues = {};
const HELP_ID = 'layout-preview-help';

/**
 * The editor of one document's layout: it starts from what the server holds (the page remounts it
 * for each load), keeps its unsaved changes and their history, and hands the layout to the sagas
 * on Salvar and 'Imprimir teste'.
 */
export function LayoutEditor() {
  const dispatch = useAppDispatch();
  const { document, dto, sample, loading, saving, saveError, restoring, printing, printJob } =
    useAppSelector(selectLayouts);
  const { images } = useAppSelector(selectLayouts);
  const [history, changeHistory] = useReducer(
    editorHistory<Layout>,
    dto?.layout ?? DEFAULT_LAYOUTS[document],
    startHistory<Layout>,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [savePressed, setSavePressed] = useState(false);
  const [importProblems, setImportProblems] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const layout = history.present;
  const values = sample?.values ?? NO_VALUES;
  const ops = useMemo(() => layOut(layout, values), [layout, values]);
  const boxes = useMemo(() => elementBoxes(layout, values), [layout, values]);
  const problems = useMemo(() => layoutProblems(layout), [layout]);
  const selected = chosen !== null && chosen < layout.elements.length ? chosen : null;
  const dirty = dto !== null && !sameLayout(layout, dto.layout);
  const label = LAYOUT_DOCUMENT_LABELS[document];
  const { missingImages, unprintable } = useLayoutWarnings(layout, images, values, document);
  useEffect(() => void loadLayoutFont(), []);
  useUnsavedLayout(dirty);

  const change = (next: Layout, group?: string) =>
    changeHistory({ type: 'changed', value: next, ...(group ? { group } : {}) });
  const changeElement = (index: number, element: LayoutElement, group?: string) => {
    if (element !== layout.elements[index]) change(replaceElement(layout, index, element), group);
  };
  const undo = () => changeHistory({ type: 'undone' });
  const redo = () => changeHistory({ type: 'redone' });
  const { uploadImage, uploading } = useLayoutUploads(layout, change, setChosen);

  const add = (kind: AddableKind) => {
    const added = addElement(layout, kind);
    change(added.layout);
    setChosen(added.index);
  };
  const remove = (index: number) => {
    change(removeElement(layout, index));
    setChosen(null);
  };
  const reorder = (index: number, delta: -1 | 1) => {
    const next = reorderElement(layout, index, delta);
    if (!next) return;
    change(next);
    setChosen(index + delta);
  };
  const place = (index: number, { xMm, yMm }: Position, gesture?: string) => {
    const element = layout.elements[index];
    if (element) changeElement(index, placeElement(element, xMm, yMm), gesture);
  };
  const resize = (index: number, { widthMm, heightMm }: Size, gesture: string) => {
    const element = layout.elements[index];
    if (element) changeElement(index, resizeElement(element, widthMm, heightMm), gesture);
  };
  /** A size chosen from the list that leaves elements outside the page offers to fit them. */
  const changePage = (page: Layout['page'], group?: string) => {
    const next = { ...layout, page };
    change(next, group);
    if (!group && overflowsPage(next)) setConfirming({ kind: 'fit', from: layout.page });
  };

  /** Salvar and 'Imprimir teste' go only with a valid layout; otherwise its problems show. */
  const whenValid = (act: () => void) => {
    setSavePressed(true);
    if (problems.length === 0) act();
  };
  const importFile = (file: File) => {
    void file.text().then((text) => {
      const read = readLayoutFile(text, document);
      if ('problems' in read) {
        setImportProblems(read.problems);
        return;
      }
      setImportProblems(null);
      change(read.layout);
      setChosen(null);
    });
  };
  const chooseDocument = (next: LayoutDocument) => {
    if (next === document) return;
    if (dirty) setConfirming({ kind: 'document', document: next });
    else dispatch(layoutDocumentChosen(next));
  };

  const shownProblems = [...(savePressed ? problems : []), ...(saveError ? [saveError] : [])];
  const selectedElement = selected === null ? undefined : layout.elements[selected];
  const previewLabel =
    `Pré-visualização do layout de ${label}, ${layout.page.widthMm} × ${layout.page.heightMm} mm` +
    (selectedElement ? `; selecionado: ${elementLabel(selectedElement, document)}` : '');

  return (
    <div onKeyDown={undoKeys(undo, redo)}>
      <DocumentTabs current={document} onChoose={chooseDocument} />
      <div id={DOCUMENT_PANEL_ID} role="tabpanel" aria-labelledby={documentTabId(document)}>
        {loading ? (
          <p>Carregando...</p>
        ) : !dto || dto.document !== document ? (
          <Alert variant="danger">
            Não foi possível carregar o layout.{' '}
            <Button size="sm" onClick={() => dispatch(layoutDocumentChosen(document))}>
              Tentar novamente
            </Button>
          </Alert>
        ) : (
          <>
            <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
              <PageSizeField page={layout.page} onChange={changePage} />
              <LayoutActions
                dirty={dirty}
                canUndo={canUndo(history)}
                canRedo={canRedo(history)}
                saving={saving}
                restoring={restoring}
                printing={printing}
                onSave={() => whenValid(() => dispatch(layoutSaveRequested(layout)))}
                onUndo={undo}
                onRedo={redo}
                onRestore={() => setConfirming({ kind: 'restore' })}
                onExport={() => exportLayout(layout)}
                onImport={importFile}
                onPrintTest={() => whenValid(() => dispatch(layoutPrintTestRequested(layout)))}
              />
            </div>
            {/* Leaving one of the sheet's fields ends its undo step, as in the properties. */}
            <div onBlur={() => changeHistory({ type: 'sealed' })}>
              <SheetField
                page={layout.page}
                sheet={layout.sheet}
                onChange={(sheet, group) => change(withSheet(layout, sheet), group)}
              />
            </div>
            <BackgroundField
              background={layout.background}
              images={images}
              uploading={uploading}
              onFile={(file) => uploadImage(file, { kind: 'background' })}
              onRemove={() => change(withBackground(layout, undefined))}
            />
            <p className="small text-body-secondary">
              {dto.custom
                ? 'Este evento usa um layout próprio.'
                : 'Este evento usa o layout padrão do Balcão.'}
            </p>
            <LayoutNotices
              problems={shownProblems}
              missingImages={missingImages}
              unprintable={unprintable}
              importProblems={importProblems}
              onImportProblemsClosed={() => setImportProblems(null)}
            />
            <PrintTestStatus job={printJob} />
            <Row className="g-3">
              <Col lg={7}>
                <Preview
                  layout={layout}
                  ops={ops}
                  images={images}
                  boxes={boxes}
                  selected={selected}
                  label={previewLabel}
                  describedBy={HELP_ID}
                  onSelect={setChosen}
                  onPlace={place}
                  onResize={resize}
                  onGestureEnd={() => changeHistory({ type: 'sealed' })}
                  onRemove={remove}
                />
                <p className="small text-body-secondary mt-2 mb-1">
                  {sample ? `Dados da pré-visualização: ${sample.source}.` : ''}
                </p>
                <p id={HELP_ID} className="small text-body-secondary">
                  Clique em um elemento para selecioná-lo e arraste para movê-lo (grade de 1 mm; com
                  Alt, 0,1 mm); o quadrado no canto muda o tamanho. Com a pré-visualização em foco,
                  as setas movem 1 mm (com Shift, 0,1 mm) e Delete remove o elemento.
                </p>
              </Col>
              <Col lg={5} onBlur={() => changeHistory({ type: 'sealed' })}>
                <ElementList
                  layout={layout}
                  boxes={boxes}
                  selected={selected}
                  onSelect={setChosen}
                  onAdd={add}
                  onAddImage={(file) => uploadImage(file, { kind: 'add' })}
                  uploading={uploading}
                />
                <ElementProperties
                  layout={layout}
                  index={selected}
                  boxes={boxes}
                  images={images}
                  uploading={uploading}
                  onReorder={reorder}
                  onRemove={remove}
                  onChange={changeElement}
                  onRename={(index, id) => change(renameElement(layout, index, id))}
                  onReplaceImage={(index, file) => {
                    const element = layout.elements[index];
                    if (element?.kind !== 'image') return;
                    uploadImage(file, { kind: 'replace', index, imageId: element.imageId });
                  }}
                />
              </Col>
            </Row>
          </>
        )}
      </div>
      <EditorConfirms
        confirming={confirming}
        label={label}
        page={layout.page}
        onClose={() => setConfirming(null)}
        onFit={(from) => change(fitElementsToPage(layout, from))}
      />
    </div>
  );
}
