import Fastify from 'fastify';

/** Baseline: the Fastify ceiling (no logger, no plugins). */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
