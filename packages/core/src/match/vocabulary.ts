import type { Catalogue, CatalogueEntry } from '../catalogue/types.js';
import { chainReadWords, codeCheckWords } from './error-shapes.js';
import { endpointWords } from './fields/context.js';
import { nearbyKey, nearbyPattern, type NearbyWord } from './nearby-words.js';

/**
 * What the in-file matchers look for, as plain names: what the reader extracts facts about
 * (`InFileFacts`). Derived from the catalogue so that a file's facts stay small: a key is a fact
 * only where some entry watches its name, never for every key of a file. It names no entry.
 */
export interface Vocabulary {
  /**
   * Keys whose writing in an object literal is a fact: watched `itself` (`locked`), or for the keys
   * watched inside its object value (`data` → `service`, `proto`, `name`).
   */
  writtenKeys: ReadonlyMap<string, { itself: boolean; inner: ReadonlySet<string> }>;
  /** Keys whose static string value tells what an object is (the field contexts' shapes read `type`). */
  valueKeys: ReadonlySet<string>;
  /** Property paths whose reads are facts (`['data', 'service']`, `['error_chain']`), by their last name. */
  readPaths: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
  /** Words whose presence in the code around a read or a code check is a fact, with their keys and patterns. */
  nearbyWords: ReadonlyArray<{ key: string; pattern: RegExp }>;
  /** Numbers whose comparison with a code is a fact. */
  codes: ReadonlySet<number>;
  /** String literals whose whole text is a fact. */
  literals: ReadonlySet<string>;
  /** Names whose occurrence as a token inside a string is a fact. */
  namesInStrings: readonly string[];
  /** Header names in lower case. */
  headers: ReadonlySet<string>;
  /** The fewest headers an entry names together: a group with fewer of them is no fact. */
  fewestHeaders: number;
}

const vocabularies = new WeakMap<Catalogue, Vocabulary>();

export function vocabularyOf(catalogue: Catalogue): Vocabulary {
  let vocabulary = vocabularies.get(catalogue);
  if (!vocabulary) vocabularies.set(catalogue, (vocabulary = buildVocabulary(catalogue.entries)));
  return vocabulary;
}

function buildVocabulary(entries: readonly CatalogueEntry[]): Vocabulary {
  const writtenKeys = new Map<string, { itself: boolean; inner: Set<string> }>();
  const valueKeys = new Set<string>();
  const readPaths = new Map<string, Array<readonly string[]>>();
  const nearby = new Map<string, NearbyWord>();
  const codes = new Set<number>();
  const literals = new Set<string>();
  const namesInStrings = new Set<string>();
  const headers = new Set<string>();
  let fewestHeaders = Number.POSITIVE_INFINITY;
  const addRead = (path: readonly string[]) => {
    const last = path[path.length - 1]!;
    const paths = readPaths.get(last) ?? [];
    if (!paths.some((known) => known.join('.') === path.join('.'))) paths.push(path);
    readPaths.set(last, paths);
  };
  const addNearby = (words: NearbyWord[]) => {
    for (const word of words) nearby.set(nearbyKey(word), word);
  };
  for (const entry of entries) {
    for (const field of entry.match.fields ?? []) {
      const segments = field.path.split('.');
      // A path of two names is a key inside the object under the first; any other, its first key.
      const [outer, inner] = segments.length === 2 ? segments : [segments[0]];
      if (field.access.includes('write')) {
        const watched = writtenKeys.get(outer!) ?? { itself: false, inner: new Set<string>() };
        if (inner === undefined) watched.itself = true;
        else watched.inner.add(inner);
        writtenKeys.set(outer!, watched);
        for (const shape of field.context.shapes) if (shape.key !== undefined) valueKeys.add(shape.key);
      }
      if (field.access.includes('read')) {
        addRead(field.path.split('.'));
        addNearby(endpointWords(field.endpoints));
      }
    }
    for (const shape of entry.match.errorShapes ?? []) {
      codes.add(shape.code);
      if (shape.message) literals.add(shape.message);
      addNearby(codeCheckWords(shape));
      if (shape.chainField) {
        addRead([shape.chainField]);
        addNearby(chainReadWords(shape));
      }
    }
    for (const combo of entry.match.headers ?? []) {
      for (const name of combo.allOf) headers.add(name.toLowerCase());
      fewestHeaders = Math.min(fewestHeaders, new Set(combo.allOf.map((name) => name.toLowerCase())).size);
    }
    for (const cipher of entry.match.ciphers ?? []) namesInStrings.add(cipher);
  }
  return {
    writtenKeys,
    valueKeys,
    readPaths,
    nearbyWords: [...nearby].map(([key, word]) => ({ key, pattern: nearbyPattern(word) })),
    codes,
    literals,
    namesInStrings: [...namesInStrings],
    headers,
    fewestHeaders,
  };
}
