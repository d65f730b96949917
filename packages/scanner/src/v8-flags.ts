/**
 * Whether the user's own flags (`NODE_OPTIONS`, or the process's flags) name a V8 flag that `name`
 * matches: a setting of V8's that the scanner would make is then the user's to make.
 */
export function userNamesV8Flag(
  name: RegExp,
  env: NodeJS.ProcessEnv = process.env,
  execArgv: readonly string[] = process.execArgv,
): boolean {
  return name.test(`${env.NODE_OPTIONS ?? ''} ${execArgv.join(' ')}`);
}
