import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * A desk's scan field: where a USB scanner's keys (a code, then Enter) must land, whatever the
 * clerk clicked last. Every scan desk (accreditation, courseware, sale, cashier, delivery) calls
 * `useScanField` once; dialogs give the focus back through `scanDialogFocus`.
 */
type FieldGetter = () => HTMLInputElement | null;

/** A desk on screen: its scan field, and whether it is looking something up (keys wait). */
interface Desk {
  current: FieldGetter;
  busy: () => boolean;
}

/** The scan fields of the desks on screen; the last one shown takes the scans. */
const desks: Desk[] = [];

/**
 * Keys typed while the desk looks something up (a CPF's participant, a link, a print), in order:
 * pressed again once its answer has moved the cursor, so none lands in the field the answer
 * replaces or is dropped by a desk that ignores Enter while busy (issue #47).
 */
const held: string[] = [];
/** The keys `replayHeld` presses: the hold lets them through. */
const replayed = new WeakSet<Event>();

/** False for a desk mounted in a hidden tab (the combined store screens). */
export const DeskShownContext = createContext(true);

/** A scanner types faster than this between keys; no person presses Enter this soon after one. */
export const SCAN_KEY_GAP_MS = 100;
/** Dialogs and the folded menu's panel: what is done there stays there. */
const OVERLAY = '.modal, .offcanvas';
/** A message dialog ('Sucesso!', 'Ocorreu um erro') on a desk: a scan closes it and goes on. */
const SCAN_MESSAGE = 'scan-message';
const TEXT_ENTRY =
  'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable]';

function scanField(): HTMLInputElement | null {
  const field = desks.at(-1)?.current() ?? null;
  return field && field.isConnected && !field.disabled ? field : null;
}

/** The focus is on a control of the scan field's own desk (its tab, or the page). */
function deskHasFocus(): boolean {
  const field = scanField();
  const active = document.activeElement;
  const desk = field?.closest('[role=tabpanel]') ?? field?.closest('main');
  return Boolean(desk && active && active !== document.body && desk.contains(active));
}

/** Focuses the desk's scan field with its text selected, so the next scan replaces it. */
export function focusScanField(): boolean {
  const field = scanField();
  if (!field) return false;
  field.focus();
  field.select();
  return true;
}

/**
 * For a message dialog that may open on a desk: closing it gives the focus back to the scan
 * field, its text selected (elsewhere the modal's own restoreFocus does, as before). A scan typed
 * while it is open closes it and lands in the field, so the focus may leave it there.
 */
export function scanDialogFocus(): {
  className: string;
  restoreFocus: boolean;
  enforceFocus: boolean;
  onExited: () => void;
} {
  const onDesk = scanField() !== null;
  return {
    className: SCAN_MESSAGE,
    restoreFocus: !onDesk,
    enforceFocus: !onDesk,
    // Not when a scan already took the field: selecting its first keys would lose them.
    onExited: () => void (document.activeElement === scanField() || focusScanField()),
  };
}

const isPrintable = (event: KeyboardEvent) =>
  event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;

function isTextEntry(element: Element | null): boolean {
  return element instanceof HTMLElement && element.matches(TEXT_ENTRY) && !element.closest(OVERLAY);
}

/** The last key of a scanner's code not yet ended by an Enter; -Infinity once one ended it. */
let lastPrintableAt = -Infinity;

const isButton = (element: Element | null) => Boolean(element?.closest('button, [role=button], a'));

/** Keys wait while the shown desk is busy, and after it until the waiting ones are pressed. */
function holding(): boolean {
  const desk = desks.at(-1);
  return Boolean(desk && (desk.busy() || held.length > 0));
}

