import type { CatalogueEntry } from '../catalogue/types.js';
import type { InFileFacts, PropertyReadFact, RawMatch } from '../facts.js';
import type { Confidence, FindingFix } from '../findings/finding.js';
import { words, type InFileDetector, type Route } from './detector.js';
import { nearbyKey, type NearbyWord } from './nearby-words.js';
import { escapeRegExp } from '../text/escape-regexp.js';

type ErrorShape = NonNullable<CatalogueEntry['match']['errorShapes']>[number];

/** Checks that rely on an error wrapper (the DNS record one): its code, its message, its chain field. */
export const errorShapes: InFileDetector = {
  // The code as a number literal, the message, the chain field.
  routes: (entry) =>
    (entry.match.errorShapes ?? []).flatMap((shape): Route[] => [
      words(String(shape.code)),
      ...(shape.message ? [words(shape.message)] : []),
      ...(shape.chainField ? [words(shape.chainField)] : []),
    ]),
  match: (entry, facts) => (entry.match.errorShapes ?? []).flatMap((shape) => errorShapeChecks(entry, shape, facts)),
};

/**
 * The words around a check of the code that make it this API's: a bare number is everyone's code
 * (1004 is also a WebSocket close code). The shape's context words (`dns`) or its chain field, in
 * the code around the check (its function, not the rest of the file: a Workers deploy error's chain
 * must not vouch for a WebSocket close code elsewhere).
 */
export function codeCheckWords(shape: ErrorShape): NearbyWord[] {
  return [
    ...contextWords(shape),
    ...(shape.chainField ? [{ kind: 'text', text: shape.chainField } satisfies NearbyWord] : []),
  ];
}

/**
 * The words around a read of the chain field that show reliance on the DNS error chain, not a
 * generic interceptor that logs every error's chain: the context, the wrapper's code or message.
 */
export function chainReadWords(shape: ErrorShape): NearbyWord[] {
  return [
    ...contextWords(shape),
    { kind: 'word', text: String(shape.code) },
    ...(shape.message ? [{ kind: 'text', text: shape.message } satisfies NearbyWord] : []),
  ];
}

function contextWords(shape: ErrorShape): NearbyWord[] {
  return (shape.context?.words ?? []).map((text) => ({ kind: 'text', text }));
}

const receiverPatterns = new WeakMap<ErrorShape, RegExp | undefined>();

/** Receivers whose names say they hold the resource's error (the context's `receivers`: `dnsError`, `recordResult`). */
function receiverPattern(shape: ErrorShape): RegExp | undefined {
  if (!receiverPatterns.has(shape)) {
    const words = shape.context?.receivers ?? [];
    receiverPatterns.set(shape, words.length ? new RegExp(words.map(escapeRegExp).join('|'), 'i') : undefined);
  }
  return receiverPatterns.get(shape);
}

function errorShapeChecks(entry: CatalogueEntry, shape: ErrorShape, facts: InFileFacts): RawMatch[] {
  const matches: RawMatch[] = [];
  const report = (range: RawMatch['range'], confidence: Confidence, subject: string, fix?: FindingFix) =>
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range,
      confidence,
      subject,
      ...(fix ? { fixes: [fix] } : {}),
    });
  const found = (words: NearbyWord[], nearby: readonly string[]) =>
    words.some((word) => nearby.includes(nearbyKey(word)));
  const codeWords = codeCheckWords(shape);
  for (const check of facts.codeChecks)
    if (check.code === shape.code)
      report(
        check.range,
        found(codeWords, check.nearby) ? 'high' : 'low',
        `a check for error code ${shape.code} (the '${shape.message ?? 'wrapper'}' error)`,
      );
  if (shape.message)
    for (const literal of facts.literals)
      if (literal.text === shape.message)
        report(literal.range, literal.written ? 'low' : 'high', `a check for the '${shape.message}' message`);
  if (shape.chainField) {
    const relianceWords = chainReadWords(shape);
    const receiver = receiverPattern(shape);
    const subject = `a read of \`${shape.chainField}\``;
    const isChainRead = (read: PropertyReadFact) => read.path.length === 1 && read.path[0] === shape.chainField;
    for (const read of facts.reads)
      if (read.how === 'member' && isChainRead(read) && !read.fallsBackToReceiver)
        report(
          read.range,
          receiver?.test(read.receiver ?? '') || found(relianceWords, read.nearby) ? 'high' : 'low',
          subject,
          rootCauseFallback(read),
        );
    // `const [{ error_chain: chain = [] }] = json.errors`
    for (const read of facts.reads)
      if (read.how === 'pattern' && isChainRead(read))
        report(read.range, found(relianceWords, read.nearby) ? 'high' : 'low', subject);
  }
  return matches;
}

/**
 * `err.error_chain` -> `(err.error_chain ?? [err])`: the root-cause errors under both error forms
 * (the wrapper's chain before the change, the error itself after it), as rootCauseErrors does one
 * level deep. Offered only where the read can be written again (`PropertyReadFact.rewritable`).
 */
function rootCauseFallback(read: PropertyReadFact): FindingFix | undefined {
  if (!read.rewritable) return undefined;
  const { range, text: readText, receiver } = read.rewritable;
  const text = `(${readText} ?? [${receiver}])`;
  return {
    kind: 'suggestion',
    description: `Read the root-cause errors directly: \`${text}\` works with both error forms (or use rootCauseErrors from @sunset-lint/core/client)`,
    edits: [{ start: range[0], end: range[1], text }],
  };
}
