/**
 * Scoring as the fixture tests compare: multisets of `file:line:entryId`. A required expectation
 * found is a true positive, one not found a miss; a finding that matches no expectation is false,
 * except that it may use up an optional one (neither missed nor false when found).
 */

export const keyOf = (f) => `${f.file}:${f.line}:${f.entryId}`;
export const directoryOf = (f) => f.file.split('/')[0];

const byKey = (a, b) =>
  a.file === b.file ? a.line - b.line || a.entryId.localeCompare(b.entryId) : a.file < b.file ? -1 : 1;

/** Takes one item with this key out of a bucket map; returns whether there was one. */
function take(buckets, key) {
  const count = buckets.get(key) ?? 0;
  if (count === 0) return false;
  buckets.set(key, count - 1);
  return true;
}

function countKeys(items) {
  const counts = new Map();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

/**
 * @template {import('./expectations.mjs').Located} F
 * @param {F[]} found
 * @param {import('./expectations.mjs').Located[]} required
 * @param {import('./expectations.mjs').Located[]} optional
 */
export function score(found, required, optional = []) {
  const sorted = [...found].sort(byKey);
  const requiredLeft = countKeys(required);
  const optionalLeft = countKeys(optional);
  const truePositives = [];
  const optionalFound = [];
  const falsePositives = [];
  for (const finding of sorted) {
    if (take(requiredLeft, keyOf(finding))) truePositives.push(finding);
    else if (take(optionalLeft, keyOf(finding))) optionalFound.push(finding);
    else falsePositives.push(finding);
  }
  const missed = [];
  for (const expectation of [...required].sort(byKey))
    if (take(requiredLeft, keyOf(expectation))) missed.push(expectation);
  return { required: required.length, optional: optional.length, truePositives, optionalFound, falsePositives, missed };
}

/** @typedef {ReturnType<typeof score>} Score */

/** Recall over the required expectations; precision over everything reported (optional hits are right). */
export function rates(s) {
  const reported = s.truePositives.length + s.optionalFound.length + s.falsePositives.length;
  return {
    recall: s.required === 0 ? null : s.truePositives.length / s.required,
    precision: reported === 0 ? null : (s.truePositives.length + s.optionalFound.length) / reported,
  };
}

/** The same score restricted to one fixture directory. */
export function scoreOfDirectory(s, dir) {
  const inDir = (items) => items.filter((item) => directoryOf(item) === dir);
  const missed = inDir(s.missed);
  const truePositives = inDir(s.truePositives);
  return {
    required: truePositives.length + missed.length,
    truePositives,
    optionalFound: inDir(s.optionalFound),
    falsePositives: inDir(s.falsePositives),
    missed,
  };
}

/**
 * Expectations the grep baseline finds and the engine misses (the acceptance bar: none).
 * Instances of one key (same line and entry) cannot be told apart, so per key: how many more of
 * them grep found than the engine did.
 * @param {Score} grep scored against a superset of the engine's required expectations
 * @param {Score} engine
 */
export function grepFindsEngineMisses(grep, engine) {
  const grepFound = countKeys(grep.truePositives);
  const engineFound = countKeys(engine.truePositives);
  const out = [];
  const seen = new Set();
  for (const expectation of engine.missed) {
    const key = keyOf(expectation);
    if (seen.has(key)) continue;
    seen.add(key);
    const gap = (grepFound.get(key) ?? 0) - (engineFound.get(key) ?? 0);
    for (let i = 0; i < gap; i += 1) out.push(expectation);
  }
  return out;
}
