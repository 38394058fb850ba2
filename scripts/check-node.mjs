// Runs after `npm install` (postinstall). Two Nodes take part: the machine's runs npm itself (the
// README asks for ≥ 20.19), and the pinned Node 24 (the `node` dev dependency) runs every npm
// script, the app and the tests. Dependencies that ask for Node 22 or 24 only ever run on the
// pinned one, so npm's EBADENGINE warnings about the machine's Node are noise: `.npmrc` keeps
// install output to errors, and this prints the one line that matters.
const pinned = process.versions.node;
const installer = /node\/v?(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
const [major, minor] = (installer ?? '0.0.0').split('.').map(Number);

if (installer && (major < 20 || (major === 20 && minor < 19))) {
  console.error(
    `Kadr installs with Node 20.19 or newer; this npm runs on Node ${installer}. Upgrade Node, then: rm -rf node_modules && npm install`,
  );
  process.exit(1);
}
// If the `node` dependency's install script was skipped, npm falls back to the machine's Node and
// `.ts` entry points fail obscurely later: say so now.
if (Number(pinned.split('.')[0]) !== 24) {
  console.error(
    `Kadr needs Node 24 for its npm scripts, but they run on Node ${pinned}.\n` +
      'The `node` dev dependency provides it; reinstall without --ignore-scripts: rm -rf node_modules && npm install',
  );
  process.exit(1);
}
console.info(
  `Kadr: installed${installer ? ` with Node ${installer}` : ''}; the app, tests and scripts run on the pinned Node ${pinned}.`,
);
