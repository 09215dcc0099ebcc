// `npm start`: build what is not built, then run the compiled server in this very process, so
// one Node process serves (npm stays as the launcher). The server handles SIGTERM and SIGINT
// itself (apps/server/src/main.ts): there is no child to forward them to.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, serverMain } from './build-server-if-stale.mjs';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { ensureSandbox } from './ensure-sandbox.mjs';
import { ensureSpeechEngines } from './ensure-speech-engines.mjs';
import { root } from './run.mjs';

ensureSpeechEngines();
ensureSandbox();
// WEB_DIST names a web app built elsewhere (or none): this one is not built then.
if (!process.env.WEB_DIST) buildWebIfStale();
buildServerIfStale();
// .env and the default ./data are found from the repository root, wherever this was started.
process.chdir(root);
await import(pathToFileURL(serverMain).href);
