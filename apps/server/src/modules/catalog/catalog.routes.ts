import { listModels, type ModelType, priceOf, tokenPackages } from '@kadr/catalog';
import {
  estimateImageBodySchema,
  estimateResponseSchema,
  estimateVideoBodySchema,
  modelListQuerySchema,
  modelListSchema,
  packageListQuerySchema,
  packageListSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { validationProblem } from '../../lib/problem.ts';
import type { ModelSwitchService } from './model-switch.service.ts';
import { validateForType } from './request-validation.ts';

/**
 * Models, token packages and cost estimates: all read from the catalogue package. The model list
 * leaves out the models an operator switched off.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  modelSwitches: Pick<ModelSwitchService, 'off'>;
}> = async (app, { modelSwitches }) => {
  app.get(
    '/api/models',
    {
      schema: {
        tags: ['catalogue'],
        querystring: modelListQuerySchema,
        response: { 200: modelListSchema },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const off = await modelSwitches.off();
      return {
        items: listModels(request.query.type)
          .filter((model) => !off.has(model.id))
          .map((model) => ({
            id: model.id,
            name: model.name,
            description: model.description[locale],
          })),
      };
    },
  );

  app.get(
    '/api/packages',
    {
      schema: {
        tags: ['catalogue'],
        querystring: packageListQuerySchema,
        response: { 200: packageListSchema },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      return {
        items: tokenPackages[request.query.currency].map((item) => ({
          ...item,
          name: item.name[locale],
          description: item.description[locale],
        })),
      };
    },
  );

  const estimate = (
    type: ModelType,
    body: { model: string; prompt: string; parameters: Record<string, unknown>; duration?: number },
  ) => {
    const checked = validateForType(type, body.model, {
      prompt: body.prompt,
      parameters: body.parameters,
      duration: body.duration ?? 0,
    });
    if (checked.outcome === 'invalid') throw validationProblem(checked.errors);
    return { estimation: priceOf(body.model, checked.value) };
  };

  const responses = { 200: estimateResponseSchema, 400: problemSchema };

  app.post(
    '/api/estimate-image',
    { schema: { tags: ['catalogue'], body: estimateImageBodySchema, response: responses } },
    async (request) => estimate('image', request.body),
  );

  app.post(
    '/api/estimate-video',
    { schema: { tags: ['catalogue'], body: estimateVideoBodySchema, response: responses } },
    async (request) => estimate('video', request.body),
  );
};
