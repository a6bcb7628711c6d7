import type { ValidationError } from 'class-validator';

/** At most this many problems are named in one answer; the rest are counted. */
const MAX_PROBLEMS = 10;

/**
 * One sentence for class-validator's errors: every failed rule's message, a nested field's prefixed with
 * where it sits (`shipments[3]: row must not be greater than 10000000`), each said once.
 */
export function validationMessage(errors: ValidationError[]): string {
  const problems = new Set<string>();
  const stack = errors.map((error) => ({ error, at: '' }));
  // Depth is bounded: the request pipe refuses input nested deeper than 64 levels before validation.
  for (let i = 0; i < stack.length; i++) {
    const { error, at } = stack[i]!;
    for (const message of Object.values(error.constraints ?? {})) {
      problems.add(at ? `${at}: ${message}` : message);
    }
    const here = /^\d+$/.test(error.property)
      ? `${at}[${error.property}]`
      : at
        ? `${at}.${error.property}`
        : error.property;
    for (const child of error.children ?? []) stack.push({ error: child, at: here });
  }
  const list = [...problems];
  if (list.length === 0) return 'The request is not valid';
  const shown = list.slice(0, MAX_PROBLEMS).join('; ');
  const more = list.length - MAX_PROBLEMS;
  return more > 0 ? `${shown}; and ${more} more problem${more === 1 ? '' : 's'}` : shown;
}
