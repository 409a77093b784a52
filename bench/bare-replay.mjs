// The baseline for bench/api.mjs: a bare node:http server that answers from memory with the bytes and headers the
// API gave for the same request (recorded once by api.mjs into a JSON file named on the command line). Whatever
// the API costs on top of this is the price of routing, validation, the database and serialisation; the bare
// server still reads each request body, as the API must, so POST paths are compared like for like.
//
// File shape: { "routes": { "<METHOD> <path>": { "status": 200, "headers": {…}, "body": "<base64>" } },
//               "fallback": "<METHOD> <path>" | null }   (fallback answers any request not listed, e.g. GET /)
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [routesFile] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(routesFile, 'utf8'));
const answers = new Map();
for (const [key, answer] of Object.entries(spec.routes)) {
  const body = Buffer.from(answer.body, 'base64');
  answers.set(key, { status: answer.status, headers: { ...answer.headers, 'content-length': body.length }, body });
}
const fallback = spec.fallback ? answers.get(spec.fallback) : null;

const server = http.createServer((request, response) => {
  const key = `${request.method} ${request.url.split('?')[0]}`;
  const answer = answers.get(key) ?? fallback;
  // Drain the request body before answering, as a JSON API has to before it can parse it.
  request.resume();
  request.on('end', () => {
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
});
// Same keep-alive as the API (Fastify's default), so neither side closes the benchmark's sockets.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
