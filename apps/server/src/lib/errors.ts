/**
 * An error with an HTTP answer. The error handler turns it into `{ code, message, details }`
 * (contracts `ApiErrorSchema`); anything else becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'not_found', message);

/** PostgreSQL SQLSTATE of a driver error (pg and PGlite both expose `code`). */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
