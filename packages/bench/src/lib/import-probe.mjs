// Run as `node import-probe.mjs spec[,spec...]`: imports the modules in order and prints how long
// the imports took inside the process (performance.now), as JSON on stdout.
const t0 = performance.now();
for (const specifier of process.argv[2].split(",")) await import(specifier);
process.stdout.write(JSON.stringify({ importMs: performance.now() - t0 }));
