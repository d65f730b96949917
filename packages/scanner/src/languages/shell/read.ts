import type { Node } from 'web-tree-sitter';
import type { Range, SilentContext } from '@sunset-lint/core/internal';
import { concatPatterns, hole } from '@sunset-lint/core/internal';
import { FactsBuilder, knownText, printedUrlFormat, textOf, writtenValue, type Value } from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { readsAndChecksIn } from '../text/reads.js';
import { otherBranches, range } from '../syntax.js';
import { oneOfValues, replaceInValue } from '../values.js';
import { COMPARING_COMMANDS, MESSAGE_COMMANDS, PREFIX_COMMANDS, REQUEST_COMMANDS, type Argument } from './commands.js';

/** Interpreters whose program is given on the command line (`perl -ne '…'`). */
const INTERPRETERS = /^(perl|ruby|node|deno|bun|php|python[\d.]*)$/;

/**
 * The shell reader: a script's syntax tree (tree-sitter-bash) to core's facts. Values are
 * evaluated as the shell would expand them where the script shows them: variables assigned in the
 * script or in a file it `source`s, `${VAR:-default}`, positional parameters of a function called
 * with known arguments (a wrapper `cf_api PATCH "zones/$Z/settings/brotli"` is read as the curl it
 * runs), and `"$@"` forwarded to curl. What it does not show (command substitution, `read`) is a
 * hole. Every word and string is also handed on as written text (the grep floor), silent where
 * the script prints it, compares it or searches for it.
 */
export interface ShellModule {
  /** The file's key in the scan (relative path); undefined for the file being read. */
  key: string;
  root: Node;
  /** The text the tree was parsed from (offsets are into it). */
  text: string;
  /** Variables set before the script runs (a Makefile's or a workflow's, a Dockerfile's `ENV`). */
  predefined?: ReadonlyMap<string, Value>;
}

export interface ShellReadInput {
  module: ShellModule;
  builder: FactsBuilder;
  /** The modules a `source`/`.` command names, resolved by the caller (undefined when not scanned). */
  sourced: (written: string, from: ShellModule) => ShellModule | undefined;
  /** Modules whose functions the text uses without sourcing them (a runbook naming `bin/cfapi.sh`). */
  implied?: readonly ShellModule[];
}

interface Frame {
  /** The arguments of the function being run with known arguments; undefined at top level or in a summary. */
  args?: Value[];
  /** Loop variables set to one of their words. */
  bindings?: Map<string, Value>;
  /** The call's words, for a body that runs them (`"$@"` as a command). */
  forwarded?: { words: Argument[]; at: Range; stdin: Argument | undefined };
  fn?: Node;
  depth: number;
}

const MAX_CALL_DEPTH = 4;
const MAX_RESOLVE_DEPTH = 12;

export function readShell(input: ShellReadInput): void {
  new ShellReader(input).run();
}

class ShellReader {
  private readonly builder: FactsBuilder;
  private readonly modules: ShellModule[] = [];
  private readonly assignments = new Map<string, Array<{ node: Node; module: ShellModule; fn?: Node; value?: Node }>>();
  private readonly functions = new Map<string, { node: Node; module: ShellModule }>();
  private readonly resolving = new Set<number>();
  /** Values of assignments read at top level, once each: `a2="$a1$a1"` chains stay linear. */
  private readonly resolved = new Map<number, Value>();
  /**
   * Files the script writes from a heredoc or here-string (`envsubst <<'JSON' > "$tmp/pool.json"`,
   * `cat > body.json <<EOF`), by the path as written: a later `curl --data @"$tmp/pool.json"` sends them.
   */
  private readonly filesWritten = new Map<string, Argument>();
  private readonly fileText: string;

  constructor(private readonly input: ShellReadInput) {
    this.builder = input.builder;
    this.fileText = input.module.text;
    const seen = new Set<string>();
    this.collect(input.module, seen);
    for (const module of input.implied ?? []) this.collect(module, seen);
  }

  run(): void {
    this.walk(this.input.module.root, { depth: 0 }, true);
  }

  // --- Definitions: assignments and functions of the file and of what it sources.

