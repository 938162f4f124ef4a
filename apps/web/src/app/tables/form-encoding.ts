import type { WirePayload, WireValue } from '@balcao/contract';

function append(params: URLSearchParams, key: string, value: WireValue | { id: string }): void {
  if (typeof value === 'string') {
    params.append(key, value);
  } else if (Array.isArray(value)) {
    // An empty list is posted as `key=` so the server clears it (docs/table-protocol.md).
    if (value.length === 0) params.append(key, '');
    value.forEach((item, index) => append(params, `${key}[${index}]`, item));
  } else {
    params.append(`${key}[id]`, value.id);
  }
}

/**
 * The table editor's form body: `data[ROWID][field]=...`, references as `[city][id]`, lists as
 * `[profiles][0][id]` (docs/table-protocol.md). Row id '0' on insert.
 */
export function encodeTableForm(rowId: string, payload: WirePayload): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(payload)) {
    append(params, `data[${rowId}][${field}]`, value);
  }
  return params;
}
