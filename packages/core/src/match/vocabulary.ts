import type { Catalogue, CatalogueEntry } from '../catalogue/types.js';
import type { Vocabulary } from '../facts.js';
import { chainReadWords, codeCheckWords } from './error-shapes.js';
import { endpointWords } from './fields/context.js';
import { nearbyKey, nearbyPattern, type NearbyWord } from './nearby-words.js';
import { floorSegments, floorWords } from './path-floor.js';
import { apiRoots } from './requests.js';

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
    pathWords: floorWords(entries),
    pathSegments: floorSegments(entries),
    pathRoots: apiRoots(entries),
    settingIds: new Set(entries.flatMap((entry) => entry.match.settingIds ?? [])),
    sdkRoots: new Set(entries.flatMap((entry) => (entry.match.sdk ?? []).map((sdk) => sdk.chain.split('.')[0]!))),
  };
}
