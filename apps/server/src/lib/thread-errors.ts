/**
 * Errors across a worker thread's messages: an `Error` does not survive the structured clone
 * with its fields, so a thread sends its message and plain fields (PostgreSQL's `code`,
 * `constraint`, …) and the other side makes an `Error` of them again.
 */
export type ErrorFields = { message: string; name: string } & Record<string, string | number | boolean>;

/** An error's message, name and plain fields. */
export function errorFields(error: unknown): ErrorFields {
  const fields: ErrorFields = { message: error instanceof Error ? error.message : String(error), name: error instanceof Error ? error.name : 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  }
  return fields;
}

/** The error `errorFields` described. */
export function asError(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  return Object.assign(new Error(message), rest, { name });
}