/** Types `text` into a text field as the browser would: at the caret, over the selection. */
function insertText(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const next = field.value.slice(0, start) + text + field.value.slice(end);
  if (field.maxLength >= 0 && next.length > field.maxLength) return;
  // The prototype's setter, so React sees the input event as a change (its tracker compares).
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, next);
  // Fields without a caret (type number, email) answer null and refuse a range.
  if (field.selectionStart !== null)
    field.setSelectionRange(start + text.length, start + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Presses a held key where the focus is now, as the keyboard would have. */
function pressKey(key: string): void {
  const target = document.activeElement ?? document.body;
  const keydown = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  replayed.add(keydown);
  target.dispatchEvent(keydown);
  if (keydown.defaultPrevented) return;
  // The keydown may have moved the focus (a code's first key on a button goes to the scan field).
  const active = document.activeElement;
  if (key === 'Enter') {
    if (active instanceof HTMLElement && isButton(active)) active.click();
    else if (active instanceof HTMLInputElement) active.form?.requestSubmit();
  } else if (
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    isTextEntry(active)
  ) {
    insertText(active, key);
  }
}

/**
 * Presses the held keys one at a time, each after the page has answered the one before (an Enter
 * that starts another lookup holds the rest again).
 */
function replayHeld(): void {
  if (desks.at(-1)?.busy()) return;
  const key = held.shift();
  if (key === undefined) return;
  pressKey(key);
  setTimeout(replayHeld);
}

/** Closes a desk's message dialog by its own button, as the clerk would. */
function closeMessage(dialog: Element): void {
  dialog.querySelector<HTMLButtonElement>('.modal-footer button')?.click();
}

/**
 * Keys typed while the focus is on a button, nowhere (the page body) or a desk's message dialog
 * go to the scan field, its old text selected so the scan replaces it; an Enter on a button right
 * after a scanner's keys (a dialog's, say) does not press it.
 */
function onKeyDown(event: KeyboardEvent) {
  const active = document.activeElement;
  const scanKey = isPrintable(event) || event.key === 'Enter';
  if (scanKey && !replayed.has(event) && !active?.closest(OVERLAY) && holding()) {
    event.preventDefault();
    event.stopPropagation();
    held.push(event.key);
    return;
  }
  if (isPrintable(event)) {
    lastPrintableAt = event.timeStamp;
    const message = active?.closest(`.${SCAN_MESSAGE}`);
    if (message && scanField()) {
      closeMessage(message);
      focusScanField();
    } else if (!isTextEntry(active) && !active?.closest(OVERLAY)) focusScanField();
  } else if (event.key === 'Enter') {
    const scannersEnter = event.timeStamp - lastPrintableAt < SCAN_KEY_GAP_MS;
    // One Enter ends a scan: the next is a person's (an Enter on the highlighted 'Imprimir
    // crachá' just after a fast lookup was taken for the scanner's and swallowed).
    lastPrintableAt = -Infinity;
    if (scannersEnter && isButton(active)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
}

/** A click on a button leaves the focus on it (or on the body): the next scan would press it. */
function onClick(event: MouseEvent) {
  // A pointer's click between keys is a person's: their next Enter is not a scanner's.
  if (event.detail > 0) lastPrintableAt = -Infinity;
  const button = (event.target as Element | null)?.closest?.('button, [role=button], a');
  if (!button || button.closest(OVERLAY)) return;
  // After the click's own work (a panel that takes the focus, a dialog): only if nothing did.
  // A button that opens something ('Menu', a menu group, a tab) keeps the focus for the keyboard;
  // a tab's desk takes it when shown.
  if (button.hasAttribute('aria-controls')) return;
  setTimeout(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || active === button) focusScanField();
  });
}

/**
 * Makes `field` the desk's scan field while the desk is shown: scans typed elsewhere land in it,
 * clicks give it the focus back, and a desk shown again (its tab chosen) focuses it. While `busy`
 * (a lookup on its way) the keys typed wait, and are pressed once the answer has moved the cursor.
 */
export function useScanField(field: FieldGetter, busy = false): void {
  const shown = useContext(DeskShownContext);
  const getter = useRef(field);
  const busyNow = useRef(busy);
  useEffect(() => {
    getter.current = field;
  });
  useEffect(() => {
    busyNow.current = busy;
    // After the answer's own effects (the cursor moved): every effect of a commit runs first.
    if (!busy && held.length > 0) setTimeout(replayHeld);
  }, [busy]);
  useEffect(() => {
    if (!shown) return;
    const desk: Desk = { current: () => getter.current(), busy: () => busyNow.current };
    desks.push(desk);
    if (desks.length === 1) {
      document.addEventListener('keydown', onKeyDown, true);
      document.addEventListener('click', onClick, true); // before a handler stops it
    }
    // A dialog opened with the desk (a sale's 'Sucesso!') keeps the focus; closing it gives it
    // back. So does the desk's own choice ('Entregar' on the order it just selected).
    if (!document.querySelector('.modal') && !deskHasFocus()) focusScanField();
    return () => {
      desks.splice(desks.indexOf(desk), 1);
      if (desks.length === 0) {
        held.length = 0;
        document.removeEventListener('keydown', onKeyDown, true);
        document.removeEventListener('click', onClick, true);
      }
    };
  }, [shown]);
}
