/** Packs the package in `dir` and lists the tarball's files and what is wrong with it. */
export function checkPack(dir: string): { files: string[]; problems: string[] };
