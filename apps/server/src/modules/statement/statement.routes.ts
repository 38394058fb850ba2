import { Readable } from 'node:stream';
import {
  ledgerCsvQuerySchema,
  ledgerCsvSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { requireUser } from '../auth/index.ts';
import { type StatementService, statementZone } from './statement.service.ts';

export interface StatementRoutesOptions {
  statement: StatementService;
}

/** The signed-in person's token statement: a page of it, or all of it as CSV. */
export const statementRoutes: FastifyPluginAsyncZod<StatementRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/ledger',
    {
      schema: {
        tags: ['ledger'],
        description:
          'A page of the person’s token statement, newest first: every credit and debit with the ' +
          'balance right after it.',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request) => options.statement.page(requireUser(request), request.query),
  );

  app.get(
    '/api/ledger.csv',
    {
      schema: {
        tags: ['ledger'],
        description:
          'The whole token statement as a CSV download that Excel and LibreOffice open as columns: ' +
          'UTF-8 with a BOM; in Russian `;`-separated with dd.mm.yyyy dates, in English ' +
          '`,`-separated with yyyy-mm-dd dates; times in `tz` (an IANA zone; else Moscow for ' +
          'Russian, UTC for English), named in the header. The language: `?lang`, the `lang` ' +
          'cookie, Accept-Language.',
        querystring: ledgerCsvQuerySchema,
        response: {
          200: {
            description: 'The statement as CSV.',
            content: { 'text/csv': { schema: ledgerCsvSchema } },
          },
          400: problemSchema,
          401: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const day = new Date().toISOString().slice(0, 10);
      // Fastify pipes a stream as it is; the typed `send` knows only the schema's text.
      const locale = requestLocale(request);
      const zone = statementZone(locale, request.query.tz);
      const body = Readable.from(options.statement.csv(user, locale, zone));
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="kadr-statement-${day}.csv"`)
        .send(body as unknown as string);
    },
  );
};
