import { Injectable, ValidationPipe, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';

/** No body, query or parameter of ours nests deeper than this; deeper input is refused before validation. */
export const MAX_INPUT_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text can never be stored or compared: Postgres refuses NUL, and a lone surrogate is no character. */
export function unusableText(value: string): string | null {
  if (value.includes('\u0000')) return 'contains an invisible control character (NUL)';
  if (LONE_SURROGATE.test(value)) return 'contains a broken character (a lone UTF-16 surrogate)';
  return null;
}

/**
 * Walks a parsed value without recursion. Returns the first problem as a sentence naming the field, or
 * null. `nullAllowed` is false for JSON bodies: a null where a value is expected is never accepted.
 */
export function inputProblem(value: unknown, what: string, nullAllowed: boolean): string | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: what, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (v === null) {
      if (!nullAllowed) return `${path} must not be null`;
      continue;
    }
    if (typeof v === 'string') {
      const why = unusableText(v);
      if (why) return `${path} ${why}`;
      continue;
    }
    if (typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;
    }
    for (const [key, child] of Object.entries(v)) {
      const why = unusableText(key);
      if (why) return `A field name ${why}`;
      stack.push({ v: child, path: Array.isArray(v) ? `${path}[${key}]` : key, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * The one global pipe: refuses unusable input (too deep, NUL, lone surrogates, JSON nulls, a list where
 * one text is expected) with a 400 that says why, then hands over to class-validator.
 */
@Injectable()
export class RequestPipe implements PipeTransform {
  constructor(private readonly validation: ValidationPipe) {}

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const what = metadata.data ?? (metadata.type === 'body' ? 'The request body' : metadata.type);
      const problem = inputProblem(value, what, metadata.type !== 'body');
      if (problem) throw new AppError('VALIDATION_FAILED', problem);
      if (metadata.metatype === String && value !== undefined && typeof value !== 'string') {
        throw new AppError('VALIDATION_FAILED', `${what} must be a single text value`);
      }
    }
    return this.validation.transform(value, metadata);
  }
}
