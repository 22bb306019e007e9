// Fails fast when npm scripts run on the system Node instead of the pinned one (an install with
// --ignore-scripts skips the `node` package's setup and leaves the system Node in charge).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Souk needs Node 24 (pinned in devDependencies) but this is Node ${process.versions.node}.\n` +
      'Run "npm ci" without --ignore-scripts so npm scripts use the pinned Node.',
  );
  process.exit(1);
}
