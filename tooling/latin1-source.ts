/**
 * Script sources V8 keeps at one byte a character. V8 holds every loaded script's source as a
 * string: one byte a character while every character is Latin-1, two otherwise. One dash in one
 * comment made the server's 5 MB bundle 10 MB of its heap, and the web's server build 3 MB.
 *
 * `latin1Source` turns what is not Latin-1 in comments into `?`, one for one, so a source map
 * of the code as printed still fits; only when literals hold some too (the web's server build:
 * language names, help texts) does it re-print the file with esbuild, which escapes them
 * (charset ascii) in strings and templates. What is left then is in a tagged template's raw
 * text, which the tag may read, or in a regular expression: that fails the build, and the
 * source must change.
 */
import { parse } from 'acorn';
import { transform } from 'esbuild';

// A UTF-16 unit above 0xff (no u flag: an astral character is two, as columns count it); the global one replaces each.
const NOT_LATIN1 = /[\u0100-\uffff]/;
const EACH_NOT_LATIN1 = new RegExp(NOT_LATIN1.source, 'g');

/** `code` (an ES module) with every character Latin-1; `name` names it in the error. */
export async function latin1Source(code: string, name: string): Promise<string> {
  if (!NOT_LATIN1.test(code)) return code;
  let out = blankComments(code);
  if (NOT_LATIN1.test(out)) out = blankComments((await transform(out, { loader: 'js', format: 'esm', charset: 'ascii' })).code);
  const at = out.search(NOT_LATIN1);
  // Only the excerpt: after a re-print, lines are not the file's.
  if (at >= 0) throw new Error(`${name}: a character outside Latin-1 in a tagged template or a regular expression, at ${JSON.stringify(out.slice(Math.max(0, at - 40), at + 10))}; write it in ASCII`);
  return out;
}

/** Every character of a comment outside Latin-1 as `?` (each UTF-16 unit, so columns stay). */
function blankComments(code: string): string {
  const comments: [number, number][] = [];
  parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true, onComment: (_block, _text, start, end) => void comments.push([start, end]) });
  let out = '';
  let from = 0;
  for (const [start, end] of comments) {
    out += code.slice(from, start) + code.slice(start, end).replace(EACH_NOT_LATIN1, '?');
    from = end;
  }
  return out + code.slice(from);
}
