// The baseline for bench/campaigns.mjs: a bare node:http server that answers every request with the same bytes
// (read from a file given on the command line) from memory. Whatever the API costs on top of this is the
// price of routing, validation, the database query and serialisation.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
