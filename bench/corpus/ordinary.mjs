// Ordinary application code, the bulk of any repository: utilities, React-ish components and tests.
// None of it touches the API; all of it must be read, and the scanner should spend little on it.
import { typed } from './source.mjs';

/** One utility function, in one of a few shapes real code has (loops, array chains, switches, async). */
export function addUtility(source, random, namer, { ts, exported = true }) {
  const name = namer.fn();
  const noun = namer.noun();
  const limit = random.int(2, 99);
  const head = exported ? 'export ' : '';
  switch (random.int(0, 3)) {
    case 0:
      source.add(
        `${head}function ${name}(items${typed(ts, ': readonly { weight: number; label: string }[]')}, factor = ${limit})${typed(ts, ': number[]')} {`,
        `  const result${typed(ts, ': number[]')} = [];`,
        '  for (const item of items) {',
        '    if (item.weight > factor) {',
        `      result.push(Math.round(item.weight * ${random.int(3, 97)}) / 100);`,
        `    } else if (item.label.startsWith('${noun.slice(0, 2)}')) {`,
        '      result.push(item.label.length + factor);',
        '    }',
        '  }',
        '  return result.filter((value) => value % 2 === 0).sort((a, b) => a - b);',
        '}',
        '',
      );
      break;
    case 1:
      source.add(
        `${head}function ${name}(input${typed(ts, ': Record<string, unknown>')})${typed(ts, ': string')} {`,
        '  const parts = Object.entries(input)',
        "    .filter(([, value]) => value !== undefined && value !== null && value !== '')",
        '    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);',
        `  return parts.length > ${limit} ? parts.slice(0, ${limit}).join('&') : parts.join('&');`,
        '}',
        '',
      );
      break;
    case 2:
      source.add(
        `${head}function ${name}(kind${typed(ts, ': string')}, amount${typed(ts, ': number')})${typed(ts, ': string')} {`,
        '  switch (kind) {',
        `    case '${noun}':`,
        `      return \`${noun} \${amount.toFixed(2)}\`;`,
        "    case 'total':",
        `      return amount > ${limit} ? 'large' : 'small';`,
        '    default: {',
        `      const rounded = Math.max(0, Math.min(${limit * 10}, Math.round(amount)));`,
        '      return `${kind}:${rounded}`;',
        '    }',
        '  }',
        '}',
        '',
      );
      break;
    default:
      source.add(
        `${head}async function ${name}(load${typed(ts, ': () => Promise<string[]>')}, retries = ${random.int(1, 5)})${typed(ts, ': Promise<string[]>')} {`,
        '  let lastError;',
        '  for (let attempt = 0; attempt <= retries; attempt++) {',
        '    try {',
        '      const values = await load();',
        `      return [...new Set(values.map((value) => value.trim().toLowerCase()))].slice(0, ${limit});`,
        '    } catch (error) {',
        '      lastError = error;',
        `      await new Promise((resolve) => setTimeout(resolve, ${random.int(10, 500)} * 2 ** attempt));`,
        '    }',
        '  }',
        '  throw lastError;',
        '}',
        '',
      );
  }
  return name;
}

/** A function component with state, a memo, a list and handlers (TSX or JSX). */
export function addComponent(source, random, namer, { ts, helper }) {
  const name = namer.type();
  const noun = namer.noun();
  if (ts)
    source.add(
      `interface ${name}Props {`,
      '  title: string;',
      '  items: { id: string; label: string; enabled: boolean; weight: number }[];',
      '  onSelect?: (id: string) => void;',
      '}',
      '',
    );
  source.add(
    `export function ${name}({ title, items, onSelect }${typed(ts, `: ${name}Props`)}) {`,
    '  const [open, setOpen] = useState(false);',
    `  const [query, setQuery] = useState('');`,
    '  const visible = useMemo(',
    '    () => items.filter((item) => item.enabled && item.label.toLowerCase().includes(query.toLowerCase())),',
    '    [items, query],',
    '  );',
    `  const total = visible.reduce((sum, item) => sum + item.weight, 0);`,
    '  return (',
    `    <section className="${noun}-panel">`,
    '      <header>',
    '        <h2>{title}</h2>',
    '        <button type="button" onClick={() => setOpen(!open)}>',
    "          {open ? 'Hide' : 'Show'} ({visible.length})",
    '        </button>',
    '      </header>',
    '      {open && (',
    '        <ul>',
    '          {visible.map((item) => (',
    `            <li key={item.id} onClick={() => onSelect?.(item.id)}>`,
    `              {item.label} <small>{${helper ? `String(${helper}(item.label, item.weight))` : 'item.weight'}}</small>`,
    '            </li>',
    '          ))}',
    '        </ul>',
    '      )}',
    `      <input value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Filter ${noun}s" />`,
    `      <footer>{total > ${random.int(10, 900)} ? 'over budget' : 'ok'}</footer>`,
    '    </section>',
    '  );',
    '}',
    '',
  );
}

/** A test file's `describe` block over functions of the module under test. */
export function addTests(source, random, names) {
  source.add(`describe('${names[0] ?? 'module'}', () => {`);
  for (const name of names) {
    const value = random.int(1, 1000);
    source.add(
      `  it('${name} handles ${value}', async () => {`,
      `    const input = Array.from({ length: ${random.int(2, 9)} }, (_, index) => ({ weight: index * ${value}, label: 'x' + index }));`,
      `    const result = await Promise.resolve(typeof ${name} === 'function' ? ${name}.length : input.length);`,
      '    expect(result).toBeGreaterThanOrEqual(0);',
      `    expect(input.map((item) => item.label)).toContain('x1');`,
      '  });',
      '',
    );
  }
  source.add('});', '');
}
