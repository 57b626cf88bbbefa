// @ts-check
// The benchmarks' reference: a bare Fastify hello-world, in a process of its own (bench/run.mjs forks
// it), so it does not share an event loop with the load generator. Sends its URL to the parent.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url });
// The parent going away (or closing the channel) ends the reference too.
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
