import { readFileSync } from 'node:fs';
import Koa from 'koa';

/** The yardstick: plain Koa answering fixed bodies (JSON, or a page's HTML) from memory, per path. */
const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES!, 'utf8')) as Record<string, string>;
const app = new Koa();
app.use((ctx) => {
  const body = bodies[ctx.url];
  if (body === undefined) {
    ctx.status = 404;
    return;
  }
  ctx.type = body.startsWith('<') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  ctx.body = body;
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
