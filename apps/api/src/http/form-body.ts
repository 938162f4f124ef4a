import { invalidRequest } from './api-error.ts';

// Deep enough for `data[ROWID][city][id]` and `data[ROWID][profiles][][id]` from the table editors.
const MAX_DEPTH = 6;
const MAX_PARAMETERS = 10_000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A field's name as an error quotes it: a name of thousands of brackets is not echoed whole. */
const shown = (key: string): string => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

type FormValue = string | FormValue[] | FormObject;
interface FormObject {
  [key: string]: FormValue;
}

/**
 * Parses `application/x-www-form-urlencoded` bodies with bracket notation (docs/table-protocol.md).
 *
 * qs (the usual choice) gets two table-editor shapes wrong: it turns `data[5][name]` into a
 * compacted array, losing the row id 5, and merges `profiles[][id]=1&profiles[][id]=2` into one
 * element. Here:
 * - `name[0]...name[n-1]` (dense from 0, as serializers write lists) becomes an array;
 *   any other numeric keys stay object keys, so `data[5]` keeps row id 5;
 * - `name[]` appends, and a repeated field under `name[][field]` starts a new element (as Rails);
 * - a repeated plain key becomes a list.
 */
export function parseFormBody(body: string): Record<string, unknown> {
  const params = new URLSearchParams(body);
  const root: FormObject = {};
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PARAMETERS) throw invalidRequest('O formulário tem campos demais.');
    assign(root, keySegments(key), value, key);
  }
  return indexedObjectsToArrays(root) as Record<string, unknown>;
}

/** 'data[5][city][id]' -> ['data', '5', 'city', 'id']; '[]' gives ''. */
function keySegments(key: string): string[] {
  const match = /^([^[\]]*)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return [key]; // not bracket notation: the whole text is the name
  const brackets = match[2] ?? '';
  // Counted before splitting: splitting a name of 100,000 brackets took the event loop for 0.6 s.
  let depth = 0;
  for (let at = brackets.indexOf('['); at !== -1; at = brackets.indexOf('[', at + 1)) {
    if (++depth > MAX_DEPTH) {
      throw invalidRequest(`O campo '${shown(key)}' passa de ${MAX_DEPTH} níveis de aninhamento.`);
    }
  }
  return [match[1], ...[...brackets.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
}

function assign(
  container: FormObject | FormValue[],
  segments: string[],
  value: string,
  key: string,
): void {
  if (Array.isArray(container)) {
    if (segments.length === 0) {
      container.push(value);
      return;
    }
    const last = container.at(-1);
    const reuse = isObject(last) && !hasPath(last, segments);
    const element: FormObject = reuse ? last : {};
    if (!reuse) container.push(element);
    assign(element, segments, value, key);
    return;
  }

  const [segment = '', ...rest] = segments;
  if (FORBIDDEN_KEYS.has(segment)) throw invalidRequest(`O campo '${shown(key)}' não é permitido.`);
  const current = Object.hasOwn(container, segment) ? container[segment] : undefined;
  if (rest.length === 0) {
    if (current === undefined) container[segment] = value;
    else if (Array.isArray(current)) current.push(value);
    else if (typeof current === 'string') container[segment] = [current, value];
    else throw invalidRequest(`O campo '${shown(key)}' mistura valor e objeto.`);
    return;
  }
  const wantsList = rest[0] === '';
  const child = current ?? (wantsList ? [] : {});
  if (typeof child === 'string' || Array.isArray(child) !== wantsList) {
    throw invalidRequest(`O campo '${shown(key)}' mistura lista, objeto ou valor.`);
  }
  container[segment] = child;
  assign(child, wantsList ? rest.slice(1) : rest, value, key);
}

function isObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** Whether a list element already holds this field, so the next one must start a new element. */
function hasPath(object: FormObject, segments: string[]): boolean {
  const [segment = '', ...rest] = segments;
  const child = Object.hasOwn(object, segment) ? object[segment] : undefined;
  if (child === undefined) return false;
  if (rest.length === 0) return true;
  if (rest[0] === '') return false; // a nested list keeps growing inside the same element
  return isObject(child) ? hasPath(child, rest) : true;
}

const isDenseIndexList = (keys: string[]): boolean =>
  keys.length > 0 && keys.every((key, position) => key === String(position));

function indexedObjectsToArrays(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(indexedObjectsToArrays);
  const entries = Object.entries(value).map(
    ([key, item]) => [key, indexedObjectsToArrays(item)] as const,
  );
  // Integer-like keys come first, in ascending order, in every object: the check sees 0, 1, 2...
  if (isDenseIndexList(entries.map(([key]) => key))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}
