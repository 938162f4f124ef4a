import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Dated } from './columns.ts';

/** Centers, countries and cities (tables). */

export interface CenterTable extends Dated {
  id: Generated<number>;
  name: string;
  serial: number;
  api_token: string;
  city_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** '#rrggbb' ('Cor'): the badges' colour bands that follow the center. */
  color: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CountryTable extends Dated {
  id: Generated<number>;
  name: string;
}

export interface CityTable extends Dated {
  id: Generated<number>;
  name: string;
  country_id: number;
}

export type Center = Selectable<CenterTable>;
export type NewCenter = Insertable<CenterTable>;
