// A seeded PRNG (mulberry32): the generated corpora must be the same bytes on every machine.
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  return { next, int, pick, chance };
}

const VERBS = ['build', 'format', 'merge', 'resolve', 'collect', 'normalize', 'compute', 'select', 'parse', 'group'];
const NOUNS = [
  'order',
  'invoice',
  'account',
  'session',
  'cart',
  'report',
  'member',
  'route',
  'filter',
  'record',
  'payload',
  'metric',
  'entry',
  'batch',
  'window',
  'label',
  'schedule',
  'region',
  'quota',
  'profile',
];

const capital = (word) => word[0].toUpperCase() + word.slice(1);

/** camelCase names from a fixed vocabulary, suffixed with a counter so that they never collide. */
export function createNamer(random) {
  let counter = 0;
  return {
    fn: () => `${random.pick(VERBS)}${capital(random.pick(NOUNS))}${capital(random.pick(NOUNS))}${++counter}`,
    type: () => `${capital(random.pick(NOUNS))}${capital(random.pick(NOUNS))}${++counter}`,
    noun: () => random.pick(NOUNS),
  };
}
