// The yardstick: a bare Fastify route answering the same JSON as our estimate endpoint.
import Fastify from 'fastify';
import { benchPort } from '../ports.ts';

const app = Fastify({ logger: false });
app.post('/api/estimate-video', async () => ({ estimation: 150 }));
// The same route after `us` microseconds of busy work: the machine's yardstick for the ratios
// (run.ts's `bare-route-plus-work`). What a few microseconds more per request cost here depends on
// the machine — on some, an answer's write costs more when the load generator has idled meanwhile.
app.post<{ Params: { us: string } }>('/api/estimate-video/after/:us', async (request) => {
  const until = performance.now() + Number(request.params.us) / 1000;
  while (performance.now() < until) {
    // busy on purpose
  }
  return { estimation: 150 };
});
app.post('/api/create-image', async () => ({
  request_id: '0b5e8f0e-5d1c-4a36-9a63-3f4b1f1f9c11',
  prediction_id: null,
  status: 'pending',
}));
// A v1 create's answer (a pending generation), of the same size as ours.
const v1Generation = JSON.stringify({
  id: '0b5e8f0e-5d1c-4a36-9a63-3f4b1f1f9c11',
  model: 'seedream-3',
  type: 'image',
  status: 'pending',
  cost: 3,
  refunded: false,
  prompt: 'a lighthouse at dawn',
  parameters: { aspect_ratio: '1:1', seed: null, size: 'regular', guidance_scale: 2.5 },
  error: null,
  outputs: [],
  source_id: null,
  key_id: '5c3e1f0a-9b8d-4c7e-a6f5-e4d3c2b1a098',
  created: new Date().toISOString(),
  updated: new Date().toISOString(),
});
app.post('/api/v1/generations', async (_request, reply) =>
  reply.code(201).type('application/json').send(v1Generation),
);
// The same page as the history list answers for the bench's historian (12 finished generations,
// each with its stored output and preview), built and serialised once: what a route costs with no
// work at all.
const person = '3f0c6d3e-6a43-4b8e-9d0e-6f1f5c0b8a21';
const page = JSON.stringify({
  page: 1,
  perPage: 12,
  totalItems: 100_000,
  totalPages: 8334,
  items: Array.from({ length: 12 }, (_, n) => {
    const i = n + 1;
    const video = i % 3 === 0;
    const id = `0b5e8f0e-5d1c-4a36-9a63-${String(i).padStart(12, '0')}`;
    const fileId = `7c1d2e3f-4a5b-4c6d-8e7f-${String(i).padStart(12, '0')}`;
    const previewId = `9a8b7c6d-5e4f-4a3b-8c2d-${String(i).padStart(12, '0')}`;
    const at = new Date(Date.now() - i * 1000).toISOString();
    const ext = video ? 'mp4' : 'jpg';
    return {
      id,
      created: at,
      updated: at,
      user: person,
      error: '',
      model: video ? 'seedance-lite' : 'seedream-3',
      type: video ? 'video' : 'image',
      replicate_id: `bench${i}`,
      status: 'completed',
      cost: video ? 20 : 3,
      jsondata: {
        type: video ? 'video' : 'image',
        input: { aspect_ratio: '16:9' },
        output: [`/api/files/${fileId}/0.${ext}`],
        prompt: `a lighthouse at dawn, number ${i}`,
        translate_prompt: false,
      },
      output_files: [fileId],
      expand: {
        output_files: [
          {
            id: fileId,
            file: `0.${ext}`,
            url: `/api/files/${fileId}/0.${ext}`,
            download_url: `/api/files/${fileId}/0.${ext}?download=1`,
            thumbnail: `/api/files/${previewId}/0.preview.webp`,
            mime: video ? 'video/mp4' : 'image/jpeg',
            width: 1280,
            height: 720,
            duration_ms: video ? 5000 : null,
          },
        ],
      },
    };
  }),
});
app.get('/api/generations', async (_request, reply) => reply.type('application/json').send(page));
await app.listen({ host: '127.0.0.1', port: benchPort(1) });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
