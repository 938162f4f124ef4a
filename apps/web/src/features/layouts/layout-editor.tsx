import { useEffect, useMemo, useReducer, useState, type KeyboardEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import {
  DEFAULT_LAYOUTS,
  LAYOUT_DOCUMENT_LABELS,
  LAYOUT_FIELDS,
  layOut,
  layoutProblems,
  mmToPt,
  unprintableMessage,
  unprintableTexts,
  type Layout,
  type LayoutDocument,
  type LayoutElement,
  type LayoutValues,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { loadLayoutFont } from '../../ui/layout-drawing/layout-font';
import { unsavedWorkChanged } from '../../app/navigation/slice';
import { BackgroundField } from './background-field';
import { DocumentTabs, DOCUMENT_PANEL_ID, documentTabId } from './document-tabs';
import { canRedo, canUndo, editorHistory, startHistory } from './editor-history';
import { ElementForm } from './element-form';
import { ElementList } from './element-list';
import { elementBoxes } from './element-boxes';
import { LayoutActions } from './layout-actions';
import {
  addElement,
  addImageElement,
  elementLabel,
  placeElement,
  removeElement,
  renameElement,
  reorderElement,
  replaceElement,
  resizeElement,
  roundMm,
  sameLayout,
  withBackground,
  type AddableKind,
} from './layout-edits';
import { exportLayout, readLayoutFile } from './layout-file';
import { readLayoutImage } from './layout-image';
import { PageSizeField } from './page-size-field';
import { Preview, type Position, type Size } from './preview';
import { PrintTestStatus } from './print-test-status';
import { SheetField } from './sheet-field';
import { withSheet } from './sheets';
import {
  layoutDocumentChosen,
  layoutImageErrorDismissed,
  layoutImageRefused,
  layoutImageUploadRequested,
  layoutPrintTestRequested,
  layoutRestoreRequested,
  layoutSaveRequested,
  selectLayouts,
} from './slice';

const NO_VALUES: LayoutValues = {};
const HELP_ID = 'layout-preview-help';

type Confirming = { kind: 'restore' } | { kind: 'document'; document: LayoutDocument } | null;

/** What an upload is for: a new image element, the image of the element at `index`, the background. */
type UploadPurpose =
  { kind: 'add' } | { kind: 'replace'; index: number; imageId: string } | { kind: 'background' };
interface PendingUpload {
  requestId: string;
  purpose: UploadPurpose;
}
let uploads = 0;

const isTextField = (target: EventTarget) =>
  target instanceof HTMLElement && target.closest('input, textarea, select') !== null;

/**
 * The editor of one document's layout: it starts from what the server holds (the page remounts it
 * for each load), keeps its unsaved changes and their history, and hands the layout to the sagas
 * on Salvar and 'Imprimir teste'.
 */
export function LayoutEditor() {
  const dispatch = useAppDispatch();
  const {
    document,
    dto,
    sample,
    loading,
    saving,
    saveError,
    restoring,
    printing,
    printJob,
    images,
    uploadingImage,
    imageError,
    uploadedImage,
  } = useAppSelector(selectLayouts);
  const [history, changeHistory] = useReducer(
    editorHistory<Layout>,
    dto?.layout ?? DEFAULT_LAYOUTS[document],
    startHistory<Layout>,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [savePressed, setSavePressed] = useState(false);
  const [importProblems, setImportProblems] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [readingImage, setReadingImage] = useState(false);
  /** This editor's upload under way: the server's answer places its image (or swaps one). */
  const [pendingUpload, setPendingUpload] = useState<PendingUpload | null>(null);

  const layout = history.present;
  const values = sample?.values ?? NO_VALUES;
  const ops = useMemo(() => layOut(layout, values), [layout, values]);
  const boxes = useMemo(() => elementBoxes(layout, values), [layout, values]);
  const problems = useMemo(() => layoutProblems(layout), [layout]);
  const selected = chosen !== null && chosen < layout.elements.length ? chosen : null;
  const dirty = dto !== null && !sameLayout(layout, dto.layout);
  const label = LAYOUT_DOCUMENT_LABELS[document];
  const uploading = readingImage || uploadingImage;
  // An imported layout (or one from another event) may place images this event does not have:
  // it loads, each shows as a grey box, and the server refuses to save it until they are sent.
  const missingImages = useMemo(
    () => [
      ...(layout.background && !images[layout.background.imageId]
        ? ['O fundo não está neste evento: envie-o de novo.']
        : []),
      ...layout.elements.flatMap((element, index) =>
        element.kind === 'image' && !images[element.imageId]
          ? [`A imagem do elemento ${index + 1} não está neste evento: envie-a de novo.`]
          : [],
      ),
    ],
    [layout, images],
  );

  // What of the sample will not print (a name in a script the font lacks): said before printing.
  const unprintable = useMemo(
    () => unprintableTexts(values, LAYOUT_FIELDS[document]).map(unprintableMessage),
    [values, document],
  );
  useEffect(() => void loadLayoutFont(), []);

  // The menu asks before leaving (or signing out) while the layout holds unsaved changes.
  useEffect(() => {
    dispatch(unsavedWorkChanged(dirty ? 'O layout' : null));
  }, [dirty, dispatch]);
  useEffect(() => () => void dispatch(unsavedWorkChanged(null)), [dispatch]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: Layout, group?: string) =>
    changeHistory({ type: 'changed', value: next, ...(group ? { group } : {}) });
  const changeElement = (index: number, element: LayoutElement, group?: string) => {
    if (element !== layout.elements[index]) change(replaceElement(layout, index, element), group);
  };
  const undo = () => changeHistory({ type: 'undone' });
  const redo = () => changeHistory({ type: 'redone' });

  // The server took this editor's image: it is placed (or swapped in) as one step of the history.
  if (pendingUpload && uploadedImage?.requestId === pendingUpload.requestId) {
    setPendingUpload(null);
    const { purpose } = pendingUpload;
    const { image } = uploadedImage;
    if (purpose.kind === 'background') {
      change(withBackground(layout, image.id));
    } else if (purpose.kind === 'add') {
      const added = addImageElement(layout, image);
      change(added.layout);
      setChosen(added.index);
    } else {
      // Swapped only if the element still shows the image it had when 'Trocar imagem' was pressed.
      const target = layout.elements[purpose.index];
      if (target?.kind === 'image' && target.imageId === purpose.imageId) {
        change(replaceElement(layout, purpose.index, { ...target, imageId: image.id }));
      }
    }
  }

  /** An image (or a background's PDF) checked here (type, size), read and sent by the saga. */
  const uploadImage = (file: File, purpose: UploadPurpose) => {
    setReadingImage(true);
    void readLayoutImage(file, purpose.kind === 'background' ? 'background' : 'element').then(
      (read) => {
        setReadingImage(false);
        if ('problem' in read) {
          dispatch(layoutImageRefused(read.problem));
          return;
        }
        const requestId = `imagem-${++uploads}`;
        setPendingUpload({ requestId, purpose });
        dispatch(layoutImageUploadRequested({ requestId, dataUrl: read.dataUrl }));
      },
    );
  };

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

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere in the editor but in a field (whose own undo runs).
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextField(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
    else return;
    event.preventDefault();
  };

  const shownProblems = [...(savePressed ? problems : []), ...(saveError ? [saveError] : [])];
  const selectedElement = selected === null ? undefined : layout.elements[selected];
  const previewLabel =
    `Pré-visualização do layout de ${label}, ${layout.page.widthMm} × ${layout.page.heightMm} mm` +
    (selectedElement ? `; selecionado: ${elementLabel(selectedElement, document)}` : '');

  return (
    <div onKeyDown={onKeyDown}>
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
              <PageSizeField
                page={layout.page}
                onChange={(page, group) => change({ ...layout, page }, group)}
              />
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
            {shownProblems.length > 0 && (
              <Alert variant="danger">
                <p className="fw-semibold mb-1">O layout tem problemas:</p>
                <ul className="mb-0">
                  {shownProblems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {imageError && (
              <Alert
                variant="danger"
                dismissible
                onClose={() => dispatch(layoutImageErrorDismissed())}
              >
                <span className="fw-semibold">Imagem não enviada.</span> {imageError}
              </Alert>
            )}
            {missingImages.length > 0 && (
              <Alert variant="warning">
                <p className="fw-semibold mb-1">Imagens a enviar de novo:</p>
                <ul className="mb-0">
                  {missingImages.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {unprintable.length > 0 && (
              <Alert variant="warning">
                <p className="fw-semibold mb-1">Caracteres que a fonte não tem:</p>
                <ul className="mb-0">
                  {unprintable.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {importProblems && (
              <Alert variant="danger" dismissible onClose={() => setImportProblems(null)}>
                <p className="fw-semibold mb-1">Não foi possível importar o arquivo:</p>
                <ul className="mb-0">
                  {importProblems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Alert>
            )}
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
                {selected === null || !selectedElement ? (
                  <p className="small text-body-secondary">
                    Selecione um elemento na lista ou na pré-visualização para editá-lo.
                  </p>
                ) : (
                  <section aria-labelledby="layout-properties-title">
                    <div className="d-flex flex-wrap align-items-center gap-1 mb-2">
                      <h2 id="layout-properties-title" className="h6 mb-0 me-auto">
                        Propriedades
                      </h2>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={!reorderElement(layout, selected, -1)}
                        onClick={() => reorder(selected, -1)}
                      >
                        Para trás
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={!reorderElement(layout, selected, 1)}
                        onClick={() => reorder(selected, 1)}
                      >
                        Para frente
                      </Button>
                      <Button size="sm" variant="outline-danger" onClick={() => remove(selected)}>
                        Remover elemento
                      </Button>
                    </div>
                    <ElementForm
                      key={selected}
                      layout={layout}
                      index={selected}
                      topMm={roundMm((boxes[selected]?.top ?? 0) / mmToPt(1))}
                      onChange={(element, group) =>
                        changeElement(selected, element, group && `${selected}:${group}`)
                      }
                      onRename={(id) => change(renameElement(layout, selected, id))}
                      images={images}
                      uploading={uploading}
                      onReplaceImage={(file) => {
                        if (selectedElement.kind !== 'image') return;
                        const { imageId } = selectedElement;
                        uploadImage(file, { kind: 'replace', index: selected, imageId });
                      }}
                    />
                  </section>
                )}
              </Col>
            </Row>
          </>
        )}
      </div>
      <ConfirmDialog
        show={confirming?.kind === 'restore'}
        title="Restaurar padrão"
        text={`O layout de ${label} deste evento volta ao padrão do Balcão. O layout salvo e as alterações não salvas serão perdidos.`}
        confirmLabel="Restaurar"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          dispatch(layoutRestoreRequested());
        }}
      />
      <ConfirmDialog
        show={confirming?.kind === 'document'}
        title="Descartar alterações?"
        text={`As alterações não salvas do layout de ${label} serão perdidas.`}
        confirmLabel="Descartar"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.kind === 'document') dispatch(layoutDocumentChosen(confirming.document));
          setConfirming(null);
        }}
      />
    </div>
  );
}