  private collect(module: ShellModule, seen: Set<string>): void {
    if (seen.has(module.key)) return;
    seen.add(module.key);
    this.modules.push(module);
    const visit = (node: Node, fn: Node | undefined): void => {
      if (node.type === 'variable_assignment') {
        const name = node.childForFieldName('name')?.text;
        if (name) {
          const list = this.assignments.get(name) ?? [];
          list.push({ node, module, ...(fn ? { fn } : {}) });
          this.assignments.set(name, list);
        }
      } else if (node.type === 'redirected_statement') {
        // `read -r -d '' BODY <<'JSON' … JSON`: the heredoc is the variable's value.
        const body = node.childForFieldName('body');
        const heredoc = node.namedChildren
          .find((child) => child?.type === 'heredoc_redirect')
          ?.namedChildren.find((child) => child?.type === 'heredoc_body');
        if (body?.type === 'command' && commandName(body) === 'read' && heredoc) {
          const name = body
            .childrenForFieldName('argument')
            .filter((arg) => arg && /^[A-Za-z_]\w*$/.test(arg.text))
            .pop()?.text;
          if (name) {
            const list = this.assignments.get(name) ?? [];
            list.push({ node, module, value: heredoc, ...(fn ? { fn } : {}) });
            this.assignments.set(name, list);
          }
        }
      } else if (node.type === 'function_definition') {
        const name = node.childForFieldName('name')?.text;
        if (name && !this.functions.has(name)) this.functions.set(name, { node, module });
        fn = node;
      } else if (node.type === 'command') {
        const name = commandName(node);
        // `printf -v url '%s/zones/%s/…' "$API" "$zone"`: the formatted text is the variable's value.
        const args = node.childrenForFieldName('argument');
        if (name === 'printf' && args[0]?.text === '-v' && args[1] && /^[A-Za-z_]\w*$/.test(args[1].text)) {
          const list = this.assignments.get(args[1].text) ?? [];
          list.push({ node, module, ...(fn ? { fn } : {}) });
          this.assignments.set(args[1].text, list);
        }
        if (name === 'source' || name === '.') {
          const target = node.childrenForFieldName('argument')[0];
          const written = target ? literalText(target) : undefined;
          const found = written ? this.input.sourced(written, module) : undefined;
          if (found) this.collect(found, seen);
        }
      }
      for (const child of node.namedChildren) if (child) visit(child, fn);
    };
    visit(module.root, undefined);
  }

  // --- Statements.

  private walk(node: Node, frame: Frame, emit: boolean, silent?: SilentContext): void {
    switch (node.type) {
      case 'comment':
        return;
      case 'function_definition': {
        // Read once as a summary (its own texts and requests, parameters unknown); calls with known
        // arguments run it again (`callFunction`).
        if (!emit) return;
        const body = node.childForFieldName('body');
        if (body) this.walk(body, { depth: frame.depth, fn: node }, true);
        return;
      }
      case 'command':
        this.command(node, frame, emit, undefined, silent);
        return;
      case 'redirected_statement': {
        const body = node.childForFieldName('body');
        const heredoc = node.namedChildren
          .find((child) => child?.type === 'heredoc_redirect')
          ?.namedChildren.find((child) => child?.type === 'heredoc_body');
        const herestring = node.namedChildren.find((child) => child?.type === 'herestring_redirect');
        const stdinNode = heredoc ?? herestring?.namedChildren[0] ?? undefined;
        if (body?.type === 'command' && stdinNode) this.noteFileWritten(node, body, stdinNode, frame);
        if (body?.type === 'command') this.command(body, frame, emit, stdinNode ?? undefined, silent);
        else if (body) this.walk(body, frame, emit, silent);
        for (const child of node.namedChildren)
          if (
            child &&
            child.id !== body?.id &&
            child.type !== 'heredoc_redirect' &&
            child.type !== 'herestring_redirect'
          )
            this.walk(child, frame, emit, silent);
        return;
      }
      case 'variable_assignment': {
        const value = node.childForFieldName('value');
        if (value) {
          if (emit) this.writeText(value, frame, silent);
          this.walkInside(value, frame, emit);
        }
        return;
      }
      case 'for_statement': {
        // `for s in brotli minify; do curl … "settings/$s"; done`: the body once as written, then
        // once for each word of the list with the variable set to it.
        const variable = node.childForFieldName('variable')?.text;
        const values = node.childrenForFieldName('value').filter((child): child is Node => !!child);
        const body = node.childForFieldName('body');
        if (emit) for (const value of values) this.writeText(value, frame, silent);
        for (const value of values) this.walkInside(value, frame, emit);
        if (!body) return;
        this.walk(body, frame, emit, silent);
        const words = values.length === 1 ? this.arrayWords(values[0]!, frame) : undefined;
        if (!variable || values.length === 0 || (words ?? values).length > 32) return;
        for (const word of words ?? values.map((value) => this.value(value, frame))) {
          const bindings = new Map(frame.bindings ?? []);
          bindings.set(variable, word);
          this.walk(body, { ...frame, bindings }, false, silent);
        }
        return;
      }
      case 'test_command':
        if (emit) this.compared(node, frame);
        this.walkInside(node, frame, emit);
        return;
      case 'case_item':
        for (const child of node.namedChildren) {
          if (!child) continue;
          if (
            child.type === 'extglob_pattern' ||
            child.type === 'word' ||
            child.type === 'string' ||
            child.type === 'raw_string'
          ) {
            if (emit) this.writeText(child, frame, 'comparison');
          } else this.walk(child, frame, emit, silent);
        }
        return;
      case 'string':
      case 'concatenation':
      case 'word':
      case 'raw_string':
        this.walkInside(node, frame, emit);
        return;
      default:
        for (const child of node.namedChildren) if (child) this.walk(child, frame, emit, silent);
    }
  }

