import { Type } from '@fastify/type-provider-typebox';

/**
 * The largest id (and count) a request may carry: PostgreSQL's `integer`, the type of every id
 * column. Without it `99999999999999999999` is an integer to the validator (1e20) and reaches
 * the database, where PostgreSQL refuses it with an error (a 500) instead of a 404 or a 400.
 */
export const ID_MAX = 2_147_483_647;

/** A row id in a path, query or body. */
export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX });
