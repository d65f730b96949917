/**
 * A grammar of client code for property tests: small whole programs (TypeScript, some plain
 * JavaScript) that build edge-API URLs and send requests, assembled from the parts in grammar/.
 */
import fc from 'fast-check';
import { commentInsertionArb, insertComments } from './grammar/comments.js';
import { extraSnippetArb } from './grammar/extras.js';
import { ProgramBuilder, type Snippet } from './grammar/program.js';
import { requestSnippetArb } from './grammar/requests.js';
import type { GrammarOptions } from './grammar/urls.js';

export interface GeneratedProgram {
  fileName: 'snippet.ts' | 'snippet.js' | 'snippet.cjs';
  code: string;
}

function assemble(ts: boolean, snippets: readonly Snippet[]): GeneratedProgram {
  const program = new ProgramBuilder(ts);
  snippets.forEach((snippet, n) => snippet(program, n));
  return { fileName: ts ? 'snippet.ts' : 'snippet.js', code: program.source() };
}

/**
 * One to three requests and up to two other parts; with `comments`, up to four suppression
 * comments written between its tokens (grammar/comments.ts).
 */
export const programArb = (
  options: GrammarOptions = { escapes: true },
  { comments = false }: { comments?: boolean } = {},
): fc.Arbitrary<GeneratedProgram> =>
  fc
    .record({
      ts: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      requests: fc.array(requestSnippetArb(options), { minLength: 1, maxLength: 3 }),
      extras: fc.array(extraSnippetArb, { maxLength: 2 }),
      comments: comments ? fc.array(commentInsertionArb, { maxLength: 4 }) : fc.constant([]),
    })
    .map(({ ts, requests, extras, comments }) => {
      const program = assemble(ts, [...requests, ...extras]);
      return { ...program, code: insertComments(program.code, program.fileName, comments) };
    });
