import type { z } from 'zod';
import { AppError } from './errors.ts';

export interface ValidationIssue {
  path: string;
  message: string;
}

export function toIssues(error: z.ZodError, prefix?: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((part) => part !== undefined && part !== '').join('.'),
    message: issue.message,
  }));
}

/** Parses a request part with a contracts schema; a 400 `invalid_request` listing every problem otherwise. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'query' | 'params'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError(400, 'invalid_request', `Invalid request ${part}`, toIssues(result.error, part));
}

/** Path parameters that do not fit `schema` name nothing: `notFoundError` (a 404, the answer an unknown id gets). */
export function parseParamsOr<S extends z.ZodType>(schema: S, params: unknown, notFoundError: () => AppError): z.output<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw notFoundError();
}
