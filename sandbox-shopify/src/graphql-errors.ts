// GraphQL errors in the words Shopify's server (graphql-ruby) uses, where they differ from graphql-js:
// an unknown field in a variable's input object, an unknown argument of an input literal, a field that
// does not exist on a type. All are answered with HTTP 200, `errors` and no `data`.
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

type Problem = { path: Array<string | number>; explanation: string };

/** Fields of `value` that `type` does not define, with their paths (nested objects and lists too). */
function undefinedFields(type: GraphQLInputType, value: unknown, path: Array<string | number>): Problem[] {
  if (value === null || value === undefined) return [];
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((v, i) => undefinedFields(inner.ofType, v, [...path, i]));
  }
  if (!isInputObjectType(inner) || typeof value !== 'object' || Array.isArray(value)) return [];
  const fields = inner.getFields();
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
    fields[key]
      ? undefinedFields(fields[key].type, v, [...path, key])
      : [{ path: [...path, key], explanation: `Field is not defined on ${inner.name}` }],
  );
}

/**
 * Shopify's answer to a variable whose input object has a field the version's schema does not define,
 * e.g. `callbackUrl` on 2026-07: "Variable $sub of type WebhookSubscriptionInput! was provided invalid
 * value for callbackUrl (Field is not defined on WebhookSubscriptionInput)" with `extensions.value` and
 * `extensions.problems`. Empty when every variable's fields are defined.
 */
export function undefinedVariableFields(
  schema: GraphQLSchema,
  op: OperationDefinitionNode,
  vars: Record<string, unknown>,
): Record<string, unknown>[] {
  const errors: Record<string, unknown>[] = [];
  for (const def of op.variableDefinitions ?? []) {
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    const name = def.variable.name.value;
    if (!type || !isInputObjectType(getNamedType(type)) || !(name in vars)) continue;
    const problems = undefinedFields(type, vars[name], []);
    if (problems.length === 0) continue;
    const which = problems.map((p) => `${p.path.join('.')} (${p.explanation})`).join(', ');
    errors.push({
      message: `Variable $${name} of type ${type.toString()} was provided invalid value for ${which}`,
      locations: def.loc ? [{ line: def.loc.startToken.line, column: def.loc.startToken.column }] : [],
      extensions: { code: 'INVALID_VARIABLE', value: vars[name], problems },
    });
  }
  return errors;
}

const NOT_DEFINED_BY_TYPE = /^Field "([^"]+)" is not defined by type "([^"]+)"\./;
const CANNOT_QUERY = /^Cannot query field "([^"]+)" on type "([^"]+)"\./;

/** A validation error of graphql-js in Shopify's words when Shopify words it differently; else as is. */
export function asShopifyValidationError(err: GraphQLError): Record<string, unknown> {
  const json = err.toJSON() as unknown as Record<string, unknown>;
  const locations = json.locations ?? [];
  const literal = NOT_DEFINED_BY_TYPE.exec(err.message);
  if (literal) {
    return {
      message: `InputObject '${literal[2]}' doesn't accept argument '${literal[1]}'`,
      locations,
      extensions: {
        code: 'argumentNotAccepted',
        name: literal[2],
        typeName: 'InputObject',
        argumentName: literal[1],
      },
    };
  }
  const field = CANNOT_QUERY.exec(err.message);
  if (field) {
    return {
      message: `Field '${field[1]}' doesn't exist on type '${field[2]}'`,
      locations,
      extensions: { code: 'undefinedField', typeName: field[2], fieldName: field[1] },
    };
  }
  if (!json.extensions || Object.keys(json.extensions).length === 0) {
    json.extensions = { code: 'BAD_REQUEST' };
  }
  return json;
}
