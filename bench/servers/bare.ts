// The yardstick: a bare Fastify route answering the same JSON as our estimate endpoint.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/estimate-video', async () => ({ estimation: 150 }));
app.post('/api/create-image', async () => ({
  request_id: '0b5e8f0e-5d1c-4a36-9a63-3f4b1f1f9c11',
  prediction_id: null,
  status: 'pending',
}));
// The same page shape as the history list, built once: what a route costs with no work at all.
const page = JSON.stringify({
  page: 1,
  perPage: 12,
  totalItems: 100_000,
  totalPages: 8334,
  items: Array.from({ length: 12 }, (_, i) => ({
    id: String(i),
    status: 'completed',
    prompt: `p${i}`,
  })),
});
app.get('/api/generations', async (_request, reply) => reply.type('application/json').send(page));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
