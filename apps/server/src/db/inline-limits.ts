import {
  type KyselyPlugin,
  LimitNode,
  OffsetNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  type UnknownRow,
  ValueNode,
} from "kysely";

/**
 * Writes a select's integer `LIMIT` and `OFFSET` into the SQL text instead of binding them.
 * SQLite recompiles a statement whose bindings may change its plan on every step after new
 * bindings, and a bound `LIMIT` is such a binding: a file's lookup by name in its folder
 * (`… order by id limit ?`) took 44 µs bound against 5 µs written out, all of it the
 * recompiling (decision 0084). Only the outermost select's are written out (Kysely's
 * transformer would copy every query's whole tree to reach a subquery's, which cost more
 * than it saved), and only safe non-negative integers; anything else stays a parameter.
 */
export class InlineLimitsPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || (!node.limit && !node.offset)) return node;
    const limit =
      node.limit && inlined(node.limit.limit) ? LimitNode.create(immediate(node.limit.limit)) : node.limit;
    const offset =
      node.offset && inlined(node.offset.offset)
        ? OffsetNode.create(immediate(node.offset.offset))
        : node.offset;
    return Object.freeze({ ...node, limit, offset });
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function inlined(node: OperationNode): node is ValueNode & { value: number } {
  return ValueNode.is(node) && Number.isSafeInteger(node.value) && (node.value as number) >= 0;
}

const immediate = (node: ValueNode) => ValueNode.createImmediate(node.value);
