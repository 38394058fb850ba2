import { getModel, listModels, type ModelType, priceOf, tokenPackages } from '@kadr/catalog';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { validationProblem } from '../../lib/problem.ts';
import type { ModelSwitchService } from './model-switch.service.ts';
import { validateForType } from './request-validation.ts';

/**
 * A finishing tool's estimate, or a talking character's: its price depends on the source picture's
 * size (the recording's length), which only the signed-in person's own files say, so the
 * generations module prices it (the figure its create charges) and answers its refusals.
 */
export type ToolEstimator = (
  request: FastifyRequest,
  type: ModelType,
  body: Record<string, unknown>,
) => Promise<number>;

/**
 * Models, token packages and cost estimates: all read from the catalogue package (a tool's through
 * `estimateTool`). The model list leaves out the models an operator switched off.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  modelSwitches: Pick<ModelSwitchService, 'off'>;
  estimateTool: ToolEstimator;
}> = async (app, { modelSwitches, estimateTool }) => {
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

  const estimate = async (
    request: FastifyRequest,
    type: ModelType,
    body: { model: string; prompt: string; parameters: Record<string, unknown>; duration?: number },
  ) => {
    // A tool's price follows its source picture's size, a talking character's its recording's
    // length: both only the stored files tell, so the generations' own quote prices them.
    const model = getModel(body.model);
    if (model?.tool !== undefined || model?.speech !== undefined) {
      return { estimation: await estimateTool(request, type, body) };
    }
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
    {
      schema: {
        tags: ['catalogue'],
        description:
          'The catalogue price of an image request. A finishing tool is priced from its source ' +
          'picture (the person must be signed in and own it), exactly as its create charges.',
        body: estimateImageBodySchema,
        response: { ...responses, 401: problemSchema },
      },
    },
    async (request) => estimate(request, 'image', request.body),
  );

  app.post(
    '/api/estimate-video',
    { schema: { tags: ['catalogue'], body: estimateVideoBodySchema, response: responses } },
    async (request) => estimate(request, 'video', request.body),
  );
};
