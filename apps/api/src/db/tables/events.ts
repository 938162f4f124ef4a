import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Instant, BoolWithDefault, Dated } from './columns.ts';

/** Events and their courses (events). */

export interface CourseTable extends Dated {
  id: Generated<number>;
  serial: number;
  name: string;
}

export interface EventTable extends Dated {
  id: Generated<number>;
  name: string;
  selected: BoolWithDefault;
  endereco: string | null;
  local: string | null;
  valor_cents: ColumnType<number, number | undefined, number>;
  inicio: Instant | null;
  fim: Instant | null;
  link_courseware: BoolWithDefault;
  print_enabled: BoolWithDefault;
  /** Hex salt of the offline replica's CPF lookup keys (scrypt); made on the first replica read. */
  offline_secret: ColumnType<string | null, string | null | undefined, string | null>;
  course_id: number | null;
}

export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type EventUpdate = Updateable<EventTable>;
