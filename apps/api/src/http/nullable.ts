import { Type, type TSchema } from '@fastify/type-provider-typebox';

/** A route schema's `T | null`: the one way answers say a value may be absent. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
