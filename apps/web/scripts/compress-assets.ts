// After `react-router build`: a brotli (.br) and a gzip (.gz) copy next to every text asset of the
// client build, made once here at the highest settings, so the server sends them as they are
// (@fastify/static `preCompressed`) instead of compressing on every request or not at all.
// Pages (.html) are compressed by the server at start, with their security policy (ADR 010).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { clientDirectory } from './build-directory.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.map']);
// Below this the saving is under the ~25 bytes the `content-encoding` header adds. Above it even
// a small file pays: a screen's page loads several of 250–750 bytes (its route module, the
// bundler's runtime), which brotli makes 40 % smaller (ADR 042).
const minBytes = 256;

const root = clientDirectory();
const entries = await readdir(root, { recursive: true, withFileTypes: true });
const files = entries
  .filter((entry) => entry.isFile() && compressible.has(path.extname(entry.name)))
  .map((entry) => path.join(entry.parentPath, entry.name));

let count = 0;
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    if ((await stat(file)).size < minBytes) return;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count++;
    before += content.length;
    after += br.length;
  }),
);
process.stdout.write(
  `compressed ${count} assets: ${Math.round(before / 1024)} kB → ${Math.round(after / 1024)} kB with brotli\n`,
);
