// The yardstick: a bare Fastify route answering the same JSON as our estimate endpoint.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/estimate-video', async () => ({ estimation: 150 }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
