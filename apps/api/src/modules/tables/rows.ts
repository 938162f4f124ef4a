import type { RowRef } from '@balcao/contract';
import { toIsoInstant } from '../../dates.ts';
import type { Raw } from './resource.ts';

/** Helpers for resources' `toRow`: records come back loosely typed from the generic query. */

export const dated = (raw: Raw) => ({
  id: Number(raw.id),
  dateCreated: toIsoInstant(String(raw.date_created)),
  dateUpdated: toIsoInstant(String(raw.date_updated)),
});

export const text = (value: unknown): string => String(value ?? '');

export const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export const ref = (id: unknown, name: unknown): RowRef | null =>
  id === null || id === undefined ? null : { id: Number(id), name: text(name) };
