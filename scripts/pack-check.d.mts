/** Packs the package in `dir` and lists the tarball's files and what is wrong with it. */
export function checkPack(dir: string): { files: string[]; problems: string[] };
/** The files of the built package's tarball; throws on any problem or when it is not built. */
export function packedFiles(dir: string): string[];
