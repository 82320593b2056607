/**
 * Imported first by the web app, before any schema is built or parsed. zod compiles fast parsers with `new Function`
 * after probing whether it may; under the site's content-security policy (no 'unsafe-eval') the probe is refused and
 * Chrome reports a violation on every page. The forms are small: the interpreted parser costs nothing a person
 * notices. The server keeps the compiled parsers.
 *
 * This is what `z.config({ jitless: true })` does, without importing zod: zod keeps its settings in this one global
 * object, made when it loads if no one made it before. Importing zod here put its core in the first script of every
 * page (issue 27). parse-without-eval.test.ts proves zod reads the setting.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

// A module, imported for its effect only.
export {};
