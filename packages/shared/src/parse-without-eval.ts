// zod's core, not its `z` namespace: naming `z` here kept every schema type in the first script of every page.
import { config } from 'zod/v4/core';

/**
 * Imported first by the web app, before any schema is built or parsed. zod compiles fast parsers with `new Function`
 * after probing whether it may; under the site's content-security policy (no 'unsafe-eval') the probe is refused and
 * Chrome reports a violation on every page. The forms are small: the interpreted parser costs nothing a person
 * notices. The server keeps the compiled parsers.
 */
config({ jitless: true });
