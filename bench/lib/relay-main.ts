/**
 * The floor of any relaying server on this machine: a bare Node HTTP server that forwards each
 * request to the simulator and pipes the reply's bytes back, with no auth, storage, parsing or
 * framing. What it loses against the direct path is the cost of the extra hop itself.
 */
import http from 'node:http';

const target = new URL(process.env.RELAY_TARGET ?? '');
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const server = http.createServer((req, res) => {
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: `${target.pathname.replace(/\/$/, '')}/chat/completions`, method: 'POST', headers: req.headers, agent },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
