/**
 * Loads a lazy module together with the full Mantine stylesheet. The first screen gets by with the shell's styles
 * (shell-styles.ts, the only render-blocking CSS); anything loaded later may use any Mantine component, so it waits
 * for the full sheet too and never shows unstyled.
 */
export async function withFullStyles<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), import('./all-styles.ts')]);
  return module;
}
