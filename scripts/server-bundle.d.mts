export const serverBundleDir: string;
export const serverBundle: string;
export const bundleSourcesFile: string;
export function serverBundleIsFresh(outDir?: string): boolean;
