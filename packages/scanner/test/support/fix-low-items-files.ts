/** The files of the low items of `fix` (issue 27), shared by the scanner's and the ESLint plugin's tests. */
const API = 'https://api.cloudflare.com/client/v4';

export const SHARED_CONSTANT = [
  "const SEG = 'script_monitor';",
  `export const ours = (id) => fetch(\`${API}/zones/\${id}/page_shield/\${SEG}\`);`,
  'export const theirs = (id) => fetch(`https://shield.other.example/zones/${id}/page_shield/${SEG}`);',
  '',
].join('\n');

/**
 * The same across modules: `seg.js` exports the constant and sends it to the API; `theirs.js` imports
 * it and sends it to another host.
 */
export const SHARED_ACROSS_MODULES = {
  'src/seg.js': [
    "export const SEG = 'script_monitor';",
    `export const ours = (id) => fetch(\`${API}/zones/\${id}/page_shield/\${SEG}\`);`,
    '',
  ].join('\n'),
  'src/theirs.js': [
    "import { SEG } from './seg.js';",
    'export const theirs = (id) => fetch(`https://shield.other.example/zones/${id}/page_shield/${SEG}`);',
    '',
  ].join('\n'),
};

/** Three modules: the constant alone in one, sent to the API by a second and to another host by a third. */
export const SHARED_BY_TWO_IMPORTERS = {
  'src/seg.js': "export const SEG = 'script_monitor';\n",
  'src/ours.js': [
    "import { SEG } from './seg.js';",
    `export const ours = (id) => fetch(\`${API}/zones/\${id}/page_shield/\${SEG}\`);`,
    '',
  ].join('\n'),
  'src/theirs.js': SHARED_ACROSS_MODULES['src/theirs.js'],
};

export const OWN_CONSTANT = [
  "const SEG = 'script_monitor';",
  `export const ours = (id) => fetch(\`${API}/zones/\${id}/page_shield/\${SEG}\`);`,
  '',
].join('\n');

export const TOOLTIPS = [
  'export const Help = () => (',
  '  <div>',
  '    <button title="Calls /zones/:zone_id/page_shield/script_monitor" aria-label="/zones/:zone_id/page_shield/script_monitor">x</button>',
  '    <Tooltip content="/zones/:zone_id/page_shield/script_monitor" data-tip={`GET /zones/${zone}/page_shield/script_monitor`} />',
  '    <ApiTable endpoint="/zones/:zone_id/page_shield/script_monitor" />',
  '  </div>',
  ');',
  '',
].join('\n');

export const COMMENTED = [
  `export const a = (zone, id) => fetch(\`${API}/zones/\${zone}/dns_records/\${id}\`, {`,
  "  method: 'PATCH',",
  '  body: JSON.stringify({',
  "    content: '1.2.3.4',",
  '    // the lock keeps others from editing it',
  '    locked: true,',
  '  }),',
  '});',
  `export const b = (zone, id) => fetch(\`${API}/zones/\${zone}/dns_records/\${id}\`, {`,
  "  method: 'PATCH',",
  "  body: JSON.stringify({ content: '1.2.3.4', locked: true, // the lock",
  '    proxied: false }),',
  '});',
  `export const c = (zone, id) => fetch(\`${API}/zones/\${zone}/dns_records/\${id}\`, {`,
  "  method: 'PATCH',",
  '  body: JSON.stringify({',
  "    content: '1.2.3.4', // the content",
  '    locked: true // the lock',
  '  }),',
  '});',
  '',
].join('\n');

/** `a`, `b` and `c` with `locked` and its comments gone, every other comment kept. */
export const COMMENTED_FIXED = [
  `export const a = (zone, id) => fetch(\`${API}/zones/\${zone}/dns_records/\${id}\`, {`,
  "  method: 'PATCH',",
  '  body: JSON.stringify({',
  "    content: '1.2.3.4',",
  '  }),',
  '});',
  `export const b = (zone, id) => fetch(\`${API}/zones/\${zone}/dns_records/\${id}\`, {`,
  "  method: 'PATCH',",
  "  body: JSON.stringify({ content: '1.2.3.4',",
  '    proxied: false }),',
  '});',
  `export const c = (zone, id) => fetch(\`${API}/zones/\${zone}/dns_records/\${id}\`, {`,
  "  method: 'PATCH',",
  '  body: JSON.stringify({',
  "    content: '1.2.3.4', // the content",
  '  }),',
  '});',
  '',
].join('\n');