  /** Commands inside a value: `$(curl …)` in a string or an assignment. */
  private walkInside(node: Node, frame: Frame, emit: boolean): void {
    if (node.type === 'command_substitution' || node.type === 'process_substitution') {
      for (const inner of node.namedChildren) if (inner) this.walk(inner, frame, emit);
      return;
    }
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'command_substitution' || child.type === 'process_substitution') {
        for (const inner of child.namedChildren) if (inner) this.walk(inner, frame, emit);
      } else this.walkInside(child, frame, emit);
    }
  }

  private command(node: Node, frame: Frame, emit: boolean, stdinNode: Node | undefined, silent?: SilentContext): void {
    const argNodes = node.childrenForFieldName('argument').filter((child): child is Node => !!child);
    const nameNode = node.childForFieldName('name');
    const stdin = stdinNode
      ? { value: this.interpolated(stdinNode, frame), range: range(stdinNode) }
      : this.pipedIn(node, frame);
    for (const arg of argNodes) this.walkInside(arg, frame, emit);
    if (!nameNode) return;
    const name = commandName(node);
    // `read VAR <<EOF` stores data, not a prompt.
    const message = name !== undefined && MESSAGE_COMMANDS.test(name) && !(name === 'read' && stdinNode);
    // awk compares, unless its program prints URLs for the next command (`printf "%s/zones/%s/…"`).
    const printsUrls = name === 'awk' && argNodes.some((arg) => printedUrlFormat(arg.text) !== undefined);
    const context: SilentContext | undefined =
      silent ??
      (message
        ? 'message'
        : name !== undefined && COMPARING_COMMANDS.has(name) && !printsUrls
          ? 'comparison'
          : undefined);
    if (emit) {
      for (const arg of argNodes) this.writeText(arg, frame, context);
      if (stdinNode && stdin) {
        const data = name !== undefined && (REQUEST_COMMANDS.has(name) || name === 'read' || name === 'jq');
        const prose: SilentContext | undefined = data ? context : (context ?? 'prose');
        this.writeValue(stdin.value, range(stdinNode), prose);
        if (!message) for (const object of objectsInJsonText(stdin.value)) this.builder.object(object);
      }
      // JSON written as an argument of another command (`jq -n '{…}'`, a body kept in a variable).
      if (!context && !(name !== undefined && REQUEST_COMMANDS.has(name)))
        for (const arg of argNodes)
          if (/^\s*[{[]/.test(arg.text.replace(/^['"]/, '')))
            for (const object of objectsInJsonText(this.value(arg, frame))) this.builder.object(object);
    }
    if (message) return;
    if (name === 'jq' || name === 'yq' || name === 'gojq') {
      for (const arg of argNodes) if (!arg.text.startsWith('-')) this.jqFilter(arg, this.jqContext(node));
      return;
    }
    // A program another interpreter runs (`perl -ne '… $_->{locked} …'`, `ruby -e`, `node -e`): its
    // reads and checks, as the text reader reads that language's files.
    if (name !== undefined && INTERPRETERS.test(name))
      for (const arg of argNodes)
        if (arg.type === 'raw_string' || arg.type === 'string') {
          const around = this.jqContext(node);
          readsAndChecksIn(arg.text, arg.startIndex, () => around, this.builder);
        }
    // A wrapper's body that runs its arguments (`run() { "$@"; }`, `retry() { … "$@" … }`).
    if (/^"?\$\{?[@*]\}?"?$/.test(nameNode.text)) {
      if (frame.forwarded)
        this.runWords(
          [...frame.forwarded.words, ...this.arguments(argNodes, frame)],
          frame.forwarded.at,
          { ...frame, depth: frame.depth, fn: undefined },
          frame.forwarded.stdin ?? stdin,
          0,
        );
      return;
    }
    const words = [
      { value: this.value(nameNode.namedChildren[0] ?? nameNode, frame), range: range(nameNode) },
      ...this.arguments(argNodes, frame),
    ];
    this.runWords(words, range(node), frame, stdin, 0);
  }

  /**
   * A command as the shell runs it, its words evaluated: a request command, a function of the
   * script (or of what it sources) run with the words as its arguments, or a prefix that runs the
   * rest (`sudo`, `env A=b`, `xargs -I{}`, a function whose body runs `"$@"`).
   */
  private runWords(words: Argument[], at: Range, frame: Frame, stdin: Argument | undefined, depth: number): void {
    if (depth > MAX_CALL_DEPTH || words.length === 0) return;
    let index = 0;
    let name = knownText(words[0]!.value);
    while (name !== undefined && PREFIX_COMMANDS.has(name)) {
      index++;
      while (index < words.length) {
        const text = knownText(words[index]!.value) ?? '';
        if (!text.startsWith('-') && !/^\w+=/.test(text) && text !== '{}' && !(name === 'timeout' && /^\d/.test(text)))
          break;
        index++;
      }
      name = index < words.length ? knownText(words[index]!.value) : undefined;
    }
    if (name === undefined) return;
    let args = words.slice(index + 1);
    const read = REQUEST_COMMANDS.get(name);
    if (read) {
      // `--data @"$tmp/pool.json"` of a file the script wrote from a heredoc: that text, as `@-` reads stdin.
      const sent = stdin ? undefined : args.find((arg) => this.fileWritten(arg));
      if (sent) {
        const file = this.fileWritten(sent)!;
        args = args.map((arg) =>
          arg === sent ? { value: [{ kind: 'text' as const, text: '@-' }], range: arg.range } : arg,
        );
        stdin = file;
      }
      for (const request of read(args, at, stdin)) this.builder.request(request);
      return;
    }
    const fn = this.functions.get(name);
    if (!fn || frame.depth >= MAX_CALL_DEPTH || fn.node === frame.fn) return;
    const body = fn.node.childForFieldName('body');
    if (!body) return;
    const called: Frame = {
      args: args.map((arg) => arg.value),
      fn: fn.node,
      depth: frame.depth + 1,
      forwarded: { words: args, at, stdin },
    };
    this.walk(body, called, false);
  }

  /** `printf -v NAME FORMAT ARGS…`: the format with each `%s` (`%d`, …) filled by the next argument. */
  private printfValue(command: Node, frame: Frame): Value {
    const [, , format, ...args] = command.childrenForFieldName('argument').filter((arg): arg is Node => !!arg);
    if (!format) return [hole()];
    let i = 0;
    return replaceInValue(this.expand(format, frame, false), /%[-+# 0]*\d*(?:\.\d+)?[sdiuxXfgq]/g, () => {
      const arg = args[i++];
      return arg ? this.expand(arg, frame, false) : [hole()];
    });
  }

  /**
   * The words a `for` loop's `"${!MAP[@]}"` (the keys of an associative array) or `"${LIST[@]}"` (an
   * array's items) stands for, where the script assigns the array (`declare -A MAP=([minify]=… …)`).
   */
  private arrayWords(value: Node, frame: Frame): Value[] | undefined {
    const found = /^"?\$\{(!?)([A-Za-z_]\w*)\[[@*]\]\}"?$/.exec(value.text);
    if (!found) return undefined;
    const assigned = this.assignments
      .get(found[2]!)
      ?.find((candidate) => candidate.node.type === 'variable_assignment');
    const array = assigned?.node.childForFieldName('value');
    if (array?.type !== 'array') return undefined;
    const words: Value[] = [];
    for (const item of array.namedChildren) {
      if (!item) continue;
      const parts = item.type === 'concatenation' ? item.namedChildren.filter((part): part is Node => !!part) : [];
      const keyed = parts[0]?.text === '[' && parts[2]?.text === ']' && parts[3]?.text === '=';
      if (found[1] === '!') {
        if (keyed) words.push(this.value(parts[1]!, frame));
      } else words.push(keyed && parts[4] ? this.value(parts[4], frame) : this.value(item, frame));
    }
    return words;
  }

  /** Records a heredoc or here-string a pass-through command (`cat`, `envsubst`, `tee`) writes to a file. */
  private noteFileWritten(statement: Node, body: Node, stdinNode: Node, frame: Frame): void {
    if (!/^(cat|envsubst|tee)$/.test(commandName(body) ?? '')) return;
    // The file redirect follows the statement, or the heredoc's start on its line (`<<'JSON' > f`).
    const redirects = statement.namedChildren.flatMap((child) =>
      child?.type === 'heredoc_redirect' ? child.namedChildren : [child],
    );
    for (const redirect of redirects) {
      if (redirect?.type !== 'file_redirect' || !/^\s*>>?/.test(redirect.text.replace(/^\d/, ''))) continue;
      const destination = redirect.childForFieldName('destination') ?? redirect.namedChildren.at(-1);
      if (!destination) continue;
      const path = textOf(this.interpolated(destination, frame));
      if (path && !path.startsWith('/dev/'))
        this.filesWritten.set(path, { value: this.interpolated(stdinNode, frame), range: range(stdinNode) });
    }
  }

  private fileWritten(arg: Argument): Argument | undefined {
    const text = textOf(arg.value);
    return text.startsWith('@') ? this.filesWritten.get(text.slice(1)) : undefined;
  }

  /** `echo "$BODY" | curl --data @- …`, `printf '%s' "$json" | …`: what the command before it in a pipeline prints. */
  private pipedIn(node: Node, frame: Frame): Argument | undefined {
    const pipeline = node.parent;
    if (pipeline?.type !== 'pipeline') return undefined;
    const commands = pipeline.namedChildren.filter((child): child is Node => child?.type === 'command');
    const index = commands.findIndex((command) => command.id === node.id);
    const before = index > 0 ? commands[index - 1] : undefined;
    const name = before ? commandName(before) : undefined;
    if (!before || (name !== 'echo' && name !== 'printf')) return undefined;
    const args = before
      .childrenForFieldName('argument')
      .filter((arg): arg is Node => !!arg && !arg.text.startsWith('-'));
    const printed = args[args.length - 1];
    return printed ? { value: this.value(printed, frame), range: range(printed) } : undefined;
  }

  /** Arguments evaluated; `"$@"` in a function run with known arguments is those arguments. */
  private arguments(nodes: readonly Node[], frame: Frame): Argument[] {
    const args: Argument[] = [];
    for (const node of nodes) {
      if (frame.args && /^"?\$[@*]"?$|^"?\$\{[@*]\}"?$/.test(node.text)) {
        // The caller's words, each where the caller wrote it (a header the caller passes is found there).
        const words = frame.forwarded?.words;
        if (words && words.length === frame.args.length) args.push(...words);
        else for (const value of frame.args) args.push({ value, range: range(node) });
        continue;
      }
      args.push({ value: this.value(node, frame), range: range(node) });
    }
    return args;
  }

  /**
   * The text that says what a `jq` filter reads: the request or function in the same pipeline
   * (`curl … | jq`, `list_records | jq`, with the call's arguments: `zone_api GET "/dns_records" | jq`),
   * else the assignments of the variables it reads (`printf '%s' "$resp" | jq`, `jq … <<<"$records"`),
   * else the lines around it.
   */
  private jqContext(node: Node): string {
    let statement: Node = node;
    while (statement.parent && ['pipeline', 'redirected_statement'].includes(statement.parent.type))
      statement = statement.parent;
    const texts: string[] = [];
    const visit = (child: Node): void => {
      if (child.type === 'command') {
        const name = commandName(child) ?? '';
        if (REQUEST_COMMANDS.has(name))
          texts.push(child.namedChildren.map((part) => (part ? textOf(this.value(part, { depth: 0 })) : '')).join(' '));
        const fn = this.functions.get(name);
        // A wrapper's own text and what this call of it asks (`zone_api GET "/dns_records?type=SRV"`).
        if (fn) texts.push(fn.node.text, child.text);
      }
      if (child.type === 'simple_expansion' || child.type === 'expansion') {
        const variable = child.namedChildren.find((inner) => inner?.type === 'variable_name')?.text;
        for (const assignment of (variable && this.assignments.get(variable)) || []) texts.push(assignment.node.text);
      }
      for (const inner of child.namedChildren) if (inner && inner.type !== 'command_substitution') visit(inner);
    };
    visit(statement);
    // `jq … /tmp/records.json`, `jq … "$out/records.json"`: the request that wrote the file (`curl -o
    // /tmp/records.json`, `> …`, a curl config's `output = "…"`, whose transfer is the request).
    if (node.type === 'command')
      for (const arg of node.childrenForFieldName('argument')) {
        const file = jqInputFile(arg);
        if (!file) continue;
        const lines = this.fileText.split('\n');
        lines.forEach((line, at) => {
          if (!line.includes(file) || line.trim() === node.text.trim()) return;
          if (/^\s*(--)?output\s*[=:\s]/.test(line)) texts.push(configTransferAround(lines, at));
          else if (/\b(curl|wget|http|https)\b|-o\s|>\s*\S/.test(line)) texts.push(line);
        });
      }
    return texts.length ? texts.join('\n') : this.around(node, 3);
  }

  /** The code around a node: its function's body, else the lines near it. */
  private around(node: Node, near = 3): string {
    let current: Node | null = node;
    while (current && current.type !== 'function_definition') current = current.parent;
    if (current) return current.text;
    const text = this.fileText;
    let from = node.startIndex;
    let to = node.endIndex;
    for (let lines = 0; from > 0 && lines <= near; from--) if (text[from - 1] === '\n') lines++;
    for (let lines = 0; to < text.length && lines <= near; to++) if (text[to] === '\n') lines++;
    // Comments say nothing about what the code reads.
    return text.slice(from, to).replace(/^\s*#.*$/gm, '');
  }

  // --- Written text.

  private writeText(node: Node, frame: Frame, silent?: SilentContext): void {
    if (node.type === 'command_substitution' || node.type === 'number') return;
    const value = this.literalValue(node);
    this.writeValue(value, range(node), silent, node, frame);
  }

  private writeValue(value: Value, root: Range, silent?: SilentContext, node?: Node, frame?: Frame): void {
    // A base the text does not write (`"$PVE/nodes/x/firewall/rules"`): what the script sets it to.
    if (!silent && node && frame && value[0]?.kind === 'hole' && this.builder.namesAnotherHost(this.value(node, frame)))
      silent = 'another host';
    this.builder.written(value, root, silent);
  }

  /** The text as written, expansions as holes (what grep sees). */
  private literalValue(node: Node): Value {
    return this.expand(node, { depth: MAX_CALL_DEPTH + 1 }, true);
  }

  // --- Values.

  private value(node: Node, frame: Frame): Value {
    return this.expand(node, frame, false);
  }

  private expand(node: Node, frame: Frame, literalOnly: boolean): Value {
    switch (node.type) {
      case 'word':
      case 'extglob_pattern':
      case 'number':
        return writtenValue(
          node.text.replace(/\\(.)/g, '$1'),
          node.startIndex,
          !node.text.includes('\\'),
          this.fileKey(node),
        );
      case 'raw_string':
        return writtenValue(node.text.slice(1, -1), node.startIndex + 1, true, this.fileKey(node));
      case 'ansi_c_string':
        return writtenValue(node.text.slice(2, -1), node.startIndex + 2, false, this.fileKey(node));
      case 'string':
      case 'heredoc_body':
      case 'translated_string':
        return this.interpolatedWith(node, frame, literalOnly);
      case 'concatenation':
        return concatPatterns(
          ...node.namedChildren
            .filter((child): child is Node => !!child)
            .map((child) => this.expand(child, frame, literalOnly)),
        );
      case 'simple_expansion':
      case 'expansion':
        return literalOnly ? [hole()] : this.expansion(node, frame);
      default:
        return [hole()];
    }
  }

  private interpolated(node: Node, frame: Frame): Value {
    if (node.type === 'heredoc_body' || node.type === 'string') return this.interpolatedWith(node, frame, false);
    return this.value(node, frame);
  }

  /** A double-quoted string or a heredoc: literal stretches and expansions, in order. */
  private interpolatedWith(node: Node, frame: Frame, literalOnly: boolean): Value {
    const parts: Value[] = [];
    const quoted = node.type === 'string';
    let at = node.startIndex + (quoted ? 1 : 0);
    const end = node.endIndex - (quoted && node.text.endsWith('"') ? 1 : 0);
    const source = this.sourceOf(node);
    const literal = (from: number, to: number) => {
      if (to > from) parts.push(writtenValue(source.slice(from, to), from, true, this.fileKey(node)));
    };
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'string_content' || child.type === 'heredoc_content') continue;
      literal(at, child.startIndex);
      parts.push(
        child.type === 'simple_expansion' || child.type === 'expansion'
          ? literalOnly
            ? [hole()]
            : this.expansion(child, frame)
          : [hole()],
      );
      at = child.endIndex;
    }
    literal(at, end);
    return concatPatterns(...parts);
  }

  private sourceOf(node: Node): string {
    // Offsets are the tree's own: the text of the module the node belongs to.
    return (this.modules.find((module) => module.root.tree === node.tree) ?? this.input.module).text;
  }

  private expansion(node: Node, frame: Frame): Value {
    const name = node.namedChildren.find(
      (child) => child?.type === 'variable_name' || child?.type === 'special_variable_name',
    )?.text;
    if (name === undefined) return [hole()];
    let value: Value | undefined;
    if (/^\d+$/.test(name)) {
      const index = Number(name) - 1;
      value = index >= 0 ? frame.args?.[index] : undefined;
    } else if (name === '@' || name === '*') value = undefined;
    else value = frame.bindings?.get(name) ?? this.resolve(name, node, frame, 0);
    if (value) return value;
    // `${VAR:-default}`, `${VAR-default}`, `${VAR:=default}`.
    if (node.type === 'expansion' && /^\$\{[#!]?\w+:?[-=]/.test(node.text)) {
      const fallback = node.namedChildren.filter((child): child is Node => !!child && child.type !== 'variable_name');
      if (fallback.length) return concatPatterns(...fallback.map((child) => this.expand(child, frame, false)));
    }
    return [hole({ ref: name })];
  }

  private resolve(name: string, at: Node, frame: Frame, depth: number): Value | undefined {
    const candidates = this.assignments.get(name);
    if (!candidates?.length || depth > MAX_RESOLVE_DEPTH) {
      const predefined = this.modules.map((module) => module.predefined?.get(name)).find((value) => value);
      return predefined;
    }
    const here = this.input.module;
    const inFunction = frame.fn;
    const before = (c: { node: Node; module: ShellModule }) =>
      c.module === here && c.node.startIndex < at.startIndex && at.tree === c.node.tree;
    const pick =
      // A local of the function running, set before the use in the function's own file (a sourced
      // library's function run from this script reads its own `local`s, not the script's globals).
      (inFunction &&
        [...candidates]
          .reverse()
          .find((c) => c.fn === inFunction && at.tree === c.node.tree && c.node.startIndex < at.startIndex)) ||
      // The script's own, the last set before the use, else the first set after it.
      [...candidates].reverse().find((c) => !c.fn && before(c)) ||
      candidates.find((c) => !c.fn && c.module === here) ||
      // Set in a sourced file, or in another function.
      [...candidates].reverse().find((c) => !c.fn) ||
      candidates[0];
    if (!pick) return undefined;
    if (this.resolving.has(pick.node.id)) return undefined;
    const scope: Frame = pick.fn === inFunction ? frame : { depth: frame.depth };
    const cacheable = !scope.args && !scope.bindings;
    const known = cacheable ? this.resolved.get(pick.node.id) : undefined;
    if (known) return known;
    this.resolving.add(pick.node.id);
    try {
      // `case "$1" in a) path=…;; b) path=…;; esac`: set in each branch, any of them is read after.
      const values: Value[] = [];
      for (const candidate of [pick, ...otherBranches(candidates, candidates.indexOf(pick))]) {
        const value =
          candidate.value ??
          (candidate.node.type === 'command' ? candidate.node : candidate.node.childForFieldName('value'));
        if (value)
          values.push(value.type === 'command' ? this.printfValue(value, scope) : this.expand(value, scope, false));
      }
      if (!values.length) return undefined;
      const result = oneOfValues(values);
      if (cacheable) this.resolved.set(pick.node.id, result);
      return result;
    } finally {
      this.resolving.delete(pick.node.id);
    }
  }

  private fileKey(node: Node): string | undefined {
    const module = this.modules.find((candidate) => candidate.root.tree === node.tree);
    return module && module !== this.input.module ? module.key : undefined;
  }

  // --- jq filters and comparisons.

  private jqFilter(node: Node, around: string): void {
    const value = this.literalValue(node);
    const text = knownText(value) ?? node.text;
    const start = node.startIndex + (node.type === 'raw_string' || node.type === 'string' ? 1 : 0);
    for (const found of text.matchAll(/(?:\.\[?"?[A-Za-z_]\w*"?\]?(?:\[[^\]]*\])?)+/g)) {
      // `.errors[0].error_chain[0].message`: each name of the chain, with the names before it.
      const path: string[] = [];
      let offset = found.index;
      for (const piece of found[0].split(/(?=\.)/)) {
        const name = /^\.\[?"?([A-Za-z_]\w*)/.exec(piece)?.[1];
        if (name) {
          path.push(name);
          const at = offset + piece.indexOf(name);
          this.builder.read([...path], [start + at, start + at + name.length], undefined, around);
        }
        offset += piece.length;
      }
    }
    for (const found of text.matchAll(/(\.code|code)\s*==\s*(\d+)/g))
      this.builder.codeCheck(Number(found[2]), [start + found.index, start + found.index + found[0].length], around);
    for (const found of text.matchAll(/\.message\s*==\s*"([^"]+)"/g))
      this.builder.written(writtenValue(found[1]!, start + found.index + found[0].indexOf('"') + 1), [
        start + found.index,
        start + found.index + found[0].length,
      ]);
  }

  /** `[[ "$code" == 1004 ]]`: the texts are patterns; a watched number compared is an error check. */
  private compared(node: Node, frame: Frame): void {
    const visit = (child: Node): void => {
      if (child.type === 'command_substitution') return;
      if (
        ['word', 'string', 'raw_string', 'extglob_pattern', 'number', 'concatenation', 'regex'].includes(child.type)
      ) {
        const text = knownText(this.literalValue(child));
        if (text !== undefined && /^\d+$/.test(text))
          this.builder.codeCheck(Number(text), range(child), this.around(node));
        else this.writeText(child, frame, 'comparison');
        return;
      }
      for (const inner of child.namedChildren) if (inner) visit(inner);
    };
    for (const child of node.namedChildren) if (child) visit(child);
  }
}

/** The file a `jq` argument names, as far as it is written (`/tmp/records.json`; `/pools.json` of `"$out/pools.json"`). */
function jqInputFile(arg: Node | null): string | undefined {
  if (!arg || arg.text.startsWith('.') || arg.text.startsWith('-')) return undefined;
  if (arg.type === 'word') return /[./]\w/.test(arg.text) ? arg.text : undefined;
  if (arg.type !== 'string') return undefined;
  // After the last expansion: the part of the name the text writes.
  const tail =
    arg.text
      .slice(1, -1)
      .split(/\$\{?\w+\}?/)
      .pop() ?? '';
  return /^\/?[\w.-]*\.\w+$/.test(tail) && tail.length > 4 ? tail : undefined;
}

/** The lines of the curl config transfer holding line `at` (from the last `next` or the heredoc's start). */
function configTransferAround(lines: readonly string[], at: number): string {
  let from = at;
  while (from > 0 && !/^\s*next\s*$/.test(lines[from - 1]!) && !lines[from - 1]!.includes('<<')) from--;
  let to = at;
  while (to + 1 < lines.length && !/^\s*next\s*$/.test(lines[to + 1]!) && !/^\s*\w+\s*$/.test(lines[to + 1]!)) to++;
  return lines.slice(from, to + 1).join('\n');
}

function commandName(node: Node): string | undefined {
  const name = node.childForFieldName('name');
  return name ? (literalText(name.namedChildren[0] ?? name) ?? undefined) : undefined;
}

/** A word's text when it has no expansion (`curl`, `'./lib.sh'`, `"$DIR/lib.sh"` → `/lib.sh`). */
function literalText(node: Node): string | undefined {
  if (node.type === 'word' || node.type === 'command_name') return node.text;
  if (node.type === 'raw_string') return node.text.slice(1, -1);
  if (node.type === 'string' || node.type === 'concatenation')
    return node.text.replace(/^"|"$/g, '').replace(/\$\([^)]*\)|\$\{[^}]*\}|\$\w+|["']/g, '');
  return node.text;
}
