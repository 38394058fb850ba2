// npm scripts must run on the pinned Node 24 (the `node` dev dependency). If its install script was
// skipped, npm silently falls back to the machine's Node and `.ts` entry points fail obscurely.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Kadr needs Node 24 for its npm scripts, but they run on ${process.version}.\n` +
      'The `node` dev dependency provides it; reinstall without --ignore-scripts: rm -rf node_modules && npm install',
  );
  process.exit(1);
}
