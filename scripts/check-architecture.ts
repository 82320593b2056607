// `node scripts/check-architecture.ts`: two rules of STYLE.md that no reviewer should have to keep in mind.
// 1. On the web, a feature never imports another feature or app/, and lib/ and components/ import neither: what two
//    features share lives in lib/ or components/, and app/ (the router and the shell) composes the features. Test
//    files are held to it too.
// 2. No production source file is longer than 600 lines.
// 3. No import cycle, in the server or the web, type imports included (dpdm reads the graph).
// Prints every problem and exits 1, or says what it checked and exits 0.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webSource = path.join(root, 'apps/web/src');
const maxLines = 600;

/** Every file under `folder` (absolute paths); none when it does not exist. */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const relative = (file: string) => path.relative(root, file);
const isSource = (file: string) => /\.tsx?$/.test(file);

// `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`, and a test's `vi.mock('…')`.
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.(?:mock|doMock)\s*\(\s*)['"]([^'"]+)['"]/gm;

/** The relative specifiers a file imports; package names (react, @app/shared) are not the web's folders. */
function relativeSpecifiers(source: string): string[] {
  return [...source.matchAll(specifierPattern)]
    .map((match) => match[1] as string)
    .filter((specifier) => specifier.startsWith('.'));
}

/** Where a web file sits: 'features/<name>', 'app', 'lib' or 'components'; null elsewhere (main.tsx, sw.ts, test/). */
function webArea(file: string): string | null {
  const [top, name] = path.relative(webSource, file).split(path.sep);
  if (top === 'features' && name !== undefined && name !== path.basename(file)) return `features/${name}`;
  if (top === 'app' || top === 'lib' || top === 'components') return top;
  return null;
}

/** Why an import from `from` into `to` breaks rule 1, or null when it does not. */
function importProblem(from: string, to: string): string | null {
  if (from === to || from === 'app') return null;
  const importer = from.startsWith('features/') ? 'a feature' : `${from}/`;
  if (to === 'app') return `${importer} never imports app/`;
  if (to.startsWith('features/'))
    return `${importer} never imports ${from.startsWith('features/') ? 'another' : 'a'} feature`;
  return null;
}

const problems: string[] = [];

const webFiles = filesUnder(webSource).filter(isSource);
let importsChecked = 0;
for (const file of webFiles) {
  const from = webArea(file);
  if (from === null) continue;
  for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'))) {
    importsChecked += 1;
    const to = webArea(path.resolve(path.dirname(file), specifier));
    const problem = to && importProblem(from, to);
    if (problem) problems.push(`${relative(file)} imports ${to}/ ('${specifier}'): ${problem}`);
  }
}

const sourceFolders = ['apps', 'packages'].flatMap((parent) =>
  readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, parent, entry.name, 'src')),
);
const productionFiles = sourceFolders
  .flatMap(filesUnder)
  .filter(isSource)
  .filter((file) => !/\.test\.|\.d\.ts$/.test(file) && !relative(file).split(path.sep).includes('test'));
for (const file of productionFiles) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > maxLines) problems.push(`${relative(file)} has ${lines} lines: a source file has at most ${maxLines}`);
}

// dpdm follows every import from the entry points, type imports included, and lists each cycle it meets.
const entryPoints = {
  server: ['apps/server/src/main.ts', 'apps/server/src/cli/*.ts'],
  web: ['apps/web/src/main.tsx', 'apps/web/src/sw.ts'],
};
for (const [app, entries] of Object.entries(entryPoints)) {
  const dpdm = spawnSync(
    path.join(root, 'node_modules/.bin/dpdm'),
    ['--no-tree', '--no-warning', '--circular', '--tsconfig', `apps/${app}/tsconfig.json`, ...entries],
    { cwd: root, encoding: 'utf8' },
  );
  const cycles = dpdm.stdout.split('\n').filter((line) => /^\s*\d+\)/.test(line));
  if (dpdm.status !== 0) problems.push(`dpdm could not read the ${app}'s imports: ${dpdm.stderr.trim()}`);
  for (const cycle of cycles) problems.push(`an import cycle in the ${app}: ${cycle.replace(/^\s*\d+\)\s*/, '')}`);
}

const checked = `${webFiles.length} web files (${importsChecked} relative imports), ${productionFiles.length} production files, the server's and the web's import graphs`;
if (problems.length > 0) {
  console.error(problems.map((problem) => `✖ ${problem}`).join('\n'));
  console.error(`\n${checked}: ${problems.length} problems`);
  process.exit(1);
}
console.log(`${checked}: 0 problems`);
