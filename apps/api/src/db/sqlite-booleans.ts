import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/**
 * better-sqlite3 refuses to bind JavaScript booleans; SQLite stores them as 0/1 anyway.
 * Converting at the driver edge lets queries write `true`/`false` the same way for both dialects.
 */
export class SqliteBooleansPlugin implements KyselyPlugin {
  readonly #transformer = new BooleansToIntegers();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const toInteger = (value: unknown): unknown => (typeof value === 'boolean' ? Number(value) : value);

class BooleansToIntegers extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: toInteger(node.value) };
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(toInteger) };
  }
}
