/**
 * Security-question answers are compared after normalising what people type differently
 * from one time to the next: Unicode form (NFKC), case, and spaces (trimmed, runs of
 * whitespace made one space). "  Rex   the Dog" and "rex the dog" are the same answer.
 */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en-US');
}
