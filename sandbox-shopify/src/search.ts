// The subset of Shopify's search syntax that `orders(query:)` understands here: `field:value` terms with
// `:>`, `:>=`, `:<`, `:<=` on dates, quoted values, `-term` / `NOT term`, implicit or explicit `AND`, `OR`
// and parentheses. Fields: updated_at, created_at, tag, tag_not, name, source_name, status,
// fulfillment_status, id. An unknown field is ignored with a warning, as Shopify does.
import type { OrderRecord } from './types.js';

export type Predicate = (o: OrderRecord) => boolean;

export interface SearchWarning {
  field: string;
  message: string;
}

export class SearchError extends Error {}

type Token = { kind: 'lparen' | 'rparen' | 'or' | 'and' | 'not' } | { kind: 'term'; text: string };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'lparen' : 'rparen' });
      i++;
    } else {
      let text = '';
      while (i < query.length && !/[\s()]/.test(query[i]!)) {
        const q = query[i]!;
        if (q === "'" || q === '"') {
          const end = query.indexOf(q, i + 1);
          if (end < 0) throw new SearchError(`Unterminated quote in query: ${query}`);
          text += query.slice(i, end + 1);
          i = end + 1;
        } else {
          text += q;
          i++;
        }
      }
      if (text === 'OR') tokens.push({ kind: 'or' });
      else if (text === 'AND') tokens.push({ kind: 'and' });
      else if (text === 'NOT') tokens.push({ kind: 'not' });
      else tokens.push({ kind: 'term', text });
    }
  }
  return tokens;
}

const unquote = (v: string): string => v.replace(/^(['"])(.*)\1$/, '$2');

function dateTerm(field: string, op: string, raw: string, pick: (o: OrderRecord) => number): Predicate {
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms)) throw new SearchError(`Invalid date for ${field}: ${raw}`);
  switch (op) {
    case '>':
      return (o) => pick(o) > ms;
    case '>=':
      return (o) => pick(o) >= ms;
    case '<':
      return (o) => pick(o) < ms;
    case '<=':
      return (o) => pick(o) <= ms;
    default:
      return (o) => Math.floor(pick(o) / 1000) === Math.floor(ms / 1000);
  }
}

function term(text: string, warnings: SearchWarning[]): Predicate {
  const m = /^([a-z_]+):(>=|<=|>|<)?(.*)$/.exec(text);
  if (!m) {
    const word = unquote(text).toLowerCase();
    return (o) => o.name.toLowerCase().includes(word) || o.tags.some((t) => t.toLowerCase() === word);
  }
  const field = m[1] ?? '';
  const op = m[2] ?? '';
  const rawValue = m[3];
  const value = unquote(rawValue!);
  const lower = value.toLowerCase();
  switch (field) {
    case 'updated_at':
      return dateTerm(field, op, value, (o) => o.updatedAt);
    case 'created_at':
      return dateTerm(field, op, value, (o) => o.createdAt);
    case 'tag':
      return (o) => o.tags.some((t) => t.toLowerCase() === lower);
    case 'tag_not':
      return (o) => !o.tags.some((t) => t.toLowerCase() === lower);
    case 'name':
      return (o) => o.name.toLowerCase() === lower || o.name.toLowerCase() === `#${lower}`;
    case 'source_name':
      return (o) => o.sourceName.toLowerCase() === lower;
    case 'id':
      return (o) => String(o.id) === value.replace(/^gid:\/\/shopify\/Order\//, '');
    case 'status':
      if (lower === 'any') return () => true;
      if (lower === 'cancelled') return (o) => o.cancelledAt !== null;
      return (o) => o.cancelledAt === null;
    case 'fulfillment_status':
      if (lower === 'any') return () => true;
      if (lower === 'shipped' || lower === 'fulfilled') {
        return (o) => o.fulfillments.some((f) => f.status === 'SUCCESS');
      }
      return (o) => !o.fulfillments.some((f) => f.status === 'SUCCESS');
    default:
      warnings.push({ field, message: `Invalid search field for this query: ${field}` });
      return () => true;
  }
}

/** Parses `query` into a predicate; throws SearchError on a malformed query. */
export function parseSearch(query: string): { predicate: Predicate; warnings: SearchWarning[] } {
  const tokens = tokenize(query);
  const warnings: SearchWarning[] = [];
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];

  const unary = (): Predicate => {
    const t = tokens[pos++];
    if (!t) throw new SearchError(`Unexpected end of query: ${query}`);
    if (t.kind === 'not') {
      const inner = unary();
      return (o) => !inner(o);
    }
    if (t.kind === 'lparen') {
      const inner = or();
      if (tokens[pos++]?.kind !== 'rparen') throw new SearchError(`Missing ) in query: ${query}`);
      return inner;
    }
    if (t.kind !== 'term') throw new SearchError(`Unexpected ${t.kind.toUpperCase()} in query: ${query}`);
    if (t.text.startsWith('-') && t.text.length > 1) {
      const inner = term(t.text.slice(1), warnings);
      return (o) => !inner(o);
    }
    return term(t.text, warnings);
  };
  const and = (): Predicate => {
    const parts = [unary()];
    for (;;) {
      const t = peek();
      if (!t || t.kind === 'or' || t.kind === 'rparen') break;
      if (t.kind === 'and') pos++;
      parts.push(unary());
    }
    return (o) => parts.every((p) => p(o));
  };
  const or = (): Predicate => {
    const parts = [and()];
    while (peek()?.kind === 'or') {
      pos++;
      parts.push(and());
    }
    return (o) => parts.some((p) => p(o));
  };

  if (tokens.length === 0) return { predicate: () => true, warnings };
  const predicate = or();
  if (pos < tokens.length) throw new SearchError(`Unexpected ) in query: ${query}`);
  return { predicate, warnings };
}
