import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { withCheckDigits, type Permission } from '@balcao/contract';
import type { Database } from '../../src/db/types.ts';
import type { ParticipantTable } from '../../src/db/tables/participants.ts';
import type { TestContext } from './test-app.ts';
import { bearer, createUser, login, uniqueName } from './fixtures.ts';

const STAMP = '2025-03-01T12:00:00.000Z';

let cpfSequence = 100_000_000;
/** A fresh valid CPF (11 digits). */
export const newCpf = (): string => withCheckDigits(String(++cpfSequence));

export async function createCourse(db: Kysely<Database>, serial: number, name?: string) {
  const { id } = await db
    .insertInto('courses')
    .values({
      name: name ?? uniqueName('Curso '),
      serial,
      date_created: STAMP,
      date_updated: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type ParticipantFixture = Partial<
  Pick<
    ParticipantTable,
    'cpf' | 'name' | 'status' | 'center_id' | 'courseware_id' | 'usual_name'
  > & { badge: boolean }
>;

export async function createParticipant(
  db: Kysely<Database>,
  eventId: number,
  fixture: ParticipantFixture = {},
) {
  const cpf = fixture.cpf ?? newCpf();
  const { id } = await db
    .insertInto('participants')
    .values({
      event_id: eventId,
      cpf,
      name: fixture.name ?? uniqueName('Participante '),
      status: fixture.status ?? 'OK',
      center_id: fixture.center_id ?? null,
      courseware_id: fixture.courseware_id ?? null,
      usual_name: fixture.usual_name ?? null,
      badge: fixture.badge ?? false,
      date_created: STAMP,
      date_updated: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, cpf };
}

export async function createCourseware(
  db: Kysely<Database>,
  courseId: number,
  centerId: number,
  serial: number,
  status: Database['coursewares']['status'] = 'PRINTED',
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('coursewares')
    .values({
      id,
      course_id: courseId,
      center_id: centerId,
      serial,
      status,
      date_created: STAMP,
      date_updated: STAMP,
    })
    .execute();
  return id;
}

export interface JsonCaller {
  userId: number;
  username: string;
  headers: Record<string, string>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Signs in a new user with these permissions and calls the API as them with JSON bodies. */
export async function jsonCaller(
  t: TestContext,
  permissions: readonly Permission[],
): Promise<JsonCaller> {
  const user = await createUser(t.db, { permissions });
  const headers = bearer((await login(t.app, user)).access_token);
  return {
    userId: user.id,
    username: user.username,
    headers,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, payload) =>
      t.app.inject({
        method: 'POST',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
